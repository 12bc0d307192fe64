/**
 * Attack: a name or a path placed where no rule looks, in every common PDF dictionary type, by
 * someone who wants it out with exit 0. Each canary is read in the input by qpdf first.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan } from '../../../workers/engine';
import type { Finding } from '../../../workers/engine';
import { tempDir } from '../../helpers/image-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import {
  appendUpdate,
  buildPdf,
  pageHashes,
  pdfText,
  qpdfCheck,
  type PdfBody,
} from '../../helpers/pdf-fixtures';
import { blobOf } from '../../helpers/video-tools';
import { materialize } from '../../helpers/zip-tools';

let dir = '';
beforeAll(() => {
  dir = tempDir('pdf-typed-keys');
});

const hex = (s: string) => Buffer.from(s, 'latin1').toString('hex');
const utf16 = (s: string) =>
  'FEFF' + Buffer.from(s, 'utf16le').swap16().toString('hex');

/** What qpdf reads in a file: every object as JSON, strings decoded, names as written. */
function qpdfJson(path: string): string {
  return execFileSync('qpdf', ['--json', '--json-key=qpdf', path], {
    encoding: 'latin1',
    maxBuffer: 64 * 1024 * 1024,
  });
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

/**
 * A page that uses a graphics state, a pattern, a shading, a transparency group, a font with its
 * descriptor, an image and a form, with a link, a stamp and a form field; `extra` replaces or adds
 * objects, so each test plants its canaries where it wants.
 */
function richPdf(extra: [number, PdfBody][], tabs = ''): Map<number, PdfBody> {
  return new Map<number, PdfBody>([
    [
      1,
      '<< /Type /Catalog /Pages 2 0 R /Outlines 20 0 R /AcroForm << /Fields [30 0 R] >> ' +
        '/MarkInfo << /Marked true >> /ViewerPreferences << /DisplayDocTitle true >> ' +
        '/PageLabels << /Nums [0 << /S /D /P (Part-) >>] >> /StructTreeRoot 40 0 R >>',
    ],
    [2, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
    [
      3,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R ${tabs} /Annots [8 0 R 9 0 R 30 0 R] ` +
        '/Group 12 0 R /Resources << /Font << /F1 5 0 R >> /XObject << /Im1 6 0 R /Fm1 7 0 R >> ' +
        '/ExtGState << /GS1 10 0 R >> /Pattern << /P1 11 0 R >> /Shading << /Sh1 13 0 R >> >> >>',
    ],
    [
      4,
      {
        dict: '',
        data: Buffer.from(
          '/GS1 gs BT /F1 18 Tf 20 150 Td (Seed words) Tj ET q 20 0 0 20 20 20 cm /Im1 Do Q /Fm1 Do ' +
            'q /Pattern cs /P1 scn 120 20 40 40 re f Q q 0 0 50 50 re W n /Sh1 sh Q',
        ),
      },
    ],
    [
      5,
      '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /Type /Encoding /BaseEncoding /WinAnsiEncoding >> >>',
    ],
    [
      6,
      {
        dict: '/Type /XObject /Subtype /Image /Width 2 /Height 2 /ColorSpace /DeviceGray /BitsPerComponent 8',
        data: Buffer.from([0, 255, 255, 0]),
      },
    ],
    [
      7,
      {
        dict: '/Type /XObject /Subtype /Form /BBox [0 0 200 200] /Group << /S /Transparency /I true >> /Resources << /Font << /F1 5 0 R >> >>',
        data: Buffer.from('BT /F1 12 Tf 20 60 Td (Form words) Tj ET'),
      },
    ],
    [
      8,
      '<< /Type /Annot /Subtype /Link /Rect [20 100 180 120] /BS << /W 1 /S /S >> /A << /S /URI /URI (https://example.org/) >> >>',
    ],
    [
      9,
      '<< /Type /Annot /Subtype /Stamp /Rect [120 120 180 180] /Name /Approved >>',
    ],
    [10, '<< /Type /ExtGState /CA 1 /ca 0.9 >>'],
    [
      11,
      '<< /Type /Pattern /PatternType 2 /Shading 13 0 R /Matrix [1 0 0 1 0 0] >>',
    ],
    [12, '<< /Type /Group /S /Transparency /CS /DeviceRGB >>'],
    [
      13,
      '<< /ShadingType 2 /ColorSpace /DeviceRGB /Coords [0 0 200 0] /Function << /FunctionType 2 /Domain [0 1] /C0 [1 0 0] /C1 [0 0 1] /N 1 >> /Extend [true true] >>',
    ],
    [20, '<< /Type /Outlines /First 21 0 R /Last 21 0 R /Count 1 >>'],
    [21, '<< /Title (Chapter one) /Parent 20 0 R /Dest [3 0 R /Fit] >>'],
    [
      30,
      '<< /FT /Tx /T (name) /V (typed) /Subtype /Widget /Rect [20 20 100 40] /MK << /BG [1 1 1] >> /P 3 0 R >>',
    ],
    [40, '<< /Type /StructTreeRoot /K 41 0 R >>'],
    [
      41,
      '<< /Type /StructElem /S /P /P 40 0 R /Pg 3 0 R /Alt (A paragraph) >>',
    ],
    ...extra,
  ]);
}

const build = (extra: [number, PdfBody][], tabs = '') =>
  buildPdf(richPdf(extra, tabs), '/Root 1 0 R');

/** Asserts qpdf reads every canary in the input, cleans, and asserts none is left. */
async function attack(
  name: string,
  input: Uint8Array,
  canaries: readonly string[],
): Promise<{ path: string; removed: Finding[] }> {
  writeFileSync(join(dir, `${name}-in.pdf`), input);
  const seen = qpdfJson(join(dir, `${name}-in.pdf`));
  for (const c of canaries) expect(seen, c).toContain(c);
  const { path, output, removed } = await cleaned(name, input);
  expectNoLeaks(input, output, canaries);
  const read = qpdfJson(path);
  for (const c of canaries) expect(read, c).not.toContain(c);
  expect(qpdfCheck(path)).toContain('No syntax or stream encoding errors');
  return { path, removed };
}

describe('pdf: no key passes unexamined', () => {
  it('(a) removes an unknown key holding text from every common dictionary type', async () => {
    const input = build([
      [10, '<< /Type /ExtGState /CA 1 /ca 0.9 /MyNote (CANARY_A_GS) >>'],
      [
        11,
        '<< /Type /Pattern /PatternType 2 /Shading 13 0 R /Matrix [1 0 0 1 0 0] /MyNote (CANARY_A_PATTERN) >>',
      ],
      [
        12,
        '<< /Type /Group /S /Transparency /CS /DeviceRGB /MyNote (CANARY_A_GROUP) >>',
      ],
      [40, '<< /Type /StructTreeRoot /K 41 0 R /MyNote (CANARY_A_STRUCT) >>'],
      [
        30,
        '<< /FT /Tx /T (name) /V (typed) /Subtype /Widget /Rect [20 20 100 40] /MK << /BG [1 1 1] /MyNote (CANARY_A_MK) >> /P 3 0 R >>',
      ],
      [
        8,
        '<< /Type /Annot /Subtype /Link /Rect [20 100 180 120] /BS << /W 1 /S /S /MyNote (CANARY_A_BS) >> /A << /S /URI /URI (https://example.org/) >> >>',
      ],
    ]);
    await attack('unknown-text', input, [
      'CANARY_A_GS',
      'CANARY_A_PATTERN',
      'CANARY_A_GROUP',
      'CANARY_A_STRUCT',
      'CANARY_A_MK',
      'CANARY_A_BS',
    ]);
  });

  it('(b) removes a key another dictionary type defines as text', async () => {
    const input = build([
      [10, '<< /Type /ExtGState /CA 1 /ca 0.9 /Title (CANARY_B_GS_TITLE) >>'],
      [
        12,
        '<< /Type /Group /S /Transparency /CS /DeviceRGB /Title (CANARY_B_GROUP_TITLE) >>',
      ],
      [
        13,
        '<< /ShadingType 2 /ColorSpace /DeviceRGB /Coords [0 0 200 0] /Function << /FunctionType 2 /Domain [0 1] /C0 [1 0 0] /C1 [0 0 1] /N 1 /Desc (CANARY_B_FUNCTION_DESC) >> /Extend [true true] /Contents (CANARY_B_SHADING_CONTENTS) >>',
      ],
      [
        9,
        '<< /Type /Annot /Subtype /Stamp /Rect [120 120 180 180] /Name /Approved /ExData << /Type /ExData /Subtype /Markup3D /Name (CANARY_B_EXDATA_NAME) >> >>',
      ],
      [
        40,
        '<< /Type /StructTreeRoot /K 41 0 R /Author (CANARY_B_STRUCT_AUTHOR) >>',
      ],
    ]);
    const { removed } = await attack('other-type', input, [
      'CANARY_B_GS_TITLE',
      'CANARY_B_GROUP_TITLE',
      'CANARY_B_FUNCTION_DESC',
      'CANARY_B_SHADING_CONTENTS',
      'CANARY_B_EXDATA_NAME',
      'CANARY_B_STRUCT_AUTHOR',
    ]);
    // Each is named with its key and its text, where it was found.
    expect(
      removed
        .filter((f) => f.field === 'document.unknown-key')
        .map((f) => `${f.location} ${f.value}`)
        .sort(),
    ).toEqual(
      [
        'ExtGState /Title: CANARY_B_GS_TITLE',
        'Group /Title: CANARY_B_GROUP_TITLE',
        'function /Desc: CANARY_B_FUNCTION_DESC',
        'Shading /Contents: CANARY_B_SHADING_CONTENTS',
        'ExData /Name: CANARY_B_EXDATA_NAME',
        'StructTreeRoot /Author: CANARY_B_STRUCT_AUTHOR',
      ].sort(),
    );
  });

  it("(b) removes it from the dictionaries that organise a document and from a font's parts", async () => {
    const input = build([
      [
        1,
        '<< /Type /Catalog /Pages 2 0 R /Outlines 20 0 R /AcroForm << /Fields [31 0 R] >> ' +
          '/MarkInfo << /Type /MarkInfo /Marked true /Title (CANARY_B_MARKINFO) >> /ViewerPreferences << /Type /CANARY_B_TYPE /DisplayDocTitle true /Desc (CANARY_B_PREFERENCES) >> ' +
          '/PageLabels << /Nums [0 << /S /D /P (Part-) /Title (CANARY_B_PAGE_LABEL) >>] /Title (CANARY_B_LABEL_TREE) >> /StructTreeRoot 40 0 R ' +
          '/Names << /Dests << /Names [(chapter) [3 0 R /Fit]] /Title (CANARY_B_NAME_TREE) >> /Subj (CANARY_B_NAMES) >> ' +
          '/OutputIntents [<< /Type /OutputIntent /S /GTS_PDFX /OutputConditionIdentifier (FOGRA39) /Author (CANARY_B_INTENT) >>] >>',
      ],
      [31, '<< /FT /Tx /T (parent) /Title (CANARY_B_FIELD) /Kids [30 0 R] >>'],
      [
        30,
        '<< /FT /Tx /T (name) /V (typed) /Subtype /Widget /Rect [20 20 100 40] /Parent 31 0 R /P 3 0 R >>',
      ],
      [
        41,
        '<< /Type /StructElem /S /P /P 40 0 R /Pg 3 0 R /Alt (A paragraph) /Title (CANARY_B_STRUCT_ELEM) /K [0 << /Type /MCR /Pg 3 0 R /MCID 1 >>] >>',
      ],
      [
        5,
        '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /Type /Encoding /BaseEncoding /WinAnsiEncoding /Title (CANARY_B_ENCODING) >> >>',
      ],
    ]);
    const { path } = await attack('document-kinds', input, [
      'CANARY_B_MARKINFO',
      'CANARY_B_PREFERENCES',
      'CANARY_B_LABEL_TREE',
      'CANARY_B_NAME_TREE',
      'CANARY_B_NAMES',
      'CANARY_B_INTENT',
      'CANARY_B_FIELD',
      'CANARY_B_STRUCT_ELEM',
      'CANARY_B_ENCODING',
      'CANARY_B_TYPE',
      'CANARY_B_PAGE_LABEL',
    ]);
    // What the standard defines stays: the named destination, the label, the alternative text,
    // the field names and value, the printing condition, the MCID reference.
    const text = qpdfJson(path);
    for (const kept of [
      'chapter',
      'Part-',
      'A paragraph',
      'parent',
      'typed',
      'FOGRA39',
    ])
      expect(text).toContain(kept);
    expect(text).toContain('"/MCID": 1');
    // Chrome's printing names its mark information dictionary; the name says nothing of anyone.
    expect(text).toContain('"/Type": "/MarkInfo"');
  });

  it('(b) removes it from colour space parameters and tint transforms', async () => {
    const input = build([
      [
        3,
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> ' +
          '/XObject << /Im1 6 0 R /Fm1 7 0 R >> /ExtGState << /GS1 10 0 R >> /Pattern << /P1 11 0 R >> /Shading << /Sh1 13 0 R >> ' +
          '/ColorSpace << /CS1 [/CalRGB << /WhitePoint [0.95 1 1.09] /Title (CANARY_B_CALRGB) >>] ' +
          '/CS2 [/Separation /Spot /DeviceCMYK << /FunctionType 2 /Domain [0 1] /C0 [0 0 0 0] /C1 [1 0 0 0] /N 1 /Title (CANARY_B_TINT) >>] >> >> >>',
      ],
      [
        6,
        {
          dict: '/Type /XObject /Subtype /Image /Width 2 /Height 2 /BitsPerComponent 8 /ColorSpace [/CalGray << /WhitePoint [1 1 1] /Author (CANARY_B_CALGRAY) >>]',
          data: Buffer.from([0, 255, 255, 0]),
        },
      ],
    ]);
    const { path } = await attack('colour-spaces', input, [
      'CANARY_B_CALRGB',
      'CANARY_B_TINT',
      'CANARY_B_CALGRAY',
    ]);
    const text = qpdfJson(path);
    expect(text).toContain('"/WhitePoint"');
    expect(text).toContain('"/FunctionType": 2');
  });

  it("(b) removes a markup annotation's keys from a link and a widget, and keeps them on a mark", async () => {
    const input = build([
      [
        8,
        '<< /Type /Annot /Subtype /Link /Rect [20 100 180 120] /Contents (Link to the example site) /Subj (CANARY_B_LINK_SUBJECT) ' +
          '/RC (<body>CANARY_B_LINK_RICH</body>) /A << /S /URI /URI (https://example.org/) >> >>',
      ],
      [
        30,
        '<< /FT /Tx /T (name) /V (typed) /Subtype /Widget /Rect [20 20 100 40] /IT /CANARY_B_WIDGET_INTENT /P 3 0 R >>',
      ],
      [
        9,
        '<< /Type /Annot /Subtype /FreeText /Rect [120 120 180 180] /Contents (Drawn words) /DA (/Helv 12 Tf) /IT /FreeTextCallout >>',
      ],
    ]);
    const { path } = await attack('markup-keys', input, [
      'CANARY_B_LINK_SUBJECT',
      'CANARY_B_LINK_RICH',
      'CANARY_B_WIDGET_INTENT',
    ]);
    const text = qpdfJson(path);
    for (const kept of [
      'Link to the example site',
      'Drawn words',
      '/FreeTextCallout',
    ])
      expect(text).toContain(kept);
  });

  it('(c, d, e) removes text reached through an unknown key: by reference, in an array of dictionaries, in a stream dictionary', async () => {
    const input = build([
      [10, '<< /Type /ExtGState /CA 1 /ca 0.9 /MyRef 50 0 R >>'],
      [50, '<< /Who 51 0 R >>'],
      [51, '(CANARY_C_INDIRECT)'],
      [
        12,
        '<< /Type /Group /S /Transparency /CS /DeviceRGB /MyList [<< /Who (CANARY_D_ARRAY) >> << /Type /Font /Name (CANARY_D_TYPED) >>] >>',
      ],
      [
        6,
        {
          dict: '/Type /XObject /Subtype /Image /Width 2 /Height 2 /ColorSpace /DeviceGray /BitsPerComponent 8',
          data: Buffer.from([0, 255, 255, 0]),
        },
      ],
      [
        4,
        {
          dict: '/MyNote (CANARY_E_STREAM)',
          data: Buffer.from(
            '/GS1 gs BT /F1 18 Tf 20 150 Td (Seed words) Tj ET q 20 0 0 20 20 20 cm /Im1 Do Q /Fm1 Do ' +
              'q /Pattern cs /P1 scn 120 20 40 40 re f Q q 0 0 50 50 re W n /Sh1 sh Q',
          ),
        },
      ],
    ]);
    await attack('reached', input, [
      'CANARY_C_INDIRECT',
      'CANARY_D_ARRAY',
      'CANARY_D_TYPED',
      'CANARY_E_STREAM',
    ]);
  });

  it('(f, g) removes a name object, a hex string and a UTF-16BE string under an unknown key', async () => {
    const input = build([
      [10, '<< /Type /ExtGState /CA 1 /ca 0.9 /MyAuthor /CANARY_F_NAME >>'],
      [
        11,
        `<< /Type /Pattern /PatternType 2 /Shading 13 0 R /Matrix [1 0 0 1 0 0] /MyNote <${hex('CANARY_G_HEX')}> >>`,
      ],
      [
        12,
        `<< /Type /Group /S /Transparency /CS /DeviceRGB /MyNote <${utf16('CANARY_G_UTF16')}> >>`,
      ],
      [
        7,
        {
          dict: '/Type /XObject /Subtype /Form /BBox [0 0 200 200] /Group << /S /Transparency /I true /Title /CANARY_F_GROUP_NAME >> /Resources << /Font << /F1 5 0 R >> >>',
          data: Buffer.from('BT /F1 12 Tf 20 60 Td (Form words) Tj ET'),
        },
      ],
    ]);
    await attack('spellings', input, [
      'CANARY_F_NAME',
      'CANARY_G_HEX',
      'CANARY_G_UTF16',
      'CANARY_F_GROUP_NAME',
    ]);
  });

  it('(h) removes the same from an object stream and from an incremental update', async () => {
    const base = build([
      [10, '<< /Type /ExtGState /CA 1 /ca 0.9 /Title (CANARY_H_STREAMED) >>'],
    ]);
    const plain = join(dir, 'streamed-plain.pdf');
    const packed = join(dir, 'streamed-packed.pdf');
    writeFileSync(plain, base);
    execFileSync('qpdf', ['--object-streams=generate', plain, packed]);
    const packedBytes = new Uint8Array(
      execFileSync('cat', [packed], { maxBuffer: 1 << 24 }),
    );
    expect(Buffer.from(packedBytes).toString('latin1')).not.toContain(
      'CANARY_H_STREAMED',
    );
    await attack('streamed', packedBytes, ['CANARY_H_STREAMED']);
    const updated = appendUpdate(
      build([]),
      new Map<number, PdfBody>([
        [
          12,
          '<< /Type /Group /S /Transparency /CS /DeviceRGB /Title (CANARY_H_UPDATE) >>',
        ],
      ]),
      '/Root 1 0 R',
    );
    await attack('updated', updated, ['CANARY_H_UPDATE']);
  });

  it('removes the free text standard keys hold for their author: launch parameters, portfolio columns, an XObject name, a custom stamp name', async () => {
    const input = build([
      [
        8,
        '<< /Type /Annot /Subtype /Link /Rect [20 100 180 120] /A << /S /Launch /Win << /F (notepad.exe) /P (CANARY_P_PARAMETERS) >> /Next 52 0 R >> >>',
      ],
      [52, '<< /S /Launch /Win 53 0 R >>'],
      [53, '<< /F (calc.exe) /P (CANARY_P_INDIRECT) >>'],
      [
        9,
        '<< /Type /Annot /Subtype /Stamp /Rect [120 120 180 180] /Name /CANARY_P_STAMP /AP << /N 7 0 R >> >>',
      ],
      [
        7,
        {
          dict: '/Type /XObject /Subtype /Form /Name /CANARY_P_FORM /BBox [0 0 200 200] /Resources << /Font << /F1 5 0 R >> >>',
          data: Buffer.from('BT /F1 12 Tf 20 60 Td (Form words) Tj ET'),
        },
      ],
      [
        1,
        '<< /Type /Catalog /Pages 2 0 R /Collection << /Type /Collection /Schema << /Who << /Subtype /S /N (Author) >> >> >> ' +
          '/Names << /EmbeddedFiles << /Names [(notes.txt) 54 0 R] >> >> >>',
      ],
      [
        54,
        '<< /Type /Filespec /F (notes.txt) /UF (notes.txt) /EF << /F 55 0 R >> /CI << /Type /CollectionItem /Who (CANARY_P_COLUMN) >> >>',
      ],
      [
        55,
        {
          dict: '/Type /EmbeddedFile /Subtype /text#2Fplain',
          data: Buffer.from('plain notes'),
        },
      ],
    ]);
    const { removed } = await attack('free-text', input, [
      'CANARY_P_PARAMETERS',
      'CANARY_P_INDIRECT',
      'CANARY_P_STAMP',
      'CANARY_P_FORM',
      'CANARY_P_COLUMN',
    ]);
    expect(
      removed
        .filter((f) => f.field === 'other.data')
        .map((f) => `${f.label} ${f.location}: ${f.value}`)
        .sort(),
    ).toEqual(
      [
        'CI/Who file specification: CANARY_P_COLUMN',
        'Name XObject: CANARY_P_FORM',
        'Name annotation Stamp: CANARY_P_STAMP',
        'P launch action: CANARY_P_INDIRECT',
        'P launch action: CANARY_P_PARAMETERS',
      ].sort(),
    );
  });

  it('keeps a standard stamp icon and the strings the standard defines', async () => {
    const input = build([]);
    const { output } = await cleaned('standard', input);
    const text = Buffer.from(output).toString('latin1');
    expect(text).toContain('/Name /Approved');
    for (const kept of ['Chapter one', 'A paragraph', 'Part-', 'typed'])
      expect(text).toContain(hex(kept));
  });

  it('keeps a tab order LibreOffice writes as a string, and no other string there', async () => {
    const { output } = await cleaned('tabs', build([], '/Tabs (S)'));
    expect(Buffer.from(output).toString('latin1')).toContain(
      `/Tabs <${hex('S')}>`,
    );
    await attack('tabs-text', build([], '/Tabs (CANARY_TABS)'), [
      'CANARY_TABS',
    ]);
  });

  it('keeps what the page shows: text and renders are the same', async () => {
    const input = build([]);
    const { path } = await cleaned('plain', input);
    const original = join(dir, 'plain.pdf');
    expect(qpdfCheck(path)).toContain('No syntax or stream encoding errors');
    expect(pdfText(path)).toBe(pdfText(original));
    expect(pageHashes(path, dir, 'plain-out')).toEqual(
      pageHashes(original, dir, 'plain-in'),
    );
  });
});
