/**
 * Content hashes (workers/engine/content-hash): the SHA-256 the engine gives each content part
 * equals one this test computes from the content it locates with its own reader (a JPEG marker
 * walk, an MP4 box walk, qpdf's decoded page streams), in the original and the clean copy, and
 * changes when the test changes one byte of that content.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  compareContent,
  hashContent,
  type ContentHashes,
  type Sha256Host,
} from '../../../workers/engine/content-hash';
import { corpusFile, itCorpus } from '../../helpers/corpus';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import {
  CANARY as HEIF_CANARY,
  taggedImage,
} from '../../helpers/isobmff-fixtures';
import { convert, exiftoolWrite } from '../../helpers/image-tools';
import { gpsJpeg, syntheticDocx } from '../../helpers/office-fixtures';
import { buildPdf, run, type PdfBody } from '../../helpers/pdf-fixtures';
import {
  blobOf,
  cleanFile,
  ffmpeg,
  fileBytes,
  tempDir,
  TEST_AUDIO,
  TEST_VIDEO,
} from '../../helpers/video-tools';

const CANARY = 'QZHASHCANARYQZ';

const sha256 = (bytes: Uint8Array): string =>
  createHash('sha256').update(bytes).digest('hex');

/** The host the CLI lends, written again here: node:crypto fed piece by piece. */
const host: Sha256Host = {
  maxBytes: Number.POSITIVE_INFINITY,
  async sha256(pieces) {
    const hash = createHash('sha256');
    for await (const piece of pieces) hash.update(piece);
    return hash.digest('hex');
  },
};

const hashesOf = (bytes: Uint8Array): Promise<ContentHashes> =>
  hashContent(blobOf(bytes), host);

/** The only part's hash, failing when the file has another number of parts. */
function onlyHash(h: ContentHashes): string {
  expect(h.error).toBeUndefined();
  expect(h.parts).toHaveLength(1);
  return h.parts[0]!.sha256!;
}

/** The test's own JPEG reader: entropy-coded data after each SOS up to the next real marker. */
function jpegScanData(bytes: Uint8Array): { data: Uint8Array; at: number[] } {
  const chunks: Uint8Array[] = [];
  const at: number[] = [];
  let i = 2;
  while (i < bytes.length) {
    while (bytes[i + 1] === 0xff) i++;
    const marker = bytes[i + 1]!;
    if (marker === 0xd9) break;
    const length = (bytes[i + 2]! << 8) | bytes[i + 3]!;
    i += 2 + length;
    if (marker !== 0xda) continue;
    let end = i;
    while (!(
      bytes[end] === 0xff &&
      bytes[end + 1] !== 0 &&
      !(bytes[end + 1]! >= 0xd0 && bytes[end + 1]! <= 0xd7)
    ))
      end++;
    chunks.push(bytes.subarray(i, end));
    at.push(i);
    i = end;
  }
  return { data: Buffer.concat(chunks), at };
}

/** The test's own MP4 reader: the payload of each top-level `mdat` box (32-bit sizes). */
function mdatPayload(bytes: Uint8Array): { data: Uint8Array; start: number } {
  const view = Buffer.from(bytes);
  for (let at = 0; at + 8 <= view.length;) {
    const size = view.readUInt32BE(at);
    if (view.toString('latin1', at + 4, at + 8) === 'mdat')
      return { data: bytes.subarray(at + 8, at + size), start: at + 8 };
    at += size;
  }
  throw new Error('no mdat box');
}

/** Flips the low bit of a byte that neither is nor becomes a JPEG marker prefix. */
function flipSafely(bytes: Uint8Array, from: number): Uint8Array {
  const copy = bytes.slice();
  let at = from;
  while (copy[at]! >= 0xfe || copy[at - 1] === 0xff) at++;
  copy[at] = copy[at]! ^ 1;
  return copy;
}

describe('content hashes', () => {
  it('a JPEG: the scan data the test locates hashes the same in the engine, before and after cleaning, and one changed byte is caught', async () => {
    const dir = tempDir('content-hash-jpeg');
    const path = join(dir, 'photo.jpg');
    convert(['-size', '96x64', 'plasma:fractal', '-seed', '7', path]);
    exiftoolWrite(path, [`-Artist=${CANARY}`, `-XMP-dc:Creator=${CANARY}`]);
    const input = fileBytes(path);
    const cleaned = await cleanFile(path);
    expectNoLeaks(input, cleaned.bytes, [CANARY]);

    const expected = sha256(jpegScanData(input).data);
    expect(sha256(jpegScanData(cleaned.bytes).data)).toBe(expected);
    const [before, after] = [
      await hashesOf(input),
      await hashesOf(cleaned.bytes),
    ];
    expect(onlyHash(before)).toBe(expected);
    expect(onlyHash(after)).toBe(expected);
    expect(compareContent(before, after).identical).toBe(true);

    const scan = jpegScanData(cleaned.bytes);
    const changed = flipSafely(
      cleaned.bytes,
      scan.at[0]! + (scan.data.length >> 1),
    );
    const changedHashes = await hashesOf(changed);
    expect(onlyHash(changedHashes)).toBe(sha256(jpegScanData(changed).data));
    expect(onlyHash(changedHashes)).not.toBe(expected);
    const compared = compareContent(before, changedHashes);
    expect(compared.identical).toBe(false);
    expect(compared.parts[0]!.identical).toBe(false);
  });

  it('an MP4: the mdat payload the test locates hashes the same in the engine, before and after cleaning, and one changed byte is caught', async () => {
    const dir = tempDir('content-hash-mp4');
    const path = join(dir, 'clip.mp4');
    ffmpeg([
      ...TEST_VIDEO,
      '-t',
      '1',
      '-metadata',
      `title=${CANARY}`,
      '-movflags',
      '+faststart',
      path,
    ]);
    const input = fileBytes(path);
    const cleaned = await cleanFile(path);
    expectNoLeaks(input, cleaned.bytes, [CANARY]);

    const expected = sha256(mdatPayload(input).data);
    const [before, after] = [
      await hashesOf(input),
      await hashesOf(cleaned.bytes),
    ];
    expect(onlyHash(before)).toBe(expected);
    expect(onlyHash(after)).toBe(sha256(mdatPayload(cleaned.bytes).data));
    expect(onlyHash(after)).toBe(expected);
    expect(compareContent(before, after).identical).toBe(true);

    const { data, start } = mdatPayload(cleaned.bytes);
    const changed = cleaned.bytes.slice();
    changed[start + (data.length >> 1)] ^= 1;
    const changedHashes = await hashesOf(changed);
    expect(onlyHash(changedHashes)).toBe(sha256(mdatPayload(changed).data));
    expect(compareContent(before, changedHashes).identical).toBe(false);
  });

  it("a PDF: each page's content streams, decoded by qpdf, hash the same in the engine, before and after cleaning, and one changed byte is caught", async () => {
    const dir = tempDir('content-hash-pdf');
    const page1 = 'BT /F1 12 Tf 20 40 Td (First page) Tj ET';
    const page2a = 'BT /F1 12 Tf 20 40 Td (Second ';
    const page2b = 'page) Tj ET';
    const font = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
    const pdf = buildPdf(
      new Map<number, PdfBody>([
        [1, '<< /Type /Catalog /Pages 2 0 R >>'],
        [
          2,
          `<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 /Resources << /Font << /F1 ${font} >> >> >>`,
        ],
        [
          3,
          '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 5 0 R >>',
        ],
        [
          4,
          '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents [6 0 R 7 0 R] >>',
        ],
        [5, { dict: '', data: Buffer.from(page1), flate: true }],
        [6, { dict: '', data: Buffer.from(page2a), flate: true }],
        [7, { dict: '', data: Buffer.from(page2b) }],
        [8, `<< /Author (${CANARY}) /Producer (${CANARY}) >>`],
      ]),
      '/Root 1 0 R /Info 8 0 R',
    );
    const path = join(dir, 'pages.pdf');
    writeFileSync(path, pdf);
    const cleaned = await cleanFile(path);
    expectNoLeaks(pdf, cleaned.bytes, [CANARY]);

    const qpdfPages = (file: string): string[] => {
      const json = JSON.parse(
        run('qpdf', ['--json', '--json-key=pages', file]),
      ) as {
        pages: { contents: string[] }[];
      };
      return json.pages.map((page) =>
        sha256(
          Buffer.concat(
            page.contents.map((ref) =>
              execFileSync('qpdf', [
                `--show-object=${ref.split(' ')[0]}`,
                '--filtered-stream-data',
                file,
              ]),
            ),
          ),
        ),
      );
    };
    const expected = qpdfPages(path);
    expect(expected).toHaveLength(2);
    expect(qpdfPages(cleaned.path)).toEqual(expected);
    const [before, after] = [
      await hashesOf(pdf),
      await hashesOf(cleaned.bytes),
    ];
    const pageHashes = (h: ContentHashes) =>
      h.parts.filter((p) => p.kind === 'page-content').map((p) => p.sha256);
    expect(pageHashes(before)).toEqual(expected);
    expect(pageHashes(after)).toEqual(expected);
    expect(compareContent(before, after).identical).toBe(true);

    // One byte of page 2's uncompressed stream, changed where the copy holds it.
    const copyText = Buffer.from(cleaned.bytes).toString('latin1');
    const at = copyText.indexOf('page) Tj');
    expect(at).toBeGreaterThan(0);
    const changed = cleaned.bytes.slice();
    changed[at] = 'P'.charCodeAt(0);
    const changedPath = join(dir, 'changed.pdf');
    writeFileSync(changedPath, changed);
    const changedHashes = await hashesOf(changed);
    expect(pageHashes(changedHashes)).toEqual(qpdfPages(changedPath));
    const compared = compareContent(before, changedHashes);
    expect(compared.identical).toBe(false);
    expect(compared.parts.map((p) => p.identical)).toEqual([true, false]);
  });

  it.each([
    [
      'png',
      (p: string) =>
        convert([
          '-size',
          '40x30',
          'gradient:red-blue',
          '-set',
          'comment',
          CANARY,
          p,
        ]),
    ],
    [
      'webm',
      (p: string) =>
        ffmpeg([
          ...TEST_VIDEO,
          '-t',
          '1',
          '-c:v',
          'libvpx',
          '-metadata',
          `title=${CANARY}`,
          p,
        ]),
    ],
    [
      'wav',
      (p: string) =>
        ffmpeg([...TEST_AUDIO, '-metadata', `artist=${CANARY}`, p]),
    ],
    [
      'flac',
      (p: string) =>
        ffmpeg([...TEST_AUDIO, '-metadata', `artist=${CANARY}`, p]),
    ],
    [
      'mp3',
      (p: string) =>
        ffmpeg([...TEST_AUDIO, '-metadata', `artist=${CANARY}`, p]),
    ],
  ])(
    'a %s: its content hashes the same before and after cleaning',
    async (ext, make) => {
      const path = join(tempDir(`content-hash-${ext}`), `sample.${ext}`);
      make(path);
      const input = new Uint8Array(readFileSync(path));
      const cleaned = await cleanFile(path);
      expectNoLeaks(input, cleaned.bytes, [CANARY]);
      const [before, after] = [
        await hashesOf(input),
        await hashesOf(cleaned.bytes),
      ];
      expect(onlyHash(before)).toMatch(/^[0-9a-f]{64}$/);
      expect(compareContent(before, after).identical).toBe(true);
    },
  );

  it.each(['heic', 'avif'] as const)(
    'a %s: its picture items hash the same before and after cleaning, and its Exif item is not counted as content',
    async (ext) => {
      const path = taggedImage(tempDir(`content-hash-${ext}`), ext);
      const input = fileBytes(path);
      const cleaned = await cleanFile(path);
      expectNoLeaks(input, cleaned.bytes, [HEIF_CANARY.artist]);
      const [before, after] = [
        await hashesOf(input),
        await hashesOf(cleaned.bytes),
      ];
      expect(compareContent(before, after).identical).toBe(true);
      // The Artist canary sits in the Exif item, inside the same mdat as the picture.
      const at = Buffer.from(input).indexOf(HEIF_CANARY.artist, 0, 'latin1');
      expect(at).toBeGreaterThan(0);
      const changed = input.slice();
      changed[at] ^= 1;
      expect(onlyHash(await hashesOf(changed))).toBe(onlyHash(before));
    },
  );

  it("a DOCX: each part's hash is unzip's bytes' hash; the body differs where cleaning removed revision ids from it, the photo's scans do not", async () => {
    const dir = tempDir('content-hash-docx');
    const path = join(dir, 'letter.docx');
    writeFileSync(path, syntheticDocx({ jpeg: gpsJpeg(dir) }));
    const input = fileBytes(path);
    const cleaned = await cleanFile(path);
    expectNoLeaks(input, cleaned.bytes, ['CANARY01']);
    const unzipped = (file: string, member: string) =>
      sha256(execFileSync('unzip', ['-p', file, member]));
    const photo = (file: string) =>
      sha256(
        jpegScanData(
          execFileSync('unzip', ['-p', file, 'word/media/image1.jpg']),
        ).data,
      );
    const [before, after] = [
      await hashesOf(input),
      await hashesOf(cleaned.bytes),
    ];
    const byKey = (h: ContentHashes) =>
      Object.fromEntries(h.parts.map((p) => [p.key, p.sha256]));
    expect(byKey(before)['word/document.xml']).toBe(
      unzipped(path, 'word/document.xml'),
    );
    expect(byKey(after)['word/document.xml']).toBe(
      unzipped(cleaned.path, 'word/document.xml'),
    );
    expect(byKey(before)['word/media/image1.jpg']).toBe(photo(path));
    const compared = compareContent(before, after);
    expect(
      Object.fromEntries(compared.parts.map((p) => [p.key, p.identical])),
    ).toMatchObject({
      'word/document.xml': false,
      'word/media/image1.jpg': true,
    });
    expect(compared.identical).toBe(false);
  });

  itCorpus(
    "mat2's embedded.odt: its family is read from its members (its mimetype is not first), its text and picture are located and kept",
    async () => {
      const path = corpusFile('mat2', 'embedded.odt');
      const cleaned = await cleanFile(path);
      const [before, after] = [
        await hashesOf(fileBytes(path)),
        await hashesOf(cleaned.bytes),
      ];
      const content = before.parts.find((p) => p.key === 'content.xml');
      expect(content?.sha256).toBe(
        sha256(execFileSync('unzip', ['-p', path, 'content.xml'])),
      );
      const picture = compareContent(before, after).parts.find((p) =>
        p.key.endsWith('.png'),
      );
      expect(picture?.identical).toBe(true);
    },
  );

  it('a format whose content is not located says so instead of calling it identical', async () => {
    // A compound file's signature, as legacy Office documents open: their streams are not
    // located yet, whatever follows.
    const bytes = new Uint8Array(512);
    bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    const h = await hashesOf(bytes);
    expect(h).toEqual({ parts: [], error: 'unsupported' });
    expect(compareContent(h, h).identical).toBe(false);
  });

  it('an SVG says it keeps no part whole, the reason carried to the comparison', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"/>';
    const h = await hashesOf(new TextEncoder().encode(svg));
    expect(h).toEqual({
      parts: [],
      error: 'unsupported',
      reason: 'edited-text',
    });
    expect(compareContent(h, h)).toEqual({
      parts: [],
      identical: false,
      error: 'unsupported',
      reason: 'edited-text',
    });
  });

  it('a part larger than the host hashes gets no hash, never a hash of part of it', async () => {
    const path = join(tempDir('content-hash-small'), 'a.png');
    convert(['-size', '40x30', 'gradient:', path]);
    const h = await hashContent(blobOf(fileBytes(path)), {
      ...host,
      maxBytes: 1,
    });
    expect(h.parts[0]).toMatchObject({ error: 'too-large-to-hash' });
    expect(h.parts[0]!.sha256).toBeUndefined();
  });

  it('a truncated file gets a typed error in its part or its answer, never a throw', async () => {
    const dir = tempDir('content-hash-cut');
    const path = join(dir, 'photo.jpg');
    convert(['-size', '64x64', 'plasma:fractal', '-seed', '3', path]);
    const bytes = fileBytes(path);
    const h = await hashesOf(bytes.subarray(0, bytes.length >> 1));
    expect(h).toEqual({ parts: [], error: 'corrupt' });
  });
});
