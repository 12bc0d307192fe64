import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ByteSource } from '../../../workers/engine/byte-source';
import type { AnalysisContext } from '../../../workers/engine/format-module';
import { legacyOffice } from '../../../workers/engine/formats/legacy-office';
import { planBytes } from '../../../workers/engine/output-plan';
import { tempDir } from '../../helpers/image-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import {
  embeddedOleStream,
  linkedOleStream,
  oleObject,
} from '../../helpers/legacy-ole-fixtures';
import { oleStreams } from '../../helpers/legacy-office-fixtures';

const OLE = '\u0001Ole';
const EMBEDDED_FROM = 'C:\\Users\\CANARY_EMBED_USER\\Documents\\budget.xlsx';
const RELATIVE = '..\\CANARY_REL_FOLDER\\budget.xlsx';
const ABSOLUTE = 'C:\\Users\\CANARY_LINK_USER\\Documents\\budget.xlsx';
const DISPLAY = 'C:\\Users\\CANARY_DISPLAY_USER\\budget.xlsx!Sheet1!R1C1';

/** An OLE object as a container hands it over: nested, cleaned where it lies. */
async function clean(bytes: Uint8Array) {
  const blob = new Blob([bytes as Uint8Array<ArrayBuffer>]);
  const ctx = { depth: 1, nested: {} } as unknown as AnalysisContext;
  const analysis = await legacyOffice.analyze(
    new ByteSource(blob),
    legacyOffice.sniff(bytes)!,
    ctx,
  );
  return {
    findings: analysis.findings,
    output: await planBytes(bytes, await analysis.plan()),
  };
}

/** The `\001Ole` stream as olefile reads it from a file written in `dir`. */
function oleStream(dir: string, name: string, bytes: Uint8Array): Buffer {
  writeFileSync(join(dir, name), bytes);
  return oleStreams(join(dir, name)).get(OLE)!;
}

describe('an OLE object\u2019s \\001Ole stream', () => {
  it('blanks the moniker naming the file an object was embedded from', async () => {
    const dir = tempDir('legacy-ole-embedded');
    const input = oleObject(embeddedOleStream(EMBEDDED_FROM));
    const before = oleStream(dir, 'in.bin', input);
    expect(before.includes(EMBEDDED_FROM)).toBe(true);
    const { findings, output } = await clean(input);
    const after = oleStream(dir, 'out.bin', output);
    expect(after.length).toBe(before.length);
    expect(after.subarray(0, 20)).toEqual(before.subarray(0, 20));
    expectNoLeaks(input, output, ['CANARY_EMBED_USER']);
    expect(findings.find((f) => f.label === 'embedded from')?.value).toContain(
      EMBEDDED_FROM,
    );
  });

  for (const ownSize of [false, true])
    it(`blanks a link's monikers, display name and times, keeping its structure${ownSize ? ' (sizes counting themselves)' : ''}`, async () => {
      const dir = tempDir('legacy-ole-linked');
      const stream = linkedOleStream(RELATIVE, ABSOLUTE, DISPLAY, { ownSize });
      const input = oleObject(stream);
      const before = oleStream(dir, 'in.bin', input);
      for (const path of [RELATIVE, ABSOLUTE])
        expect(before.includes(path)).toBe(true);
      expect(before.includes(Buffer.from(DISPLAY, 'utf16le'))).toBe(true);
      const { findings, output } = await clean(input);
      const after = oleStream(dir, 'out.bin', output);
      // Flags, sizes and the class id indicator stay where they were.
      expect(after.length).toBe(before.length);
      expect(after.subarray(0, 24)).toEqual(before.subarray(0, 24));
      expect(after.includes(Buffer.from('ffffffff', 'hex'))).toBe(true);
      expect(after.includes(Buffer.from('00c0e6a4e010d701', 'hex'))).toBe(
        false,
      );
      expectNoLeaks(input, output, [
        'CANARY_REL_FOLDER',
        'CANARY_LINK_USER',
        'CANARY_DISPLAY_USER',
      ]);
      expect(findings.find((f) => f.label === 'link source')?.value).toContain(
        ABSOLUTE,
      );
    });

  it('refuses a link whose fields it cannot place', async () => {
    const input = oleObject(
      linkedOleStream(RELATIVE, ABSOLUTE, DISPLAY, { damaged: true }),
    );
    await expect(clean(input)).rejects.toMatchObject({ code: 'unclean' });
  });
});
