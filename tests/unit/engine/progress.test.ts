/**
 * Progress comes from the engine's reads: on multi-megabyte generated files of the families whose
 * analysis reads much of the file, the fractions only grow, end at 1, come at most a few hundred
 * times, and aborting mid-scan ends the clean as `cancelled`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  cleanPlan,
  planToBlob,
  type RandomAccess,
} from '../../../workers/engine';
import { PROGRESS_STEP } from '../../../workers/engine/progress';
import { id3v2Tag } from '../../helpers/audio-tags';
import { convert, tempDir, blobOf } from '../../helpers/image-tools';
import { buildPdf, type PdfBody } from '../../helpers/pdf-fixtures';

const CANARY = 'QZPROGRESSCANARYQZ';
const MB = 1024 * 1024;
/** A few hundred: one call per step of the bar, and the last. */
const MAX_CALLS = Math.ceil(1 / PROGRESS_STEP) + 1;

const latin1 = (s: string) => Buffer.from(s, 'latin1');

/** Entropy-coded filler: no 0xFF byte, so no marker, however long. */
function filler(bytes: number): Buffer {
  return Buffer.alloc(bytes, 0x55);
}

/** A real small JPEG with a comment, its entropy-coded data stretched to `bytes` more. */
function bigJpeg(bytes: number): Uint8Array {
  const path = join(tempDir('progress'), 'small.jpg');
  convert(['-size', '64x64', 'xc:gray', '-set', 'comment', CANARY, path]);
  const jpeg = readFileSync(path);
  const sos = jpeg.indexOf(Buffer.from([0xff, 0xda]));
  const dataStart = sos + 2 + jpeg.readUInt16BE(sos + 2);
  return new Uint8Array(
    Buffer.concat([
      jpeg.subarray(0, dataStart),
      filler(bytes),
      jpeg.subarray(dataStart),
    ]),
  );
}

/** A GIF89a of one image whose data runs `bytes` long, with a comment extension to remove. */
function bigGif(bytes: number): Uint8Array {
  const comment = latin1(CANARY);
  const subBlocks: Buffer[] = [];
  for (let left = bytes; left > 0; left -= 255) {
    const n = Math.min(255, left);
    subBlocks.push(Buffer.from([n]), filler(n));
  }
  return new Uint8Array(
    Buffer.concat([
      latin1('GIF89a'),
      // 1x1 screen, no global colour table.
      Buffer.from([1, 0, 1, 0, 0, 0, 0]),
      Buffer.from([0x21, 0xfe, comment.length]),
      comment,
      Buffer.from([0]),
      // Image descriptor at 0,0, 1x1, a 2-entry local colour table, LZW minimum code size 2.
      Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0x80, 0, 0, 0, 255, 255, 255]),
      Buffer.from([2]),
      ...subBlocks,
      Buffer.from([0, 0x3b]),
    ]),
  );
}

/** MPEG-1 Layer III frames, 128 kbit/s at 44.1 kHz (417 bytes each), behind an ID3v2 tag. */
function bigMp3(bytes: number): Uint8Array {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x00]);
  const frames = Array.from({ length: Math.ceil(bytes / 417) }, () => frame);
  return new Uint8Array(
    Buffer.concat([id3v2Tag(3, [['TIT2', CANARY]]), ...frames]),
  );
}

/** A one-page PDF with an /Info title and many content streams adding up to `bytes`. */
function bigPdf(bytes: number): Uint8Array {
  const streams = 64;
  const each = Math.ceil(bytes / streams);
  const bodies = new Map<number, PdfBody>([
    [1, '<< /Type /Catalog /Pages 2 0 R >>'],
    [2, '<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 612 792] >>'],
    [
      3,
      `<< /Type /Page /Parent 2 0 R /Contents [${Array.from(
        { length: streams },
        (_, i) => `${10 + i} 0 R`,
      ).join(' ')}] >>`,
    ],
    [4, `<< /Title (${CANARY}) >>`],
  ]);
  const content = latin1('0 0 m 1 1 l S\n'.repeat(Math.ceil(each / 14)));
  for (let i = 0; i < streams; i++)
    bodies.set(10 + i, { dict: '', data: content });
  return buildPdf(bodies, '/Root 1 0 R /Info 4 0 R');
}

const FAMILIES: [string, () => Uint8Array][] = [
  ['jpeg', () => bigJpeg(12 * MB)],
  ['gif', () => bigGif(6 * MB)],
  ['mp3', () => bigMp3(6 * MB)],
  ['pdf', () => bigPdf(6 * MB)],
];

async function cleanedWithProgress(input: Uint8Array) {
  const fractions: number[] = [];
  const result = await cleanPlan(blobOf(input), {
    onProgress: (f) => fractions.push(f),
  });
  const output = Buffer.from(
    await (await planToBlob(blobOf(input), result.plan)).arrayBuffer(),
  );
  return { fractions, output };
}

describe('progress from the reads', () => {
  it.each(FAMILIES)(
    '%s: grows, ends at 1, a few hundred calls at most',
    async (_format, make) => {
      const input = make();
      expect(input.length).toBeGreaterThan(5 * MB);
      expect(Buffer.from(input).includes(latin1(CANARY))).toBe(true);
      const { fractions, output } = await cleanedWithProgress(input);
      expect(output.includes(latin1(CANARY))).toBe(false);
      expect(fractions.at(-1)).toBe(1);
      expect(fractions.filter((f) => f === 1)).toHaveLength(1);
      expect(fractions.length).toBeLessThanOrEqual(MAX_CALLS);
      for (const [i, f] of fractions.entries()) {
        expect(f).toBeGreaterThan(i === 0 ? 0 : fractions[i - 1]!);
        expect(f).toBeLessThanOrEqual(1);
      }
    },
  );

  it('shows the JPEG entropy scan moving before the end', async () => {
    const { fractions } = await cleanedWithProgress(bigJpeg(40 * MB));
    expect(fractions.filter((f) => f > 0 && f < 0.5).length).toBeGreaterThan(3);
  });

  it('counts the scan of a photo inside a PDF towards the PDF', async () => {
    const photo = bigJpeg(24 * MB);
    const input = buildPdf(
      new Map<number, PdfBody>([
        [1, '<< /Type /Catalog /Pages 2 0 R >>'],
        [2, '<< /Type /Pages /Kids [3 0 R] /Count 1 /MediaBox [0 0 64 64] >>'],
        [
          3,
          '<< /Type /Page /Parent 2 0 R /Resources << /XObject << /Im1 4 0 R >> >> >>',
        ],
        [
          4,
          {
            dict: '/Type /XObject /Subtype /Image /Width 64 /Height 64 /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode',
            data: photo,
          },
        ],
      ]),
      '/Root 1 0 R',
    );
    expect(Buffer.from(input).includes(latin1(CANARY))).toBe(true);
    const { fractions, output } = await cleanedWithProgress(input);
    expect(output.includes(latin1(CANARY))).toBe(false);
    expect(fractions.filter((f) => f > 0 && f < 0.5).length).toBeGreaterThan(3);
    expect(fractions.at(-1)).toBe(1);
  });

  it.each(FAMILIES)(
    '%s: aborting mid-scan ends as cancelled',
    async (_format, make) => {
      const input = blobOf(make());
      const controller = new AbortController();
      const seen: number[] = [];
      const cancelling = cleanPlan(input, {
        signal: controller.signal,
        onProgress: (f) => {
          seen.push(f);
          if (f > 0 && f < 1) controller.abort();
        },
      });
      await expect(cancelling).rejects.toMatchObject({ code: 'cancelled' });
      expect(seen.every((f) => f < 1)).toBe(true);
    },
  );

  it('stops a JPEG scan cancelled from outside while its reads are under way', async () => {
    const bytes = bigJpeg(40 * MB);
    const controller = new AbortController();
    let reads = 0;
    // A slow disk: each read resolves later, and the visitor presses Cancel during the scan.
    const slow: RandomAccess = {
      size: bytes.length,
      read: (offset, length) =>
        new Promise((resolve) => {
          reads += 1;
          if (reads === 4) setTimeout(() => controller.abort(), 0);
          setTimeout(() => resolve(bytes.subarray(offset, offset + length)), 2);
        }),
    };
    await expect(
      cleanPlan(slow, { signal: controller.signal, onProgress: () => {} }),
    ).rejects.toMatchObject({ code: 'cancelled' });
    // Stopped at the next read: nowhere near the ten 4 MB chunks of the whole scan.
    expect(reads).toBeLessThan(8);
  });
});
