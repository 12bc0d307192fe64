import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan } from '../../../workers/engine';
import { exiftoolTags } from '../../helpers/exiftool';
import {
  blobOf,
  cleanImage,
  convert,
  exiftoolWrite,
  pixelDigest,
  tempDir,
  type CleanedImage,
} from '../../helpers/image-tools';
import { expectNoLeaks, type Canary } from '../../helpers/leak-oracle';
import { hasTool } from '../../helpers/zip-tools';

const be32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const box = (type: string, content: Buffer) =>
  Buffer.concat([
    be32(8 + content.length),
    Buffer.from(type, 'latin1'),
    content,
  ]);
/** A COM marker segment with Latin text (ISO/IEC 15444-1 A.9.2). */
const com = (text: string) => {
  const head = Buffer.from([0xff, 0x64, 0, 0, 0, 1]);
  head.writeUInt16BE(4 + text.length, 2);
  return Buffer.concat([head, Buffer.from(text, 'latin1')]);
};

/** The GeoJP2 UUID (a GeoTIFF in a uuid box) and the XMP one (15444-2 M.11.7 lists uuid boxes). */
const GEOJP2 = Buffer.from('b14bf8bd083d4b43a5ae8cd7d5a6ce03', 'hex');
const SOC_SIZ_LENGTH_AT = 6;

/** A file's top-level boxes, as [type, whole box]. */
function boxes(file: Buffer): [string, Buffer][] {
  const out: [string, Buffer][] = [];
  for (let at = 0; at < file.length;) {
    const size = file.readUInt32BE(at) || file.length - at;
    out.push([
      file.toString('latin1', at + 4, at + 8),
      file.subarray(at, at + size),
    ]);
    at += size;
  }
  return out;
}

/** The codestream with a COM segment after SIZ, in its main header. */
function withComment(codestream: Buffer, text: string): Buffer {
  const sizEnd = 4 + codestream.readUInt16BE(SOC_SIZ_LENGTH_AT - 2);
  return Buffer.concat([
    codestream.subarray(0, sizEnd),
    com(text),
    codestream.subarray(sizEnd),
  ]);
}

const GPS: Canary = { lat: 12.5, lon: 7.25 };
const CANARIES: Canary[] = [
  'CANARY_JP2_XMP',
  'CANARY_GEOJP2',
  'CANARY_JP2_IPR',
  'CANARY_UINF_URL',
  'CANARY_XML_BOX',
  'CANARY_JP2_COM',
  GPS,
];

describe.skipIf(!hasTool('convert') || !hasTool('exiftool'))(
  'JPEG 2000 files on their own',
  () => {
    let dir: string;
    let plain: Buffer;
    let jp2Path: string;
    let jp2: Buffer;
    let cleanedJp2: CleanedImage;

    /** The JP2 `plain` with every planted box before its codestream and a comment inside it. */
    function planted(brand?: 'jpx '): Buffer {
      const tiff = readFileSync(join(dir, 'geo.tif'));
      const parts = boxes(plain).map(([type, whole]) => {
        if (type === 'ftyp' && brand) {
          const ftyp = Buffer.concat([
            Buffer.from(brand),
            be32(0),
            Buffer.from('jpx jp2 '),
          ]);
          // Reader requirements (15444-2 M.11.1): ML 1, no masks, no features.
          return Buffer.concat([
            box('ftyp', ftyp),
            box('rreq', Buffer.from([1, 0, 0, 0, 0, 0, 0])),
          ]);
        }
        if (type !== 'jp2c') return whole;
        return Buffer.concat([
          box('uuid', Buffer.concat([GEOJP2, tiff])),
          box('jp2i', Buffer.from('CANARY_JP2_IPR')),
          box(
            'uinf',
            Buffer.concat([
              box('ulst', Buffer.concat([be32(1), Buffer.alloc(16, 7)])),
              box(
                'url ',
                Buffer.from('\0\0\0\0https://example.org/CANARY_UINF_URL\0'),
              ),
            ]),
          ),
          box('xml ', Buffer.from('<note>CANARY_XML_BOX</note>')),
          box('jp2c', withComment(whole.subarray(8), 'CANARY_JP2_COM')),
        ]);
      });
      return Buffer.concat(parts);
    }

    beforeAll(async () => {
      dir = tempDir('jp2');
      const geo = join(dir, 'geo.tif');
      convert(['-size', '4x4', 'xc:gray', '-depth', '8', geo]);
      exiftoolWrite(geo, [
        '-ImageDescription=CANARY_GEOJP2',
        '-GPSLatitude=12.5',
        '-GPSLatitudeRef=N',
        '-GPSLongitude=7.25',
        '-GPSLongitudeRef=E',
      ]);
      const base = join(dir, 'base.jp2');
      convert(['-size', '48x32', 'gradient:red-blue', base]);
      exiftoolWrite(base, ['-XMP-dc:Creator=CANARY_JP2_XMP']);
      plain = readFileSync(base);
      jp2 = planted();
      jp2Path = join(dir, 'photo.jp2');
      writeFileSync(jp2Path, jp2);
      cleanedJp2 = await cleanImage(jp2Path);
    });

    it('plants what exiftool reads: XMP, the GeoJP2 GeoTIFF with a position, the comment', () => {
      const tags = JSON.stringify(exiftoolTags(jp2Path));
      expect(tags).toContain('CANARY_JP2_XMP');
      expect(tags).toContain('CANARY_GEOJP2');
      expect(tags).toMatch(/GPSLatitude/);
      expect(jp2.includes('CANARY_JP2_COM')).toBe(true);
    });

    it('is sniffed as JP2 and loses every planted box and comment, and says what went', () => {
      expect(cleanedJp2.result.format.id).toBe('jp2');
      expectNoLeaks(jp2, cleanedJp2.bytes, CANARIES);
      const removed = cleanedJp2.result.removed.map(
        (f) => `${f.field} ${f.location} ${f.label} ${f.value ?? ''}`,
      );
      expect(removed).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^gps\.detail uuid GeoJP2/),
          expect.stringMatching(/XMP .*CANARY_JP2_XMP/),
          expect.stringMatching(/^author\.copyright jp2i /),
          expect.stringMatching(/uinf/),
          expect.stringMatching(/codestream COM CANARY_JP2_COM/),
        ]),
      );
    });

    it('calls an XML box that holds no XMP an XML box, not XMP', () => {
      expect(jp2.includes('<note>CANARY_XML_BOX</note>')).toBe(true);
      const xmlBox = cleanedJp2.result.removed.filter((f) =>
        /^xml|^XML box/.test(f.location),
      );
      expect(xmlBox.map((f) => [f.field, f.label])).toEqual([
        ['other.data', 'XML box'],
      ]);
    });

    it('keeps the pixels, the colour specification and the header boxes byte for byte', () => {
      expect(pixelDigest(cleanedJp2.path)).toBe(pixelDigest(jp2Path));
      const header = (file: Buffer) =>
        boxes(file).find(([t]) => t === 'jp2h')![1];
      const out = Buffer.from(cleanedJp2.bytes);
      expect(header(out).equals(header(jp2))).toBe(true);
      expect(header(out).includes('colr')).toBe(true);
      expect(boxes(out).map(([t]) => t)).toEqual([
        'jP  ',
        'ftyp',
        'jp2h',
        'jp2c',
      ]);
      const tags = exiftoolTags(cleanedJp2.path);
      expect(JSON.stringify(tags)).toContain('sRGB');
    });

    it('finds nothing left to remove in its own output', async () => {
      expect((await cleanPlan(blobOf(cleanedJp2.bytes))).removed).toEqual([]);
    });

    it("reports what exiftool's EXIF and IPTC UUID boxes hold: the author and the position", async () => {
      const path = join(dir, 'exif.jp2');
      writeFileSync(path, plain);
      exiftoolWrite(path, [
        '-EXIF:Artist=CANARY_JP2_EXIF_ARTIST',
        '-GPSLatitude=12.5',
        '-GPSLatitudeRef=N',
        '-GPSLongitude=7.25',
        '-GPSLongitudeRef=E',
        '-IPTC:By-line=CANARY_JP2_IPTC',
      ]);
      const input = readFileSync(path);
      const out = await cleanImage(path);
      expectNoLeaks(input, out.bytes, [
        'CANARY_JP2_EXIF_ARTIST',
        'CANARY_JP2_IPTC',
        GPS,
      ]);
      const removed = out.result.removed.map(
        (f) => `${f.category} ${f.label} ${f.value ?? ''}`,
      );
      expect(removed).toEqual(
        expect.arrayContaining([
          'author Artist CANARY_JP2_EXIF_ARTIST',
          'author By-line CANARY_JP2_IPTC',
          expect.stringMatching(/^location GPSPosition 12\.5/),
        ]),
      );
    });

    it("keeps a rotated photo's EXIF Orientation alone in its EXIF box, reported kept", async () => {
      const path = join(dir, 'rotated.jp2');
      writeFileSync(path, plain);
      exiftoolWrite(path, [
        '-EXIF:Artist=CANARY_JP2_ROTATED_ARTIST',
        '-EXIF:Orientation#=6',
      ]);
      const exif = (file: string) =>
        Object.entries(exiftoolTags(file)).filter(([key]) =>
          /^(IFD0|ExifIFD|GPS):/.test(key),
        );
      expect(exif(path)).toContainEqual(['IFD0:Orientation', 'Rotate 90 CW']);
      const out = await cleanImage(path);
      expectNoLeaks(readFileSync(path), out.bytes, [
        'CANARY_JP2_ROTATED_ARTIST',
      ]);
      expect(exif(out.path)).toEqual([['IFD0:Orientation', 'Rotate 90 CW']]);
      expect(pixelDigest(out.path)).toBe(pixelDigest(path));
      expect(out.result.kept).toContainEqual(
        expect.objectContaining({ kept: 'orientation', value: '6' }),
      );
      expect((await cleanPlan(blobOf(out.bytes))).removed).toEqual([]);
    });

    it('cleans a JPX (Part 2 brand, reader requirements kept)', async () => {
      const jpx = planted('jpx ');
      const path = join(dir, 'photo.jpx');
      writeFileSync(path, jpx);
      const out = await cleanImage(path);
      expect(out.result.format.id).toBe('jpx');
      expectNoLeaks(jpx, out.bytes, CANARIES);
      expect(boxes(Buffer.from(out.bytes)).map(([t]) => t)).toEqual([
        'jP  ',
        'ftyp',
        'rreq',
        'jp2h',
        'jp2c',
      ]);
      expect(pixelDigest(out.path)).toBe(pixelDigest(path));
    });

    it('cleans a bare codestream of its comments', async () => {
      const raw = join(dir, 'raw.j2k');
      convert(['-size', '40x30', 'gradient:green-yellow', raw]);
      const j2k = withComment(readFileSync(raw), 'CANARY_J2K_COM');
      writeFileSync(raw, j2k);
      const out = await cleanImage(raw);
      expect(out.result.format.id).toBe('j2c');
      expectNoLeaks(j2k, out.bytes, ['CANARY_J2K_COM']);
      expect(pixelDigest(out.path)).toBe(pixelDigest(raw));
    });

    it('fails closed on a box it does not know, one in the header it does not know, or one that does not fit', async () => {
      const at = jp2.indexOf('jp2c') - 4;
      const unknown = Buffer.concat([
        jp2.subarray(0, at),
        box('abcd', Buffer.from('x')),
        jp2.subarray(at),
      ]);
      await expect(cleanPlan(blobOf(unknown))).rejects.toMatchObject({
        code: 'unsupported',
      });
      const h = jp2.indexOf('jp2h') - 4;
      const inHeader = Buffer.from(jp2);
      inHeader.write('zzzz', h + 12, 'latin1');
      await expect(cleanPlan(blobOf(inHeader))).rejects.toMatchObject({
        code: 'unsupported',
      });
      const long = Buffer.from(jp2);
      long.writeUInt32BE(0x7fffffff, at);
      await expect(cleanPlan(blobOf(long))).rejects.toMatchObject({
        code: 'corrupt',
      });
    });

    it('does not claim other JPEG 2000 brands (Motion JPEG 2000)', async () => {
      const mj2 = Buffer.from(plain);
      mj2.write('mjp2', mj2.indexOf('ftyp') + 4, 'latin1');
      await expect(cleanPlan(blobOf(mj2))).rejects.toMatchObject({
        code: 'unsupported',
      });
    });
  },
);
