import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeCfb } from '../../helpers/cfb-writer';
import { convert, exiftoolWrite, tempDir } from '../../helpers/image-tools';
import { leakReport, locateCanaries } from '../../helpers/leak-oracle';
import { buildPdf, qdfText } from '../../helpers/pdf-fixtures';
import { insertAfterIhdr, zTXt } from '../../helpers/png-chunks';

const CANARY = 'ORACLE_CANARY_7Q';
const PARIS = { lat: 48.8584, lon: 2.2945 };
const latin1 = (s: string) => Buffer.from(s, 'latin1');
const utf8Found = (where: readonly string[]) =>
  where.some((w) => w.endsWith(': utf-8'));

/** ASCII85 (ISO 32000-1, 7.4.3), for a fixture the oracle must decode. */
function ascii85(data: Buffer): string {
  let text = '';
  for (let at = 0; at < data.length; at += 4) {
    const group = Buffer.alloc(4);
    data.copy(group, 0, at, at + 4);
    let value = group.readUInt32BE(0);
    const digits: string[] = [];
    for (let i = 0; i < 5; i++) {
      digits.unshift(String.fromCharCode((value % 85) + 0x21));
      value = Math.floor(value / 85);
    }
    text += digits.slice(0, Math.min(4, data.length - at) + 1).join('');
  }
  return `${text}~>`;
}

/** LZW (7.4.4) at its simplest: a clear code, every byte as a 9-bit literal, end of data. */
function lzwEncode(data: Buffer): Buffer {
  const codes = [256, ...data, 257];
  const bits = codes.map((c) => c.toString(2).padStart(9, '0')).join('');
  const padded = bits.padEnd(Math.ceil(bits.length / 8) * 8, '0');
  return Buffer.from(padded.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
}

let dir = '';
beforeAll(() => {
  dir = tempDir('leak-oracle-');
});

/** A one-page PDF whose catalog, pages and page are all that the cross-reference table needs. */
function pdfWith(extra: Map<number, string>): Uint8Array {
  return buildPdf(
    new Map([
      [1, '<< /Type /Catalog /Pages 2 0 R >>'],
      [2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
      [3, '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] >>'],
      ...extra,
    ]),
    '/Root 1 0 R',
  );
}

describe('leak oracle: PDF', () => {
  it('finds a canary in an object nothing refers to, which qpdf --qdf leaves out', () => {
    const pdf = pdfWith(new Map([[9, `<< /Author (${CANARY}) >>`]]));
    const path = join(dir, 'orphan.pdf');
    writeFileSync(path, pdf);
    expect(qdfText(path, join(dir, 'orphan.qdf'))).not.toContain(CANARY);
    const where = locateCanaries(pdf, [CANARY])[CANARY]!;
    expect(where).toContain(`file > pdf object 9 0 strings: utf-8`);
  });

  it('finds a canary in a UTF-16BE string, written as hex or as octal escapes', () => {
    const utf16 = Buffer.concat([
      Buffer.from([0xfe, 0xff]),
      Buffer.from(CANARY, 'utf16le').swap16(),
    ]);
    const octal = [...utf16]
      .map((b) => `\\${b.toString(8).padStart(3, '0')}`)
      .join('');
    const pdf = pdfWith(
      new Map([
        [4, `<< /Title <${utf16.toString('hex').toUpperCase()}> >>`],
        [5, `<< /Subject (${octal}) >>`],
      ]),
    );
    const where = locateCanaries(pdf, [CANARY])[CANARY]!;
    expect(where).toContain('file > pdf object 4 0 strings: utf-16be');
    expect(where).toContain('file > pdf object 5 0 strings: utf-16be');
    expect(utf8Found(where)).toBe(false);
  });

  it('decodes Flate with a PNG predictor, ASCII85 and LZW streams, and object streams', () => {
    const row = latin1(`1 0 2 0 (${CANARY}) `);
    // Predictor 12 (PNG Up) with one filter byte per row of `columns` bytes.
    const columns = row.length;
    const predicted = Buffer.concat([Buffer.from([2]), row]);
    const a85 = ascii85(latin1(`<< /Producer (${CANARY}) >>`));
    const lzw = lzwEncode(latin1(`(${CANARY}) Tj`));
    const pdf = pdfWith(
      new Map([
        [
          6,
          `<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns ${columns} >> /Length ${deflateSync(predicted).length} >>\nstream\n${deflateSync(predicted).toString('latin1')}\nendstream`,
        ],
        [
          7,
          `<< /Filter [/ASCII85Decode] /Length ${a85.length} >>\nstream\n${a85}\nendstream`,
        ],
        [
          8,
          `<< /Filter /LZWDecode /Length ${lzw.length} >>\nstream\n${lzw.toString('latin1')}\nendstream`,
        ],
      ]),
    );
    const where = locateCanaries(pdf, [CANARY])[CANARY]!;
    expect(where.some((w) => w.startsWith('file:'))).toBe(false);
    expect(where).toContain('file > pdf object 6 0 stream strings: utf-8');
    expect(where).toContain('file > pdf object 7 0 stream strings: utf-8');
    expect(where).toContain('file > pdf object 8 0 stream strings: utf-8');
  });
});

describe('leak oracle: zip', () => {
  it('finds a canary in a deflated member, in a nested zip and in a member the directory forgot', () => {
    const core = latin1(
      `<cp:coreProperties><dc:creator>${CANARY}</dc:creator></cp:coreProperties>`,
    );
    const inner = zipSync({ 'inner.xml': core }, { level: 9 });
    const zip = zipSync(
      {
        'docProps/core.xml': core,
        'embeddings/pkg.zip': [inner, { level: 0 }],
      },
      { level: 9 },
    );
    const orphan = zipSync({ 'lost.xml': core }, { level: 9 });
    const lostHeader = orphan.subarray(
      0,
      Buffer.from(orphan).indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])),
    );
    // After the end of central directory record, where no directory entry points.
    const file = Buffer.concat([zip, lostHeader]);
    const where = locateCanaries(file, [CANARY])[CANARY]!;
    expect(where.some((w) => w.startsWith('file:'))).toBe(false);
    expect(where).toContain('file > zip docProps/core.xml (local): utf-8');
    expect(where).toContain('file > zip docProps/core.xml (central): utf-8');
    expect(where).toContain(
      'file > zip embeddings/pkg.zip (local) > zip inner.xml (local): utf-8',
    );
    expect(where).toContain('file > zip lost.xml (local): utf-8');
  });
});

describe('leak oracle: compound files', () => {
  it('finds a canary in a zlib stream inside a stream, as a compressed picture holds it', () => {
    const stream = Buffer.concat([
      Buffer.from('x\u0001 record header '),
      deflateSync(Buffer.from(`description ${CANARY}`, 'utf16le')),
      Buffer.alloc(16),
    ]);
    const file = writeCfb([{ path: ['Pictures'], data: stream }]).bytes;
    const where = locateCanaries(file, [CANARY])[CANARY]!;
    expect(where.some((w) => w.startsWith('file:'))).toBe(false);
    expect(where.some((w) => /> ole Pictures > zlib at \d+: /.test(w))).toBe(
      true,
    );
  });
});

describe('leak oracle: images', () => {
  it('finds a canary in a deflated PNG zTXt chunk, which a raw search misses', () => {
    const path = join(dir, 'plain.png');
    convert(['-size', '8x8', 'xc:gray', path]);
    const png = insertAfterIhdr(new Uint8Array(readFileSync(path)), [
      zTXt('Description', CANARY),
    ]);
    const where = locateCanaries(png, [CANARY])[CANARY]!;
    expect(where.some((w) => w.startsWith('file:'))).toBe(false);
    expect(where).toContain('file > png zTXt: utf-8');
    expect(
      where.some((w) => w.startsWith('exiftool file: PNG:Description')),
    ).toBe(true);
  });

  it('finds a GPS position left as numbers, and none in a file without one', () => {
    const path = join(dir, 'gps.jpg');
    convert(['-size', '8x8', 'xc:gray', path]);
    const clean = new Uint8Array(readFileSync(path));
    exiftoolWrite(path, [
      '-GPSLatitude=48.8584',
      '-GPSLatitudeRef=N',
      '-GPSLongitude=2.2945',
      '-GPSLongitudeRef=E',
    ]);
    const jpeg = new Uint8Array(readFileSync(path));
    expect(Buffer.from(jpeg).includes('48.8584')).toBe(false);
    expect(
      locateCanaries(jpeg, [PARIS])[`GPS ${PARIS.lat},${PARIS.lon}`],
    ).toContain('exiftool -n file');
    expect(
      locateCanaries(clean, [PARIS])[`GPS ${PARIS.lat},${PARIS.lon}`],
    ).toEqual([]);
  });

  it('reads a picture appended after the end of a JPEG, where a GPS left as numbers hides', () => {
    const path = join(dir, 'appended.jpg');
    convert(['-size', '8x8', 'xc:gray', path]);
    const clean = new Uint8Array(readFileSync(path));
    exiftoolWrite(path, [
      '-GPSLatitude=48.8584',
      '-GPSLatitudeRef=N',
      '-GPSLongitude=2.2945',
      '-GPSLongitudeRef=E',
    ]);
    const file = Buffer.concat([clean, readFileSync(path)]);
    expect(
      locateCanaries(file, [PARIS])[`GPS ${PARIS.lat},${PARIS.lon}`],
    ).toContain(`exiftool -n file > jpeg at ${clean.length}`);
  });

  it('reads the thumbnail exiftool extracts from an image', () => {
    const thumb = join(dir, 'thumb.jpg');
    convert(['-size', '4x4', 'xc:white', thumb]);
    exiftoolWrite(thumb, [`-Artist=${CANARY}`]);
    const path = join(dir, 'with-thumb.jpg');
    convert(['-size', '32x32', 'xc:gray', path]);
    exiftoolWrite(path, [`-ThumbnailImage<=${thumb}`]);
    const where = locateCanaries(new Uint8Array(readFileSync(path)), [CANARY])[
      CANARY
    ]!;
    expect(
      where.some((w) =>
        w.startsWith(
          'exiftool file > exiftool IFD1:ThumbnailImage: IFD0:Artist',
        ),
      ),
    ).toBe(true);
  });
});

describe('leak oracle: report', () => {
  it('names a canary it cannot find in the input, and where one survives in the output', () => {
    const input = pdfWith(new Map([[9, `<< /Author (${CANARY}) >>`]]));
    const output = pdfWith(new Map([[12, `<< /Keywords (${CANARY}) >>`]]));
    const report = leakReport(input, output, [CANARY, 'NEVER_PLANTED']);
    expect(report.unseenInInput).toEqual(['NEVER_PLANTED']);
    expect(Object.keys(report.leaks)).toEqual([CANARY]);
    expect(report.leaks[CANARY]).toContain(
      'file > pdf object 12 0 strings: utf-8',
    );
  });
});
