/**
 * The CLI's checked copy: a photo's image data taken on trust by the analysis and proven by the
 * write as it copies it. A claim the write finds wrong must leave the same output and report as a
 * clean that reads the image data first.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openFileAccess } from '../../../cli/file-access';
import { nodeCodecs } from '../../../cli/node-codecs';
import { CheckedCopy } from '../../../workers/engine/checked-copy';
import { CLAIMED_SCAN_MIN_BYTES } from '../../../workers/engine/formats/jpeg/scan-claim';
import {
  cleanPlan,
  lendHostCodecs,
  planBytes,
} from '../../../workers/engine/index';
import { jsonLines, runCli } from '../../helpers/cli-run';
import { IMAGE_CANARIES } from '../../helpers/image-exif-builder';
import { canaryJpeg } from '../../helpers/image-fixtures';
import { convert, tempDir } from '../../helpers/image-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { buildPdf, type PdfBody } from '../../helpers/pdf-fixtures';
import { CANARY } from '../../helpers/image-exif-builder';
import { jpegScanBytes } from '../../helpers/jpeg-scans';

/** A baseline photo of noise whose one scan is longer than the claimed minimum. */
function largePhoto(dir: string): Uint8Array {
  const path = join(dir, 'large.jpg');
  convert([
    '-size',
    '900x900',
    'xc:',
    '+noise',
    'Random',
    '-quality',
    '95',
    path,
  ]);
  const bytes = new Uint8Array(readFileSync(path));
  expect(jpegScanBytes(bytes).length).toBeGreaterThan(CLAIMED_SCAN_MIN_BYTES);
  return bytes;
}

const FILE_ID = /\/ID\s*\[\s*<[0-9a-fA-F]*>\s*<[0-9a-fA-F]*>\s*\]/g;

/** An APP1 EXIF segment with the canary as Artist, written by exiftool into a small photo. */
function app1Gps(dir: string): Buffer {
  const bytes = readFileSync(canaryJpeg(dir, 'exif-source.jpg'));
  const at = bytes.indexOf('Exif\0\0', 0, 'latin1') - 4;
  expect([bytes[at], bytes[at + 1]]).toEqual([0xff, 0xe1]);
  return bytes.subarray(at, at + 2 + bytes.readUInt16BE(at + 2));
}

/** A one-page PDF that draws `photo` as its DCTDecode image. */
function pdfOfPhoto(photo: Uint8Array): Uint8Array {
  return buildPdf(
    new Map<number, PdfBody>([
      [1, '<< /Type /Catalog /Pages 2 0 R >>'],
      [2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
      [
        3,
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 900 900] /Contents 4 0 R /Resources << /XObject << /Im1 5 0 R >> >> >>',
      ],
      [4, { dict: '', data: Buffer.from('q 900 0 0 900 0 0 cm /Im1 Do Q') }],
      [
        5,
        {
          dict: '/Type /XObject /Subtype /Image /Width 900 /Height 900 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode',
          data: photo,
        },
      ],
    ]),
    '/Root 1 0 R',
  );
}

/** The ranges the CLI's clean of `file` claims, as its analysis makes them. */
async function claimsMade(file: string) {
  lendHostCodecs(nodeCodecs());
  const access = await openFileAccess(file);
  const claims = new CheckedCopy(access);
  try {
    await cleanPlan(access, { checkedCopy: claims });
  } finally {
    await access.close();
    lendHostCodecs({});
  }
  return claims.ranges;
}

/** The classic clean: every byte of the image data read by the analysis before the plan. */
async function cleanedReadingFirst(bytes: Uint8Array) {
  const { plan, removed } = await cleanPlan(
    new Blob([bytes as Uint8Array<ArrayBuffer>]),
  );
  return { bytes: await planBytes(bytes, plan), removed };
}

describe('metaclean with a checked copy', () => {
  it('cleans a photo whose claimed image data turns out to hold a tagged photo after its end exactly as a clean that reads it first', async () => {
    const dir = tempDir('metaclean-checked-');
    // An appended photo with every canary, after the large photo's EOI: the file still ends in
    // EOI, so the analysis claims all of it as the large photo's scan, and the write finds the
    // large photo's own EOI inside the claim.
    const tagged = readFileSync(canaryJpeg(dir, 'tagged.jpg'));
    const input = Buffer.concat([largePhoto(dir), tagged]);
    const file = join(dir, 'joined.jpg');
    writeFileSync(file, input);
    const claims = await claimsMade(file);
    expect(claims).toHaveLength(1);
    expect(claims[0]!.end).toBe(input.length - 2);

    const out = join(dir, 'out.jpg');
    const run = await runCli(['--json', '-o', out, file]);

    expect(run.code).toBe(0);
    const output = readFileSync(out);
    expectNoLeaks(input, output, IMAGE_CANARIES);
    const expected = await cleanedReadingFirst(new Uint8Array(input));
    expect(output.equals(expected.bytes)).toBe(true);
    const [report] = jsonLines(run.stdout);
    const said = (f: { field?: string; location: string }) =>
      `${f.field} at ${f.location}`;
    expect(
      (report!.removed as { field?: string; location: string }[]).map(said),
    ).toEqual(expected.removed.map(said));
  });
  it('cleans a PDF whose photo is claimed, and one whose claim the write finds wrong, exactly as a clean that reads them first', async () => {
    const dir = tempDir('metaclean-checked-pdf-');
    const large = largePhoto(dir);
    const tagged = readFileSync(canaryJpeg(dir, 'tagged.jpg'));
    for (const photo of [
      Buffer.concat([large.subarray(0, 2), app1Gps(dir), large.subarray(2)]),
      Buffer.concat([large, tagged]),
    ]) {
      const input = Buffer.from(pdfOfPhoto(photo));
      const file = join(dir, 'photo.pdf');
      writeFileSync(file, input);
      expect(await claimsMade(file)).toHaveLength(1);
      const out = join(dir, 'out.pdf');
      const run = await runCli(['--json', '--force', '-o', out, file]);

      expect(run.code).toBe(0);
      const output = readFileSync(out);
      expectNoLeaks(input, output, [CANARY]);
      const expected = await cleanedReadingFirst(new Uint8Array(input));
      // The file identifier is minted fresh each clean (ISO 32000-1 14.4).
      const unminted = (b: Uint8Array) =>
        Buffer.from(b).toString('latin1').replace(FILE_ID, '/ID');
      expect(unminted(output)).toBe(unminted(expected.bytes));
    }
  });
});
