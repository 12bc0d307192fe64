import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan, type CleanPlanResult } from '../../../workers/engine';
import { EngineError } from '../../../workers/engine/errors';
import { exiftoolTags } from '../../helpers/exiftool';
import { tempDir } from '../../helpers/image-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import {
  buildPdf,
  pageHashes,
  qdfText,
  qpdfCheck,
  type PdfBody,
} from '../../helpers/pdf-fixtures';
import { cleaned, hasTool } from '../../helpers/zip-tools';

const be32 = (n: number) =>
  Buffer.from([n >>> 24, n >>> 16, n >>> 8, n].map((x) => x & 0xff));
const be16 = (n: number) => Buffer.from([(n >>> 8) & 0xff, n & 0xff]);
/** A COM marker segment with Latin text (ISO/IEC 15444-1 A.9.2). */
const com = (text: string) =>
  Buffer.concat([
    Buffer.from([0xff, 0x64]),
    be16(4 + text.length),
    be16(1),
    Buffer.from(text, 'latin1'),
  ]);
const box = (type: string, content: Buffer) =>
  Buffer.concat([
    be32(8 + content.length),
    Buffer.from(type, 'latin1'),
    content,
  ]);

/**
 * A codestream with a comment added to its main header (after SIZ) and to its first tile-part
 * header (after SOT, the tile-part's length grown to match).
 */
function plantInCodestream(cs: Buffer, main: string, tile: string): Buffer {
  expect(cs.readUInt16BE(0)).toBe(0xff4f);
  const siz = 2 + 2 + cs.readUInt16BE(4);
  let p = siz;
  while (cs.readUInt16BE(p) !== 0xff90) p += 2 + cs.readUInt16BE(p + 2);
  const tileCom = com(tile);
  const sot = Buffer.from(cs.subarray(p, p + 12));
  const psot = sot.readUInt32BE(6);
  if (psot !== 0) sot.writeUInt32BE(psot + tileCom.length, 6);
  return Buffer.concat([
    cs.subarray(0, siz),
    com(main),
    cs.subarray(siz, p),
    sot,
    tileCom,
    cs.subarray(p + 12),
  ]);
}

/** The JP2's boxes with the codestream planted and an XML box added before it. */
function plantInJp2(jp2: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  while (at < jp2.length) {
    let len = jp2.readUInt32BE(at);
    if (len === 0) len = jp2.length - at;
    const type = jp2.toString('latin1', at + 4, at + 8);
    if (type === 'jp2c') {
      parts.push(box('xml ', Buffer.from('<note>CANARY_JP2_XML_BOX</note>')));
      parts.push(
        box(
          'jp2c',
          plantInCodestream(
            jp2.subarray(at + 8, at + len),
            'CANARY_MAIN_COM',
            'CANARY_TILE_COM',
          ),
        ),
      );
    } else parts.push(jp2.subarray(at, at + len));
    at += len;
  }
  return Buffer.concat(parts);
}

const blob = (bytes: Uint8Array) =>
  new Blob([bytes as Uint8Array<ArrayBuffer>]);

/** An image XObject; `flate` deflates the JPEG 2000 data under a second filter. */
const image = (data: Uint8Array, flate = false): PdfBody => ({
  dict: `/Type /XObject /Subtype /Image /Width 96 /Height 64 /Filter ${flate ? '[/FlateDecode /JPXDecode]' : '/JPXDecode'}`,
  data: flate ? deflateSync(data) : data,
});

function pdfWith(images: PdfBody[]): Uint8Array {
  const names = images.map((_, i) => `/Im${i} ${10 + i} 0 R`).join(' ');
  const draw = images
    .map((_, i) => `q 96 0 0 64 ${10 + i * 100} 50 cm /Im${i} Do Q`)
    .join(' ');
  const bodies = new Map<number, PdfBody>([
    [1, '<< /Type /Catalog /Pages 2 0 R >>'],
    [2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
    [
      3,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 200] /Contents 4 0 R /Resources << /XObject << ${names} >> >> >>`,
    ],
    [4, { dict: '', data: Buffer.from(draw), flate: true }],
  ]);
  images.forEach((body, i) => bodies.set(10 + i, body));
  return buildPdf(bodies, '/Root 1 0 R');
}

const CANARIES = [
  'CANARY_JP2_XMP',
  'CANARY_JP2_XML_BOX',
  'CANARY_MAIN_COM',
  'CANARY_TILE_COM',
  'CANARY_J2K_COM',
  'OpenJPEG',
];

describe.skipIf(!hasTool('convert') || !hasTool('qpdf'))(
  'PDF: JPEG 2000 images',
  () => {
    let dir: string;
    let jp2: Buffer;
    let j2k: Buffer;
    let input: Uint8Array;
    let outcome: { result: CleanPlanResult; output: Uint8Array };
    beforeAll(async () => {
      dir = tempDir('pdf-jpx');
      const path = join(dir, 'photo.jp2');
      execFileSync('convert', ['-size', '96x64', 'gradient:red-blue', path]);
      execFileSync('exiftool', [
        '-q',
        '-overwrite_original',
        '-XMP-dc:Creator=CANARY_JP2_XMP',
        '-XMP-exif:GPSLatitude=48.85',
        path,
      ]);
      jp2 = plantInJp2(readFileSync(path));
      writeFileSync(path, jp2);
      const raw = join(dir, 'photo.j2k');
      execFileSync('convert', ['-size', '96x64', 'gradient:green-yellow', raw]);
      j2k = plantInCodestream(
        readFileSync(raw),
        'CANARY_J2K_COM',
        'CANARY_J2K_COM',
      );
      input = pdfWith([image(jp2), image(j2k), image(jp2, true)]);
      outcome = await cleaned(input);
      writeFileSync(join(dir, 'input.pdf'), input);
      writeFileSync(join(dir, 'output.pdf'), outcome.output);
    });

    it('plants metadata where JPEG 2000 keeps it, readable by exiftool', () => {
      const tags = JSON.stringify(exiftoolTags(join(dir, 'photo.jp2')));
      expect(tags).toContain('CANARY_JP2_XMP');
      expect(tags).toMatch(/GPSLatitude/);
      const text = qdfText(join(dir, 'input.pdf'), join(dir, 'input-qdf.pdf'));
      for (const c of CANARIES) expect(text, c).toContain(c);
    });

    it('leaves no box or comment of them, and says what went', () => {
      expectNoLeaks(input, outcome.output, [...CANARIES, 'xmpmeta']);
      const removed = outcome.result.removed.map(
        (f) => `${f.location} ${f.label} ${f.value ?? ''}`,
      );
      expect(removed).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/image \(object 10\): XMP .*CANARY_JP2_XMP/),
          expect.stringMatching(
            /image \(object 10\): codestream COM CANARY_MAIN_COM/,
          ),
          expect.stringMatching(
            /image \(object 11\): codestream COM CANARY_J2K_COM/,
          ),
          expect.stringMatching(/image \(object 12\)/),
        ]),
      );
    });

    it('keeps the file valid and every page rendering the same', async () => {
      expect(qpdfCheck(join(dir, 'output.pdf'))).toMatch(
        /No syntax or stream encoding errors/,
      );
      if (hasTool('pdftoppm'))
        expect(pageHashes(join(dir, 'output.pdf'), dir, 'out')).toEqual(
          pageHashes(join(dir, 'input.pdf'), dir, 'in'),
        );
      expect((await cleanPlan(blob(outcome.output))).removed).toEqual([]);
    });

    it('keeps the images decoding to the same pixels (ImageMagick)', () => {
      const out = Buffer.from(outcome.output);
      const pixels = (bytes: Uint8Array, name: string) => {
        writeFileSync(join(dir, name), bytes);
        return execFileSync('convert', [join(dir, name), 'rgb:-']);
      };
      const start = out.indexOf(Buffer.from('\x00\x00\x00\x0cjP  ', 'latin1'));
      const end = out.indexOf('endstream', start);
      const cleanJp2 = out.subarray(start, end).toString('latin1').trimEnd();
      expect(start).toBeGreaterThan(0);
      expect(pixels(Buffer.from(cleanJp2, 'latin1'), 'clean.jp2')).toEqual(
        pixels(jp2, 'dirty.jp2'),
      );
      const tags = JSON.stringify(exiftoolTags(join(dir, 'clean.jp2')));
      expect(tags).not.toContain('CANARY');
      expect(tags).not.toMatch(/GPS/);
    });

    it('fails closed, naming the image, on a box it does not know or one that does not fit', async () => {
      const unknown = Buffer.concat([
        jp2.subarray(0, 32),
        box('abcd', Buffer.from('x')),
        jp2.subarray(32),
      ]);
      await expect(
        cleanPlan(blob(pdfWith([image(unknown)]))),
      ).rejects.toMatchObject({
        code: 'unsupported',
        detail: expect.stringContaining('image (object 10)'),
      });
      const long = Buffer.from(jp2);
      long.writeUInt32BE(0x7fffffff, 32);
      const outcome = await cleanPlan(blob(pdfWith([image(long)]))).catch(
        (e: unknown) => e,
      );
      expect(outcome).toBeInstanceOf(EngineError);
      expect((outcome as EngineError).code).toBe('corrupt');
    });
  },
);
