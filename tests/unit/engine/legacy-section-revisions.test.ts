// A section whose layout changed while Word tracked changes keeps who changed it and when in its
// properties ([MS-DOC] 2.6.4 sprmSPropRMark, in the Sepx the section table names). The runs and
// the piece table were read for tracked changes, the sections not: such a file was cleaned with
// exit 0, the date kept. It is now refused as the other tracked changes are.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan, isEngineError } from '../../../workers/engine';
import { writeCfb } from '../../helpers/cfb-writer';
import { tempDir } from '../../helpers/image-tools';
import {
  convert,
  LEGACY_KEPT_TEXT,
  legacyOfficeFile,
  oleStreams,
} from '../../helpers/legacy-office-fixtures';
import {
  sectionMark,
  withSectionSprm,
} from '../../helpers/section-mark-fixtures';

const SOFFICE_TEST_MS = 600_000;

async function outcome(bytes: Uint8Array): Promise<string> {
  try {
    await cleanPlan(new Blob([bytes as Uint8Array<ArrayBuffer>]));
    return 'cleaned';
  } catch (error) {
    if (!isEngineError(error)) throw error;
    return error.code;
  }
}

describe('a .doc whose section keeps a tracked change of its layout', () => {
  const dir = tempDir('legacy-section-revisions');
  let doc: Uint8Array;
  beforeAll(() => {
    doc = readFileSync(legacyOfficeFile(dir, 'doc'));
  }, SOFFICE_TEST_MS);

  it(
    'holds the mark where olefile reads the document stream, and LibreOffice reads its text',
    () => {
      const marked = withSectionSprm(doc, dir, sectionMark(true));
      const path = join(dir, 'marked.doc');
      writeFileSync(path, marked);
      expect(
        oleStreams(path).get('WordDocument')!.includes(sectionMark(true)),
      ).toBe(true);
      expect(readFileSync(convert(dir, 'txt:Text', path), 'utf8')).toContain(
        LEGACY_KEPT_TEXT,
      );
    },
    SOFFICE_TEST_MS,
  );

  it('is refused as tracked changes', async () => {
    const marked = withSectionSprm(doc, dir, sectionMark(true));
    expect(await outcome(marked)).toBe('tracked-changes');
  });

  it('cleans when the mark is off, and when the section has none', async () => {
    expect(await outcome(withSectionSprm(doc, dir, sectionMark(false)))).toBe(
      'cleaned',
    );
    expect(await outcome(withSectionSprm(doc, dir, Buffer.alloc(0)))).toBe(
      'cleaned',
    );
  });

  it('says a section whose properties run past the stream is corrupt', async () => {
    const marked = Buffer.from(withSectionSprm(doc, dir, sectionMark(true)));
    const path = join(dir, 'cut.doc');
    writeFileSync(path, marked);
    const streams = oleStreams(path);
    const word = streams.get('WordDocument')!;
    streams.set('WordDocument', word.subarray(0, word.length - 4));
    const cut = writeCfb(
      [...streams].map(([name, data]) => ({ path: name.split('/'), data })),
    ).bytes;
    expect(await outcome(cut)).toBe('corrupt');
  });
});
