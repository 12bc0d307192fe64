import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan, inspect, isEngineError } from '../../../workers/engine';
import type { Finding } from '../../../workers/engine';
import { identifyingTags } from '../../helpers/exiftool';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { convert, exiftoolWrite } from '../../helpers/image-tools';
import {
  appendUpdate,
  buildPdf,
  pageHashes,
  pdfText,
  qdfText,
  qpdfCheck,
  run,
  xmpPacket,
  type PdfBody,
} from '../../helpers/pdf-fixtures';
import { blobOf, cleanFile, tempDir } from '../../helpers/video-tools';
import { corpusFile, describeCorpus } from '../../helpers/corpus';

const CANARIES = [
  'CANARY_OLD_AUTHOR',
  'CANARY_INFO_AUTHOR',
  'CANARY_PRODUCER',
  'CANARY_CREATOR',
  'CANARY_XMP_DOC',
  'CANARY_XMP_PAGE',
  'CANARY_PIECEINFO',
  'CANARY_THUMB',
  'CANARY_ANNOT_AUTHOR',
  'CANARY_ANNOT_NM',
  'CANARY_POPUP_AUTHOR',
  'CANARY_IMAGE_ARTIST',
  'CANARY_ATTACH_ARTIST',
  'CANARY_ID_000001',
];
/** The position planted in every photo, compared by value by the leak oracle. */
const PARIS = { lat: 48.8584, lon: 2.2945 };
const GPS = [
  '-GPSLatitude=48.8584',
  '-GPSLatitudeRef=N',
  '-GPSLongitude=2.2945',
  '-GPSLongitudeRef=E',
];

let dir = '';
const at = (name: string) => join(dir, name);
const hex = (text: string) => Buffer.from(text, 'latin1').toString('hex');
/** A canary is present when its text, or its hex form (strings may be written either way), is. */
const holds = (text: string, canary: string) =>
  text.includes(canary) || text.toLowerCase().includes(hex(canary));

function jpeg(name: string, gradient: string, artist: string): Uint8Array {
  convert(['-size', '96x64', `gradient:${gradient}`, at(name)]);
  exiftoolWrite(at(name), [`-Artist=${artist}`, ...GPS]);
  return new Uint8Array(readFileSync(at(name)));
}

/** Every kind of PDF metadata the module removes or reports, each holding a canary. */
function canaryBodies(
  photo: Uint8Array,
  attachment: Uint8Array,
): Map<number, PdfBody> {
  const md5 = createHash('md5').update(attachment).digest('hex');
  return new Map<number, PdfBody>([
    [
      1,
      '<< /Type /Catalog /Pages 2 0 R /Metadata 10 0 R ' +
        '/AcroForm << /Fields [8 0 R] /DR << /Font << /Helv 5 0 R >> >> /DA (/Helv 0 Tf 0 g) >> ' +
        '/Names << /EmbeddedFiles << /Names [(photo.jpg) 12 0 R] >> /JavaScript << /Names [(hello) 16 0 R] >> >> ' +
        '/OCProperties << /OCGs [17 0 R] /D << /Order [17 0 R] >> >> >>',
    ],
    [2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
    [
      3,
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 300] /Contents 4 0 R ' +
        '/Resources << /Font << /F1 5 0 R >> /XObject << /Im1 6 0 R >> >> /Annots [7 0 R 13 0 R 8 0 R] ' +
        '/Metadata 11 0 R /Thumb 9 0 R /PieceInfo << /CanaryApp << /LastModified (D:20200101000000Z) /Private (CANARY_PIECEINFO) >> >> ' +
        "/LastModified (D:20210203040506+01'00') >>",
    ],
    [
      4,
      {
        dict: '',
        data: Buffer.from(
          'BT /F1 24 Tf 20 250 Td (Hello PDF world) Tj ET q 96 0 0 64 50 50 cm /Im1 Do Q',
        ),
        flate: true,
      },
    ],
    [5, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'],
    [
      6,
      {
        dict: '/Type /XObject /Subtype /Image /Width 96 /Height 64 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode',
        data: photo,
      },
    ],
    [
      7,
      '<< /Type /Annot /Subtype /Square /Rect [200 200 220 220] /C [1 0 0] /Contents (Please check) /T (CANARY_ANNOT_AUTHOR) ' +
        '/M (D:20200101120000Z) /CreationDate (D:20200101110000Z) /NM (CANARY_ANNOT_NM) /Popup 13 0 R >>',
    ],
    [
      8,
      '<< /Type /Annot /Subtype /Widget /FT /Tx /T (fullname) /V (Filled in) /Rect [20 100 200 130] /P 3 0 R ' +
        '/M (D:20200101130000Z) /DA (/Helv 0 Tf 0 g) >>',
    ],
    [
      9,
      {
        dict: '/Width 4 /Height 1 /ColorSpace /DeviceRGB /BitsPerComponent 8',
        data: Buffer.from('CANARY_THUMB'),
      },
    ],
    [
      10,
      {
        dict: '/Type /Metadata /Subtype /XML',
        data: xmpPacket('CANARY_XMP_DOC'),
      },
    ],
    [
      11,
      {
        dict: '/Type /Metadata /Subtype /XML',
        data: xmpPacket('CANARY_XMP_PAGE'),
        flate: true,
      },
    ],
    [
      12,
      '<< /Type /Filespec /F (photo.jpg) /UF (photo.jpg) /EF << /F 14 0 R >> >>',
    ],
    [
      13,
      '<< /Type /Annot /Subtype /Popup /Rect [220 200 300 260] /Parent 7 0 R /T (CANARY_POPUP_AUTHOR) /M (D:20200101120000Z) >>',
    ],
    [
      14,
      {
        dict: `/Type /EmbeddedFile /Subtype /image#2Fjpeg /Params << /ModDate (D:20190101000000Z) /CheckSum <${md5}> /Size ${attachment.length} >>`,
        data: attachment,
        flate: true,
      },
    ],
    [
      15,
      '<< /Author (CANARY_OLD_AUTHOR) /Producer (CANARY_PRODUCER) /CreationDate (D:20200101000000Z) >>',
    ],
    [16, "<< /S /JavaScript /JS (app.alert\\('hi'\\);) >>"],
    [17, '<< /Type /OCG /Name (Layer 1) >>'],
  ]);
}

/** The canary PDF: saved once, then updated so the older revision holds the old author. */
function canaryPdf(): Uint8Array {
  const photo = jpeg('photo.jpg', 'red-blue', 'CANARY_IMAGE_ARTIST');
  const attachment = jpeg('attach.jpg', 'green-yellow', 'CANARY_ATTACH_ARTIST');
  const id = `<${hex('CANARY_ID_000001')}>`;
  const base = buildPdf(
    canaryBodies(photo, attachment),
    `/Root 1 0 R /Info 15 0 R /ID [${id} ${id}]`,
  );
  return appendUpdate(
    base,
    new Map([
      [
        15,
        '<< /Author (CANARY_INFO_AUTHOR) /Creator (CANARY_CREATOR) /ModDate (D:20220101000000Z) >>',
      ],
    ]),
    `/Root 1 0 R /Info 15 0 R /ID [${id} <00112233445566778899aabbccddeeff>]`,
  );
}

function write(name: string, bytes: Uint8Array): string {
  writeFileSync(at(name), bytes);
  return at(name);
}

async function errorOf(bytes: Uint8Array): Promise<unknown> {
  try {
    await cleanPlan(blobOf(bytes));
  } catch (error) {
    return error;
  }
  return null;
}

/** The tags exiftool reads from every file a poppler tool extracted into `sub`. */
function extractedTags(sub: string): string[] {
  return readdirSync(sub).flatMap((f) => identifyingTags(join(sub, f)));
}

function extract(
  tool: string,
  args: string[],
  path: string,
  name: string,
  after: string[] = [],
): string {
  const sub = at(name);
  mkdirSync(sub);
  run(tool, [...args, path, ...after], sub);
  return sub;
}

const byLabel = (findings: readonly Finding[], label: string) =>
  findings.filter((f) => f.label === label);

beforeAll(() => {
  dir = tempDir('metaclean-pdf');
  write('canary.pdf', canaryPdf());
});

describe('pdf: a document holding every kind of metadata', () => {
  it('plants every canary in the input, readable once streams are inflated', () => {
    // qpdf writes the newest revision only; the older one is read from the raw bytes.
    const text =
      qdfText(at('canary.pdf'), at('canary.qdf')) +
      readFileSync(at('canary.pdf')).toString('latin1');
    for (const canary of CANARIES)
      expect(holds(text, canary), canary).toBe(true);
    expect(identifyingTags(at('canary.pdf')).length).toBeGreaterThan(0);
  });

  it('leaves no canary in any object, stream, string or embedded image of the output', async () => {
    const { bytes } = await cleanFile(at('canary.pdf'));
    expectNoLeaks(readFileSync(at('canary.pdf')), bytes, [...CANARIES, PARIS]);
  });

  it('writes one revision that qpdf checks without a warning', async () => {
    const { path, bytes } = await cleanFile(at('canary.pdf'));
    expect(qpdfCheck(path)).toContain('No syntax or stream encoding errors');
    const text = Buffer.from(bytes).toString('latin1');
    expect(text.match(/startxref/g)).toHaveLength(1);
    expect(text).not.toContain('/Prev');
    expect(text).not.toContain('/Info');
  });

  it('keeps the text and renders every page the same', async () => {
    const { path } = await cleanFile(at('canary.pdf'));
    expect(pdfText(path)).toBe(pdfText(at('canary.pdf')));
    expect(pdfText(path)).toContain('Hello PDF world');
    expect(pageHashes(path, dir, 'after')).toEqual(
      pageHashes(at('canary.pdf'), dir, 'before'),
    );
  });

  it('leaves exiftool nothing identifying', async () => {
    const { path } = await cleanFile(at('canary.pdf'));
    expect(identifyingTags(path)).toEqual([]);
  });

  it('cleans the embedded photo losslessly: no GPS, same pixels', async () => {
    const { path } = await cleanFile(at('canary.pdf'));
    const before = extract(
      'pdfimages',
      ['-j'],
      at('canary.pdf'),
      'images-before',
      ['img'],
    );
    const after = extract('pdfimages', ['-j'], path, 'images-after', ['img']);
    expect(extractedTags(before).join(' ')).toContain('GPS');
    expect(extractedTags(after)).toEqual([]);
    const digest = (d: string) =>
      readdirSync(d).map((f) =>
        run('convert', [join(d, f), '-depth', '8', 'rgb:-']),
      );
    expect(digest(after)).toEqual(digest(before));
  });

  it('cleans the attachment with its own module and keeps it', async () => {
    const { path } = await cleanFile(at('canary.pdf'));
    const before = extract(
      'pdfdetach',
      ['-saveall'],
      at('canary.pdf'),
      'files-before',
    );
    const after = extract('pdfdetach', ['-saveall'], path, 'files-after');
    // Saved under the neutral name its file specification now has, its extension kept.
    expect(readdirSync(after)).toEqual(['file.jpg']);
    expect(extractedTags(before).join(' ')).toContain('CANARY_ATTACH_ARTIST');
    expect(extractedTags(after)).toEqual([]);
  });

  it('reports what it removed, with values', async () => {
    const { findings } = await inspect(blobOf(readFileSync(at('canary.pdf'))));
    const values = findings
      .map((f) => `${f.category} ${f.label} ${f.value ?? ''}`)
      .join('\n');
    for (const expected of [
      'author Author CANARY_INFO_AUTHOR',
      'software Producer CANARY_PRODUCER',
      'author Author CANARY_OLD_AUTHOR',
      'author T CANARY_ANNOT_AUTHOR',
      'time M 2020-01-01T12:00:00Z',
      'thumbnail Thumb',
      'software PieceInfo',
      'history Prev 1 earlier revisions',
      'identifier ID',
      'location GPSPosition 48.858400, 2.294500',
    ])
      expect(values).toContain(expected);
    expect(values).toMatch(/CANARY_XMP_DOC/);
    expect(values).toMatch(/CANARY_XMP_PAGE/);
  });

  it('keeps JavaScript, filled fields, layers and attachments for review, not the comment', async () => {
    const { kept, removed } = await cleanPlan(
      blobOf(readFileSync(at('canary.pdf'))),
    );
    const review = kept.filter((f) => f.kept === 'review');
    // The square is a mark on the page and stays; its comment goes (pdf-comments.test.ts).
    expect(byLabel(review, 'Annots')).toEqual([]);
    expect(byLabel(removed, 'Contents')[0]?.value).toBe('Please check');
    expect(byLabel(review, 'JavaScript')[0]?.value).toBe('1');
    expect(byLabel(review, 'AcroForm')[0]?.value).toBe('1 fields with values');
    expect(byLabel(review, 'OCProperties')[0]?.value).toBe('1 layers');
    expect(byLabel(review, 'EmbeddedFile')[0]?.value).toBe('file.jpg');
  });

  it('keeps the form field, its name and its value', async () => {
    const { path } = await cleanFile(at('canary.pdf'));
    const fields = run('qpdf', ['--json', '--json-key=acroform', path]);
    expect(fields).toContain('fullname');
    expect(fields).toContain('Filled in');
  });
});

describe('pdf: how the file is stored', () => {
  it('reads object streams and cross-reference streams', async () => {
    run('qpdf', [
      '--object-streams=generate',
      at('canary.pdf'),
      at('objstm.pdf'),
    ]);
    expect(readFileSync(at('objstm.pdf')).toString('latin1')).toContain(
      '/ObjStm',
    );
    const { path, bytes } = await cleanFile(at('objstm.pdf'));
    // qpdf writes the newest revision only: the older author and producer are not in its copy.
    const newest = CANARIES.filter(
      (c) => c !== 'CANARY_OLD_AUTHOR' && c !== 'CANARY_PRODUCER',
    );
    expectNoLeaks(readFileSync(at('objstm.pdf')), bytes, [...newest, PARIS]);
    expect(pdfText(path)).toBe(pdfText(at('canary.pdf')));
    qpdfCheck(path);
  });

  it('reads a linearized file', async () => {
    run('qpdf', ['--linearize', at('canary.pdf'), at('linear.pdf')]);
    const { path, result } = await cleanFile(at('linear.pdf'));
    expect(byLabel(result.removed, 'Prev')).toEqual([]);
    expect(pdfText(path)).toBe(pdfText(at('canary.pdf')));
  });

  it('rebuilds a cross-reference whose startxref points nowhere', async () => {
    const text = readFileSync(at('canary.pdf')).toString('latin1');
    const broken = text.replace(
      /startxref\s+\d+\s+%%EOF\s*$/,
      'startxref\n999999999\n%%EOF\n',
    );
    const input = Buffer.from(broken, 'latin1');
    const { path, bytes } = await cleanFile(
      write('broken-startxref.pdf', input),
    );
    expectNoLeaks(input, bytes, CANARIES);
    expect(pdfText(path)).toBe(pdfText(at('canary.pdf')));
  });

  it('finds objects whose table offsets are all wrong', async () => {
    const text = readFileSync(at('canary.pdf')).toString('latin1');
    const shifted = text.replace('%PDF-1.7\n', '%PDF-1.7\n%shift\n');
    const input = Buffer.from(shifted, 'latin1');
    const { path, bytes } = await cleanFile(write('shifted.pdf', input));
    expect(pdfText(path)).toBe(pdfText(at('canary.pdf')));
    expectNoLeaks(input, bytes, CANARIES);
  });

  it('refuses an encrypted file', async () => {
    run('qpdf', [
      '--encrypt',
      'user',
      'owner',
      '256',
      '--',
      at('canary.pdf'),
      at('encrypted.pdf'),
    ]);
    const error = await errorOf(readFileSync(at('encrypted.pdf')));
    expect(isEngineError(error) && error.code).toBe('encrypted');
  });
});

function simplePdf(
  extra: Map<number, PdfBody> = new Map(),
  catalog = '',
  page = '',
  resources = '',
): Uint8Array {
  return buildPdf(
    new Map<number, PdfBody>([
      [1, `<< /Type /Catalog /Pages 2 0 R ${catalog} >>`],
      [2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
      [
        3,
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> ${resources} >> ${page} >>`,
      ],
      [
        4,
        {
          dict: '',
          data: Buffer.from('BT /F1 18 Tf 20 100 Td (Plain text) Tj ET'),
        },
      ],
      [5, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'],
      ...extra,
    ]),
    '/Root 1 0 R',
  );
}

describe('pdf: signatures and attachments', () => {
  it('removes a signature, names its signer in the report, and keeps the field', async () => {
    const signed = simplePdf(
      new Map<number, PdfBody>([
        [
          6,
          '<< /Type /Annot /Subtype /Widget /FT /Sig /T (Signature1) /V 7 0 R /Rect [0 0 0 0] /P 3 0 R >>',
        ],
        [
          7,
          '<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /adbe.pkcs7.detached /Name (CANARY_SIGNER) ' +
            '/M (D:20240101000000Z) /ByteRange [0 10 20 10] /Contents <3082000000> /Reference [<< /TransformMethod /DocMDP >>] >>',
        ],
      ]),
      '/AcroForm << /Fields [6 0 R] /SigFlags 3 >> /Perms << /DocMDP 7 0 R >>',
      '/Annots [6 0 R]',
    );
    const path = write('signed.pdf', signed);
    const { result, bytes, path: out } = await cleanFile(path);
    expect(byLabel(result.removed, 'Sig')[0]?.value).toBe(
      'CANARY_SIGNER, 2024-01-01T00:00:00Z',
    );
    const text = Buffer.from(bytes).toString('latin1');
    expectNoLeaks(signed, bytes, ['CANARY_SIGNER']);
    expect(text).not.toContain('/ByteRange');
    expect(holds(text, 'Signature1')).toBe(true);
    qpdfCheck(out);
  });

  it("reads a photo's image data once per clean, and once again when cleaning its own output", async () => {
    // Verify-after-clean knows where the photo's entropy-coded data ends (it is a byte-identical
    // copy of data the clean scanned), so neither the PDF module nor the JPEG module reads it again.
    convert(['-size', '900x700', 'plasma:', '-quality', '98', at('big.jpg')]);
    exiftoolWrite(at('big.jpg'), ['-Artist=CANARY_IMAGE_ARTIST', ...GPS]);
    const photo = new Uint8Array(readFileSync(at('big.jpg')));
    expect(photo.length).toBeGreaterThan(300_000);
    const pdf = simplePdf(
      new Map<number, PdfBody>([
        [4, { dict: '', data: Buffer.from('q 90 0 0 70 20 20 cm /Im1 Do Q') }],
        [
          6,
          {
            dict: '/Type /XObject /Subtype /Image /Width 900 /Height 700 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode',
            data: photo,
          },
        ],
      ]),
      '',
      '',
      '/XObject << /Im1 6 0 R >>',
    );
    const counted = (bytes: Uint8Array) => {
      const access = {
        size: bytes.length,
        read: async (offset: number, length: number) => {
          const slice = bytes.slice(offset, offset + length);
          // Header walks read windows of at most 256 KiB; only reads of image data are larger.
          if (slice.length > 300_000) access.bytesRead += slice.length;
          return slice;
        },
        bytesRead: 0,
      };
      return access;
    };
    const input = counted(pdf);
    const result = await cleanPlan(input);
    expect(byLabel(result.removed, 'Artist')[0]?.value).toBe(
      'CANARY_IMAGE_ARTIST',
    );
    expect(input.bytesRead).toBeLessThan(photo.length * 1.2);
    const path = write('big-photo.pdf', pdf);
    const { bytes: cleaned } = await cleanFile(path);
    expectNoLeaks(pdf, cleaned, ['CANARY_IMAGE_ARTIST', PARIS]);
    const again = counted(cleaned);
    const second = await cleanPlan(again);
    expect(second.removed.filter((f) => f.location.includes('image'))).toEqual(
      [],
    );
    expect(again.bytesRead).toBeLessThan(photo.length * 1.2);
  });

  it('cleans a photo stored under another filter and renders it the same', async () => {
    const photo = new Uint8Array(readFileSync(at('photo.jpg')));
    const pdf = simplePdf(
      new Map<number, PdfBody>([
        [
          4,
          {
            dict: '',
            data: Buffer.from('q 96 0 0 64 20 20 cm /Im1 Do Q'),
          },
        ],
        [
          6,
          {
            dict: '/Type /XObject /Subtype /Image /Width 96 /Height 64 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter [/FlateDecode /DCTDecode]',
            data: deflateSync(photo),
          },
        ],
      ]),
      '',
      '',
      '/XObject << /Im1 6 0 R >>',
    );
    const path = write('flate-photo.pdf', pdf);
    const { path: out, result, bytes } = await cleanFile(path);
    expect(byLabel(result.removed, 'Artist')[0]?.value).toBe(
      'CANARY_IMAGE_ARTIST',
    );
    expectNoLeaks(pdf, bytes, ['CANARY_IMAGE_ARTIST', PARIS]);
    expect(pageHashes(out, dir, 'flate-after')).toEqual(
      pageHashes(path, dir, 'flate-before'),
    );
    qpdfCheck(out);
  });

  it('fails closed, naming the attachment, when its format cannot be cleaned', async () => {
    const pdf = simplePdf(
      new Map<number, PdfBody>([
        [
          6,
          '<< /Type /Filespec /F (notes.bin) /UF (notes.bin) /EF << /F 7 0 R >> >>',
        ],
        [
          7,
          {
            dict: '/Type /EmbeddedFile',
            data: new Uint8Array([0, 1, 2, 3, 0xfe, 0xff, 0x80, 0x81]),
            flate: true,
          },
        ],
      ]),
      '/Names << /EmbeddedFiles << /Names [(notes.bin) 6 0 R] >> >>',
    );
    const error = await errorOf(pdf);
    expect(isEngineError(error) && error.code).toBe('uncleanable-part');
    expect(isEngineError(error) && error.parts).toEqual(['notes.bin']);
  });
});

/** Runs a hostile input: a typed error or a clean output (its speed is measured by `npm run bench`). */
async function boundedOutcome(bytes: Uint8Array): Promise<string> {
  const error = await errorOf(bytes);
  if (error === null) return 'clean';
  expect(isEngineError(error), String(error)).toBe(true);
  return isEngineError(error) ? error.code : 'foreign';
}

describe('pdf: hostile input', () => {
  it('walks a cyclic page tree once', async () => {
    const pdf = buildPdf(
      new Map<number, PdfBody>([
        [1, '<< /Type /Catalog /Pages 2 0 R /Self 1 0 R >>'],
        [2, '<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 1 /Parent 2 0 R >>'],
        [
          3,
          '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] /Next 1 0 R >>',
        ],
      ]),
      '/Root 1 0 R',
    );
    expect(await boundedOutcome(pdf)).toBe('clean');
  });

  it('recovers a stream whose /Length lies, longer or shorter', async () => {
    const honest = Buffer.from(simplePdf()).toString('latin1');
    for (const lie of ['/Length 9999999', '/Length 3']) {
      const lying = honest.replace(/\/Length \d+/, lie);
      const { path } = await cleanFile(
        write('lying.pdf', Buffer.from(lying, 'latin1')),
      );
      expect(pdfText(path)).toContain('Plain text');
      qpdfCheck(path);
    }
  });

  it('refuses values nested past the limit', async () => {
    const deep = simplePdf(
      new Map([[6, `${'['.repeat(5000)}${']'.repeat(5000)}`]]),
      '',
      '',
      '/Properties << /Deep 6 0 R >>',
    );
    expect(await boundedOutcome(deep)).toBe('corrupt');
  });

  it('refuses an object of millions of values before memory runs out', async () => {
    const numbers = simplePdf(
      new Map([[6, `[${'0 '.repeat(3_000_000)}]`]]),
      '',
      '',
      '/Properties << /Numbers 6 0 R >>',
    );
    expect(await boundedOutcome(numbers)).toBe('corrupt');
  });

  it('bounds a cross-reference claiming two billion entries', async () => {
    const text = Buffer.from(simplePdf())
      .toString('latin1')
      .replace(/xref\n0 1\n/, 'xref\n0 2000000000\n');
    expect(['clean', 'corrupt']).toContain(
      await boundedOutcome(Buffer.from(text, 'latin1')),
    );
  });

  it('bounds an object stream claiming a billion objects', async () => {
    const objstm = simplePdf(
      new Map([
        [
          6,
          {
            dict: '/Type /ObjStm /N 1000000000 /First 4',
            data: Buffer.from('7 0 << >>'),
          },
        ],
      ]),
      '',
      '',
      '/Properties << /X 6 0 R >>',
    );
    expect(['clean', 'corrupt']).toContain(await boundedOutcome(objstm));
  });

  it('refuses an attachment that inflates past the limit (a bomb)', async () => {
    const bomb = deflateSync(Buffer.alloc(80 * 1024 * 1024), { level: 9 });
    const pdf = simplePdf(
      new Map<number, PdfBody>([
        [6, '<< /Type /Filespec /F (bomb.bin) /EF << /F 7 0 R >> >>'],
        [
          7,
          `<< /Type /EmbeddedFile /Filter /FlateDecode /Length ${bomb.length} >>`,
        ],
      ]),
      '/Names << /EmbeddedFiles << /Names [(bomb.bin) 6 0 R] >> >>',
    );
    const text = Buffer.from(pdf).toString('latin1');
    const withData = text.replace(
      `/Length ${bomb.length} >>\nendobj`,
      `/Length ${bomb.length} >>\nstream\n${bomb.toString('latin1')}\nendstream\nendobj`,
    );
    const bytes = Buffer.from(withData, 'latin1');
    // Inflating up to the 64 MB limit takes a while on a loaded machine; the bound is what counts.
    expect(await boundedOutcome(bytes)).toBe('too-large');
  });

  it('removes an XMP stream that is a bomb without inflating it all', async () => {
    const bomb = deflateSync(Buffer.alloc(80 * 1024 * 1024), { level: 9 });
    const pdf = simplePdf(
      new Map([
        [
          6,
          {
            dict: '/Type /Metadata /Subtype /XML /Filter /FlateDecode',
            data: bomb,
          },
        ],
      ]),
      '/Metadata 6 0 R',
    );
    expect(await boundedOutcome(pdf)).toBe('clean');
  });

  it('refuses a file that is not a PDF past its header', async () => {
    expect(await boundedOutcome(Buffer.from('%PDF-1.7\ngarbage only\n'))).toBe(
      'corrupt',
    );
  });
});

const hasSoffice = (() => {
  try {
    execFileSync('sh', ['-c', 'command -v soffice'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe.skipIf(!hasSoffice)(
  'pdf: a LibreOffice export edited by exiftool',
  () => {
    it('cleans both revisions: nothing identifying, same text and pages', async () => {
      const source = at('letter.txt');
      writeFileSync(
        source,
        'Dear reader,\nthis letter was exported by LibreOffice.\n',
      );
      run(
        'soffice',
        ['--headless', '--convert-to', 'pdf', '--outdir', dir, source],
        dir,
      );
      const pdf = at('letter.pdf');
      // exiftool writes PDF metadata as an incremental update, with XMP; the export's Info stays
      // in the first revision.
      exiftoolWrite(pdf, [
        '-Author=CANARY_LO_AUTHOR',
        '-XMP-dc:Creator=CANARY_LO_XMP',
      ]);
      const raw = readFileSync(pdf).toString('latin1');
      expect(raw).toContain('CANARY_LO_AUTHOR');
      const { path, result, bytes } = await cleanFile(pdf);
      expect(byLabel(result.removed, 'Prev').length).toBe(1);
      expect(byLabel(result.removed, 'Producer')[0]?.value).toContain(
        'LibreOffice',
      );
      expectNoLeaks(readFileSync(pdf), bytes, [
        'CANARY_LO_AUTHOR',
        'CANARY_LO_XMP',
        'LibreOffice',
      ]);
      expect(identifyingTags(path)).toEqual([]);
      expect(pdfText(path)).toBe(pdfText(pdf));
      expect(pageHashes(path, dir, 'letter-after')).toEqual(
        pageHashes(pdf, dir, 'letter-before'),
      );
      qpdfCheck(path);
    });
  },
);

describeCorpus('pdf: the shared corpus', () => {
  const corpus = () => corpusFile('mat2', 'dirty.pdf');

  it('cleans mat2/dirty.pdf: no identifying tag, same text and pages, qpdf checks it', async () => {
    const { path, bytes } = await cleanFile(corpus());
    expect(identifyingTags(corpus()).length).toBeGreaterThan(0);
    expect(identifyingTags(path)).toEqual([]);
    expect(pdfText(path)).toBe(pdfText(corpus()));
    expect(pageHashes(path, dir, 'corpus-after')).toEqual(
      pageHashes(corpus(), dir, 'corpus-before'),
    );
    expect(qpdfCheck(path)).toContain('No syntax or stream encoding errors');
    expectNoLeaks(readFileSync(corpus()), bytes, ['PDFeXpress', 'uuid:']);
    execFileSync('qpdf', ['--check', path]);
  });
});
