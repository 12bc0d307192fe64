import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan, isEngineError } from '../../../workers/engine';
import type { Finding } from '../../../workers/engine';
import { identifyingTags } from '../../helpers/exiftool';
import { convert, exiftoolWrite, tempDir } from '../../helpers/image-tools';
import {
  buildPdf,
  pageHashes,
  pdfText,
  qpdfCheck,
  run,
  xmpPacket,
  type PdfBody,
} from '../../helpers/pdf-fixtures';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { leakedCanaries, pdfLayers } from '../../helpers/pdf-layers';
import { ascii85, lzw, runLength } from '../../helpers/pdf-old-filters';
import { blobOf } from '../../helpers/video-tools';
import { materialize } from '../../helpers/zip-tools';

let dir = '';
beforeAll(() => {
  dir = tempDir('pdf-keep');
});

const PRIVATE = [
  'CANARY_PRIVATE_CATALOG',
  'CANARY_PRIVATE_PAGES',
  'CANARY_PRIVATE_PAGE',
  'CANARY_PRIVATE_IMAGE',
  'CANARY_PRIVATE_FORM',
  'CANARY_PRIVATE_ANNOT',
  'CANARY_PRIVATE_FILESPEC',
  'CANARY_PRIVATE_OBJECT',
];

/**
 * A page with an image, a form XObject and a link to another file, each structural dictionary
 * holding an unknown key with a canary (one of them pointing at an object of its own).
 */
function privateKeysPdf(): Uint8Array {
  return buildPdf(
    new Map<number, PdfBody>([
      [
        1,
        '<< /Type /Catalog /Pages 2 0 R /MyPrivateKey (CANARY_PRIVATE_CATALOG) /MyObject 9 0 R >>',
      ],
      [
        2,
        '<< /Type /Pages /Kids [3 0 R] /Count 1 /MyPrivateKey (CANARY_PRIVATE_PAGES) >>',
      ],
      [
        3,
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Annots [8 0 R] ' +
          '/Resources << /Font << /F1 5 0 R >> /XObject << /Im1 6 0 R /Fm1 7 0 R >> >> /MyPrivateKey (CANARY_PRIVATE_PAGE) >>',
      ],
      [
        4,
        {
          dict: '',
          data: Buffer.from(
            'BT /F1 18 Tf 20 150 Td (Kept words) Tj ET q 20 0 0 20 20 20 cm /Im1 Do Q /Fm1 Do',
          ),
        },
      ],
      [5, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'],
      [
        6,
        {
          dict: '/Type /XObject /Subtype /Image /Width 2 /Height 2 /ColorSpace /DeviceGray /BitsPerComponent 8 /MyPrivateKey (CANARY_PRIVATE_IMAGE)',
          data: Buffer.from([0, 255, 255, 0]),
        },
      ],
      [
        7,
        {
          dict: '/Type /XObject /Subtype /Form /BBox [0 0 200 200] /Resources << /Font << /F1 5 0 R >> >> /MyPrivateKey (CANARY_PRIVATE_FORM)',
          data: Buffer.from('BT /F1 12 Tf 20 60 Td (Form words) Tj ET'),
        },
      ],
      [
        8,
        '<< /Type /Annot /Subtype /Link /Rect [20 100 180 120] /Border [0 0 0] /MyPrivateKey (CANARY_PRIVATE_ANNOT) ' +
          '/A << /S /GoToR /D [0 /Fit] /F << /Type /Filespec /F (other.pdf) /MyPrivateKey (CANARY_PRIVATE_FILESPEC) >> >> >>',
      ],
      [9, '<< /Note (CANARY_PRIVATE_OBJECT) >>'],
    ]),
    '/Root 1 0 R',
  );
}

async function cleaned(
  name: string,
  input: Uint8Array,
): Promise<{ path: string; output: Uint8Array; removed: Finding[] }> {
  writeFileSync(join(dir, `${name}.pdf`), input);
  const result = await cleanPlan(blobOf(input));
  const output = await materialize(input, result.plan);
  const path = join(dir, `${name}-cleaned.pdf`);
  writeFileSync(path, output);
  return { path, output, removed: result.removed };
}

describe('pdf keep-list: structural dictionaries keep only the keys ISO 32000-2 defines', () => {
  it('removes an unknown key from the catalog, page tree, page, XObjects, annotation and file specification', async () => {
    const input = privateKeysPdf();
    expect(leakedCanaries(pdfLayers(input), PRIVATE)).toEqual(PRIVATE);
    const { path, output, removed } = await cleaned('private', input);
    expect(leakedCanaries(pdfLayers(output), PRIVATE)).toEqual([]);
    const labels = removed.filter((f) => f.label === 'MyPrivateKey');
    expect(labels.map((f) => f.location).sort()).toEqual(
      [
        'Catalog',
        'Page',
        'Pages',
        'XObject',
        'XObject',
        'annotation',
        'file specification',
      ].sort(),
    );
    expect(removed.find((f) => f.label === 'MyObject')).toBeDefined();
    expect(qpdfCheck(path)).toContain('No syntax or stream encoding errors');
    expect(pdfText(path)).toBe(pdfText(join(dir, 'private.pdf')));
    // The link points at a neutral file name with the same extension, and the image is still there.
    const text = Buffer.from(output).toString('latin1');
    expect(text).toContain(Buffer.from('file.pdf').toString('hex'));
    expect(text).not.toContain(Buffer.from('other.pdf').toString('hex'));
    expect(run('pdfimages', ['-list', path])).toMatch(/image\s+2\s+2\s+gray/);
  });
});

/** A one-page PDF with `extra` objects, catalog entries, page entries and page resources. */
function pagePdf(
  extra: [number, PdfBody][],
  catalog = '',
  page = '',
  resources = '',
  trailer = '/Root 1 0 R',
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
          data: Buffer.from('BT /F1 18 Tf 20 150 Td (Kept words) Tj ET'),
        },
      ],
      [5, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'],
      ...extra,
    ]),
    trailer,
  );
}

describe('pdf keep-list: what producers add', () => {
  it("removes pdfTeX's file name, page number and the included figure's information", async () => {
    const input = pagePdf(
      [
        [
          6,
          {
            dict: '/Type /XObject /Subtype /Form /BBox [0 0 10 10] /PTEX.FileName (/home/CANARY_PTEX_USER/paper/fig.pdf) /PTEX.PageNumber 1 /PTEX.InfoDict 7 0 R',
            data: Buffer.from('0 0 10 10 re f'),
          },
        ],
        [
          7,
          '<< /Author (CANARY_PTEX_AUTHOR) /Creator (CANARY_PTEX_TOOL) /CreationDate (D:20200101000000Z) >>',
        ],
      ],
      '',
      '',
      '/XObject << /Fm1 6 0 R >>',
    );
    const canaries = [
      'CANARY_PTEX_USER',
      'CANARY_PTEX_AUTHOR',
      'CANARY_PTEX_TOOL',
    ];
    expect(leakedCanaries(pdfLayers(input), canaries)).toEqual(canaries);
    const { output, removed, path } = await cleaned('ptex', input);
    expect(leakedCanaries(pdfLayers(output), canaries)).toEqual([]);
    expect(Buffer.from(output).toString('latin1')).not.toContain('PTEX');
    expect(removed.map((f) => f.label)).toEqual(
      expect.arrayContaining([
        'PTEX.FileName',
        'PTEX.PageNumber',
        'PTEX.InfoDict',
      ]),
    );
    qpdfCheck(path);
  });

  it("removes the signer's certificates in /DSS along with the signature", async () => {
    const input = pagePdf(
      [
        [
          6,
          '<< /Type /Annot /Subtype /Widget /FT /Sig /T (Signature1) /V 7 0 R /Rect [0 0 0 0] /P 3 0 R >>',
        ],
        [
          7,
          '<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /ETSI.CAdES.detached /Name (CANARY_DSS_SIGNER) /ByteRange [0 10 20 10] /Contents <3082000000> >>',
        ],
        [
          8,
          {
            dict: '',
            data: Buffer.from('CN=CANARY_DSS_CERT, E=someone@example.org'),
          },
        ],
        [9, '<< /Cert [8 0 R] >>'],
      ],
      '/AcroForm << /Fields [6 0 R] /SigFlags 3 >> /DSS << /Certs [8 0 R] /VRI << /ABCDEF 9 0 R >> >>',
      '/Annots [6 0 R]',
    );
    const canaries = ['CANARY_DSS_SIGNER', 'CANARY_DSS_CERT'];
    expect(leakedCanaries(pdfLayers(input), canaries)).toEqual(canaries);
    const { output, removed } = await cleaned('dss', input);
    expect(leakedCanaries(pdfLayers(output), canaries)).toEqual([]);
    expect(removed.find((f) => f.label === 'DSS')?.category).toBe('author');
  });

  it('removes the creator and user names of a layer, keeping the layer', async () => {
    const input = pagePdf(
      [
        [
          6,
          '<< /Type /OCG /Name (Layer one) /Usage << /CreatorInfo << /Creator (CANARY_OC_CREATOR) /Subtype /Artwork >> ' +
            '/User << /Type /Ind /Name (CANARY_OC_USER) >> /Print << /PrintState /ON >> >> >>',
        ],
      ],
      '/OCProperties << /OCGs [6 0 R] /D << /Order [6 0 R] >> >>',
    );
    const canaries = ['CANARY_OC_CREATOR', 'CANARY_OC_USER'];
    expect(leakedCanaries(pdfLayers(input), canaries)).toEqual(canaries);
    const { output, removed } = await cleaned('ocg', input);
    expect(leakedCanaries(pdfLayers(output), canaries)).toEqual([]);
    expect(removed.map((f) => `${f.label} ${f.value}`)).toEqual(
      expect.arrayContaining([
        'CreatorInfo CANARY_OC_CREATOR',
        'User CANARY_OC_USER',
      ]),
    );
    const text = Buffer.from(output).toString('latin1');
    expect(text).toContain(Buffer.from('Layer one').toString('hex'));
    expect(text).toContain('/PrintState');
  });

  it('cleans an information dictionary that is the catalog, or linked from it', async () => {
    const input = pagePdf(
      [
        [
          6,
          '<< /Author (CANARY_LINKED_AUTHOR) /Producer (CANARY_LINKED_TOOL) >>',
        ],
      ],
      '/Author (CANARY_CATALOG_AUTHOR) /Creator (CANARY_CATALOG_TOOL) /Info 6 0 R',
      '',
      '',
      '/Root 1 0 R /Info 1 0 R',
    );
    const canaries = [
      'CANARY_LINKED_AUTHOR',
      'CANARY_LINKED_TOOL',
      'CANARY_CATALOG_AUTHOR',
      'CANARY_CATALOG_TOOL',
    ];
    expect(leakedCanaries(pdfLayers(input), canaries)).toEqual(canaries);
    const { output, path } = await cleaned('info-catalog', input);
    expect(leakedCanaries(pdfLayers(output), canaries)).toEqual([]);
    expect(identifyingTags(path)).toEqual([]);
  });

  it('removes dates under a damaged or private key anywhere', async () => {
    const input = pagePdf(
      [
        [
          6,
          '<< /Type /Annot /Subtype /Square /Rect [0 0 10 10] /Contents (note) /Mod#44ate (D:19871122334455Z) >>',
        ],
        [7, '<< /Kind /Private /Stamp (D:19871122334456Z) >>'],
      ],
      '',
      '/Annots [6 0 R]',
      '/Properties << /P0 7 0 R >>',
    );
    const canaries = ['19871122334455', '19871122334456'];
    expect(leakedCanaries(pdfLayers(input), canaries)).toEqual(canaries);
    const { output, removed } = await cleaned('dates', input);
    expect(leakedCanaries(pdfLayers(output), canaries)).toEqual([]);
    expect(removed.filter((f) => f.category === 'time').length).toBe(2);
  });
});

describe('pdf: local paths and file names', () => {
  it('cuts the folders of link URIs, and names the files of launch and remote-go-to links neutrally', async () => {
    const link = (n: number, action: string): [number, PdfBody] => [
      n,
      `<< /Type /Annot /Subtype /Link /Rect [0 ${n * 10} 10 ${n * 10 + 10}] /A ${action} >>`,
    ];
    const input = pagePdf(
      [
        link(6, '<< /S /URI /URI (file:///home/CANARY_URI_USER/notes.pdf) >>'),
        link(
          7,
          '<< /S /GoToR /D [0 /Fit] /F (C:\\\\Users\\\\CANARY_DOS_USER\\\\report.pdf) >>',
        ),
        link(
          8,
          '<< /S /Launch /F << /Type /Filespec /F (/C/Users/CANARY_PDF_USER/run.pdf) /UF <FEFF005C005C00430041004E004100520059005F0055004E0043005C0073002E007000640066> >> >>',
        ),
        link(9, '<< /S /URI /URI (https://example.org/home/page.html) >>'),
      ],
      '',
      '/Annots [6 0 R 7 0 R 8 0 R 9 0 R]',
    );
    const canaries = [
      'CANARY_URI_USER',
      'CANARY_DOS_USER',
      'CANARY_PDF_USER',
      'CANARY_UNC',
    ];
    expect(leakedCanaries(pdfLayers(input), canaries)).toEqual(canaries);
    const { output, removed, path } = await cleaned('paths', input);
    expect(leakedCanaries(pdfLayers(output), canaries)).toEqual([]);
    const text = Buffer.from(output).toString('latin1');
    for (const kept of [
      'notes.pdf',
      'file.pdf',
      'file-2.pdf',
      'https://example.org/home/page.html',
    ])
      expect(text).toContain(Buffer.from(kept).toString('hex'));
    for (const gone of ['report.pdf', 'run.pdf'])
      expect(text).not.toContain(Buffer.from(gone).toString('hex'));
    expect(
      removed.filter((f) => f.field === 'identifier.file-name').length,
    ).toBe(4);
    qpdfCheck(path);
  });

  it("takes a launch action's directory away whole: its last folder is a user name too", async () => {
    const input = pagePdf(
      [
        [
          6,
          '<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A << /S /Launch /Win << /F (C:\\\\Tools\\\\run.exe) /D (C:\\\\Users\\\\CANARY_LAUNCH_DIR) /O (open) >> >> >>',
        ],
      ],
      '',
      '/Annots [6 0 R]',
    );
    const canaries = ['CANARY_LAUNCH_DIR'];
    expect(leakedCanaries(pdfLayers(input), canaries)).toEqual(canaries);
    const { output, removed, path } = await cleaned('launch-dir', input);
    expect(leakedCanaries(pdfLayers(output), canaries)).toEqual([]);
    expect(removed).toContainEqual(
      expect.objectContaining({
        field: 'identifier.file-name',
        label: 'D',
        value: 'C:\\Users\\CANARY_LAUNCH_DIR',
      }),
    );
    qpdfCheck(path);
  });
});

const GPS = [
  '-GPSLatitude=48.8584',
  '-GPSLatitudeRef=N',
  '-GPSLongitude=2.2945',
  '-GPSLongitudeRef=E',
];

/** A small JPEG with the artist and GPS position set by exiftool. */
function photo(name: string, artist: string): Uint8Array {
  const path = join(dir, name);
  convert(['-size', '32x24', 'gradient:red-blue', path]);
  exiftoolWrite(path, [`-Artist=${artist}`, ...GPS]);
  return new Uint8Array(readFileSync(path));
}

const IMAGE =
  '/Type /XObject /Width 32 /Height 24 /ColorSpace /DeviceRGB /BitsPerComponent 8';

describe('pdf: every reference resolved before a decision', () => {
  it('cleans photos whose /Subtype, /Filter, filter element or /Length is indirect, and an attachment behind an indirect /EF', async () => {
    const input = pagePdf(
      [
        [
          4,
          {
            dict: '',
            data: Buffer.from(
              'q 32 0 0 24 0 0 cm /A Do Q q 32 0 0 24 40 0 cm /B Do Q q 32 0 0 24 80 0 cm /C Do Q',
            ),
          },
        ],
        [
          6,
          {
            dict: `${IMAGE} /Subtype 20 0 R /Filter /DCTDecode`,
            data: photo('a.jpg', 'CANARY_INDIRECT_SUBTYPE'),
          },
        ],
        [
          7,
          {
            dict: `${IMAGE} /Subtype /Image /Filter [21 0 R]`,
            data: photo('b.jpg', 'CANARY_INDIRECT_ELEMENT'),
          },
        ],
        [
          8,
          {
            dict: `${IMAGE} /Subtype /Image /Filter 22 0 R`,
            data: photo('c.jpg', 'CANARY_INDIRECT_FILTER'),
          },
        ],
        [9, '<< /Type /Filespec /F (d.jpg) /UF (d.jpg) /EF 23 0 R >>'],
        [10, { dict: '', data: photo('d.jpg', 'CANARY_INDIRECT_EF') }],
        [20, '/Image'],
        [21, '/DCTDecode'],
        [22, '[/DCTDecode]'],
        [23, '<< /F 10 0 R >>'],
      ],
      '/Names << /EmbeddedFiles << /Names [(d.jpg) 9 0 R] >> >>',
      '',
      '/XObject << /A 6 0 R /B 7 0 R /C 8 0 R >>',
    );
    const canaries = [
      'CANARY_INDIRECT_SUBTYPE',
      'CANARY_INDIRECT_ELEMENT',
      'CANARY_INDIRECT_FILTER',
      'CANARY_INDIRECT_EF',
    ];
    expect(leakedCanaries(pdfLayers(input), canaries)).toEqual(canaries);
    const { output, removed, path } = await cleaned('indirect', input);
    expect(leakedCanaries(pdfLayers(output), canaries)).toEqual([]);
    expect(
      removed.filter((f) => f.label === 'GPSPosition').length,
    ).toBeGreaterThanOrEqual(4);
    const images = join(dir, 'indirect-images');
    mkdirSync(images);
    run('pdfimages', ['-j', path, join(images, 'img')]);
    const extracted = readdirSync(images).map((f) => join(images, f));
    expect(extracted.length).toBe(3);
    for (const f of extracted) expect(identifyingTags(f)).toEqual([]);
    qpdfCheck(path);
  });

  it('follows an indirect /Length to the end of a photo', async () => {
    const jpeg = photo('e.jpg', 'CANARY_INDIRECT_LENGTH');
    const text = Buffer.from(
      pagePdf(
        [
          [
            6,
            {
              dict: `${IMAGE} /Subtype /Image /Filter /DCTDecode`,
              data: jpeg,
            },
          ],
          [20, `${jpeg.length}`],
        ],
        '',
        '',
        '/XObject << /A 6 0 R >>',
      ),
    ).toString('latin1');
    const input = Buffer.from(
      text.replace(`/Length ${jpeg.length}>>`, '/Length 20 0 R>>'),
      'latin1',
    );
    expect(input.toString('latin1')).toContain('/Length 20 0 R');
    const { output } = await cleaned('indirect-length', input);
    expect(
      leakedCanaries(pdfLayers(output), ['CANARY_INDIRECT_LENGTH']),
    ).toEqual([]);
  });
});

/** JPEG inline image operators around `jpeg`, after a small grey inline image with no filter. */
function inlineContent(jpeg: Uint8Array, filter = '/DCT'): Buffer {
  return Buffer.concat([
    Buffer.from(
      'q 20 0 0 20 100 100 cm BI /W 2 /H 2 /CS /G /BPC 8 ID \x00\xff\xff\x00\nEI Q\n' +
        `q 32 0 0 24 20 20 cm BI /W 32 /H 24 /CS /RGB /BPC 8 /F ${filter} ID `,
      'latin1',
    ),
    Buffer.from(jpeg),
    Buffer.from('\nEI Q\nBT /F1 12 Tf 20 150 Td (BI and ID as text) Tj ET\n'),
  ]);
}

describe('pdf: inline images', () => {
  it('cleans a JPEG inline image in a page content stream, keeping what the page shows', async () => {
    const jpeg = photo('inline.jpg', 'CANARY_INLINE_ARTIST');
    const input = pagePdf([
      [4, { dict: '', data: inlineContent(jpeg), flate: true }],
    ]);
    const canaries = ['CANARY_INLINE_ARTIST'];
    expect(leakedCanaries(pdfLayers(input), canaries)).toEqual(canaries);
    const { output, removed, path } = await cleaned('inline', input);
    expect(leakedCanaries(pdfLayers(output), canaries)).toEqual([]);
    expect(removed.map((f) => f.label)).toEqual(
      expect.arrayContaining(['Artist', 'GPSPosition']),
    );
    expect(pageHashes(path, dir, 'inline-after')).toEqual(
      pageHashes(join(dir, 'inline.pdf'), dir, 'inline-before'),
    );
    expect(pdfText(path)).toContain('BI and ID as text');
    qpdfCheck(path);
  });

  it.each([
    ['LZWDecode', lzw],
    ['ASCII85Decode', ascii85],
    ['RunLengthDecode', runLength],
  ])(
    'cleans a JPEG inline image in a content stream under %s',
    async (filter, encode) => {
      const canary = `CANARY_INLINE_${filter.toUpperCase()}`;
      const jpeg = photo(`inline-${filter}.jpg`, canary);
      const input = pagePdf([
        [
          4,
          {
            dict: `/Filter /${filter}`,
            data: encode(inlineContent(jpeg)),
          },
        ],
      ]);
      const { output, path } = await cleaned(`inline-${filter}`, input);
      expectNoLeaks(input, output, [canary]);
      expect(pageHashes(path, dir, `inline-${filter}-after`)).toEqual(
        pageHashes(
          join(dir, `inline-${filter}.pdf`),
          dir,
          `inline-${filter}-before`,
        ),
      );
      qpdfCheck(path);
    },
  );

  it('fails closed, naming the page, when an inline JPEG cannot be cleaned', async () => {
    const jpeg = photo('inline-hex.jpg', 'CANARY_INLINE_HEX');
    const hex = Buffer.from(`${Buffer.from(jpeg).toString('hex')}>`);
    const input = pagePdf([
      [4, { dict: '', data: inlineContent(hex, '[/AHx /DCT]') }],
    ]);
    const error = await cleanPlan(blobOf(input)).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isEngineError(error) && error.code).toBe('unsupported');
    expect(String((error as Error).message)).toContain('page 1');
  });
});

describe('pdf: XMP is recognised by its content', () => {
  it('empties an XMP packet in a stream without /Type /Metadata', async () => {
    const input = pagePdf(
      [
        [
          6,
          {
            dict: '',
            data: xmpPacket('CANARY_XMP_UNTYPED'),
            flate: true,
          },
        ],
        [7, { dict: '/Type /Private', data: xmpPacket('CANARY_XMP_TYPED') }],
      ],
      '',
      '',
      '/Properties << /P0 6 0 R /P1 7 0 R >>',
    );
    const canaries = ['CANARY_XMP_UNTYPED', 'CANARY_XMP_TYPED'];
    expect(leakedCanaries(pdfLayers(input), canaries)).toEqual(canaries);
    const { output, removed } = await cleaned('xmp-untyped', input);
    expect(leakedCanaries(pdfLayers(output), canaries)).toEqual([]);
    expect(removed.map((f) => f.value)).toEqual(
      expect.arrayContaining(['CANARY_XMP_UNTYPED']),
    );
  });
});

describe('pdf: a catalog inside an object stream', () => {
  it('finds and cleans it when the cross-reference must be rebuilt', async () => {
    const source = join(dir, 'root-source.pdf');
    writeFileSync(
      source,
      pagePdf(
        [
          [
            6,
            {
              dict: '/Type /Metadata /Subtype /XML',
              data: xmpPacket('CANARY_OBJSTM_XMP'),
            },
          ],
        ],
        '/Metadata 6 0 R /MyPrivateKey (CANARY_OBJSTM_ROOT)',
      ),
    );
    const packed = join(dir, 'root-packed.pdf');
    run('qpdf', ['--object-streams=generate', source, packed]);
    const text = readFileSync(packed).toString('latin1');
    // The catalog is compressed: no `N 0 obj << /Type /Catalog` in the raw bytes.
    expect(text).not.toMatch(/obj\s*<<\s*\/Type\s*\/Catalog/);
    const broken = Buffer.from(
      text.replace(/startxref\s+\d+/, 'startxref\n999999999'),
      'latin1',
    );
    const canaries = ['CANARY_OBJSTM_XMP', 'CANARY_OBJSTM_ROOT'];
    expect(leakedCanaries(pdfLayers(broken, false), canaries)).toEqual(
      canaries,
    );
    const { output, path } = await cleaned('root-objstm', broken);
    expect(leakedCanaries(pdfLayers(output), canaries)).toEqual([]);
    expect(pdfText(path)).toContain('Kept words');
  });
});

describe('pdf: what the mutation campaign found', () => {
  it('cleans a signature whose field lost /FT, an indirect local URI, and XMP whose /Filter was damaged', async () => {
    const input = pagePdf(
      [
        [
          6,
          '<< /Type /Annot /Subtype /Widget /FTX /Sig /T (Sig1) /V 7 0 R /Rect [0 0 0 0] /P 3 0 R ' +
            '/A << /S /URI /URI 8 0 R >> >>',
        ],
        [
          7,
          '<< /Type /Sig /Name (CANARY_CAMPAIGN_SIGNER) /ByteRange [0 1 2 1] /Contents <00> >>',
        ],
        [8, '(file:///home/CANARY_CAMPAIGN_URI/x.pdf)'],
        [
          9,
          {
            dict: '/Vilter /FlateDecode',
            data: deflateSync(xmpPacket('CANARY_CAMPAIGN_XMP')),
          },
        ],
      ],
      '',
      '/Annots [6 0 R]',
      '/Properties << /P0 9 0 R >>',
    );
    const canaries = [
      'CANARY_CAMPAIGN_SIGNER',
      'CANARY_CAMPAIGN_URI',
      'CANARY_CAMPAIGN_XMP',
    ];
    expect(leakedCanaries(pdfLayers(input), canaries)).toEqual(canaries);
    const { output } = await cleaned('campaign', input);
    expect(leakedCanaries(pdfLayers(output), canaries)).toEqual([]);
  });
});
