import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync, inflateSync } from 'node:zlib';
import { unzipSync, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan, inspect } from '../../../workers/engine';
import { ByteSource } from '../../../workers/engine/byte-source';
import type { AnalysisContext } from '../../../workers/engine/format-module';
import { legacyOffice } from '../../../workers/engine/formats/legacy-office';
import { planBytes } from '../../../workers/engine/output-plan';
import { writeCfb, type CfbStream } from '../../helpers/cfb-writer';
import { corpusFile, describeCorpus, itCorpus } from '../../helpers/corpus';
import { exiftoolTags, identifyingTags } from '../../helpers/exiftool';
import { tempDir } from '../../helpers/image-tools';
import { deepFind, syntheticDocx } from '../../helpers/office-fixtures';
import {
  convert,
  legacyOfficeFile,
  LEGACY_COMMENT_CANARY,
  LEGACY_COMMENT_TEXT,
  LEGACY_KEPT_TEXT,
  oleMetadata,
  oleStreams,
  streamsWith,
  type LegacyKind,
} from '../../helpers/legacy-office-fixtures';

const CANARY = 'CANARY';
/** The date the fixtures give their comment. */
const COMMENT_DATE = '2021-02-02T00:00:00';
/** LibreOffice on a loaded machine: three conversions and three readings back. */
const SOFFICE_TEST_MS = 900_000;
/** What exiftool reads from a clean file that names no one: the application and text counts. */
const NEUTRAL_FLASHPIX = [
  'FlashPix:CompObjUserTypeLen',
  'FlashPix:CompObjUserType',
  'FlashPix:CodePage',
  'FlashPix:Identification',
  'FlashPix:LanguageCode',
  'FlashPix:DocFlags',
  'FlashPix:Word97',
  'FlashPix:System',
  'MS-DOC:Words',
  'MS-DOC:Characters',
  'MS-DOC:Pages',
  'MS-DOC:Paragraphs',
  'MS-DOC:Lines',
];
const blob = (bytes: Uint8Array) =>
  new Blob([bytes as Uint8Array<ArrayBuffer>]);

async function cleanBytes(input: Uint8Array) {
  const result = await cleanPlan(blob(input));
  return { result, output: await planBytes(input, result.plan) };
}

/** The text LibreOffice reads from a document, by the route each kind allows. */
function textOf(dir: string, kind: LegacyKind, path: string): string {
  if (kind === 'doc')
    return readFileSync(convert(dir, 'txt:Text', path), 'utf8');
  if (kind === 'xls') return readFileSync(convert(dir, 'csv', path), 'utf8');
  const pdf = convert(dir, 'pdf', path);
  return execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' });
}

/** A comment as LibreOffice reads it: its text, trimmed, and its date. */
interface ReadComment {
  readonly text: string;
  readonly date: string;
}

/** Each comment LibreOffice reads from a document: the file saved again as ODF, its annotations. */
function commentsOf(kind: LegacyKind, path: string): ReadComment[] {
  const odf = { doc: 'odt', xls: 'ods', ppt: 'odp' }[kind];
  const dir = tempDir(`legacy-comments-${kind}`);
  const content = unzipSync(readFileSync(convert(dir, odf, path)))[
    'content.xml'
  ]!;
  const xml = Buffer.from(content).toString('utf8');
  return [
    ...xml.matchAll(
      /<(?:office|officeooo):annotation\b[^>]*>(.*?)<\/(?:office|officeooo):annotation>/gs,
    ),
  ].map((m) => ({
    text: m[1]!
      .replace(/<(dc:creator|dc:date|meta:creator-initials)>.*?<\/\1>/g, '')
      .replace(/<text:s(?: text:c="(\d+)")?\/>/g, (_, n: string) =>
        ' '.repeat(Number(n ?? 1)),
      )
      .replace(/<[^>]+>/g, '')
      .trim(),
    date: /<dc:date>(.*?)<\/dc:date>/.exec(m[1]!)?.[1] ?? '',
  }));
}

describe('legacy Office made by LibreOffice', () => {
  const kinds: LegacyKind[] = ['doc', 'xls', 'ppt'];
  const files = new Map<
    LegacyKind,
    {
      input: string;
      output: string;
      bytes: Uint8Array;
      cleaned: Uint8Array;
      removed: string[];
      kept: string[];
    }
  >();

  beforeAll(async () => {
    for (const kind of kinds) {
      const dir = tempDir(`legacy-${kind}`);
      const input = legacyOfficeFile(dir, kind);
      const bytes = new Uint8Array(readFileSync(input));
      const { result, output } = await cleanBytes(bytes);
      const outDir = join(dir, 'out');
      execFileSync('mkdir', ['-p', outDir]);
      const outPath = join(outDir, `canary.${kind}`);
      writeFileSync(outPath, output);
      files.set(kind, {
        input,
        output: outPath,
        bytes,
        cleaned: output,
        removed: result.removed.map((f) => `${f.label}=${f.value ?? ''}`),
        kept: result.kept.map((f) => `${f.label}=${f.value ?? ''}`),
      });
    }
  }, SOFFICE_TEST_MS);

  it.each(kinds)('%s: the readers find the canaries in the input', (kind) => {
    const { input } = files.get(kind)!;
    const tags = JSON.stringify(exiftoolTags(input));
    for (const canary of [
      'CANARY_INITIAL_CREATOR',
      'CANARY_LAST_AUTHOR',
      'CANARY_TITLE',
    ])
      expect(tags).toContain(canary);
    const meta = oleMetadata(input);
    expect(meta).toContain('CANARY_INITIAL_CREATOR');
    expect(meta).toContain('CANARY_LAST_AUTHOR');
    expect(streamsWith(oleStreams(input), 'CANARY_CUSTOM_VALUE')).toEqual([
      '\u0005DocumentSummaryInformation',
    ]);
    expect(streamsWith(oleStreams(input), 'CANARY_COMMENT_AUTHOR')).not.toEqual(
      [],
    );
  });

  it.each(kinds)(
    '%s: no canary is left in any stream, by exiftool and olefile',
    (kind) => {
      const { output } = files.get(kind)!;
      expect(streamsWith(oleStreams(output), CANARY)).toEqual([]);
      expect(oleMetadata(output)).not.toContain(CANARY);
      expect(JSON.stringify(exiftoolTags(output))).not.toContain(CANARY);
      expect(identifyingTags(output, NEUTRAL_FLASHPIX)).toEqual([]);
    },
  );

  it.each(kinds)(
    '%s: cleaned in place, at the same size, and reported',
    async (kind) => {
      const { bytes, cleaned, removed } = files.get(kind)!;
      expect(cleaned.length).toBe(bytes.length);
      expect(Buffer.from(cleaned).includes(CANARY)).toBe(false);
      expect(removed).toEqual(
        expect.arrayContaining([
          'Author=CANARY_INITIAL_CREATOR',
          'LastAuthor=CANARY_LAST_AUTHOR',
          'CANARY_CUSTOM_NAME=CANARY_CUSTOM_VALUE',
        ]),
      );
      expect(removed.some((r) => r.endsWith('=CANARY_COMMENT_AUTHOR'))).toBe(
        true,
      );
      const again = await inspect(blob(cleaned));
      expect(again.format.id).toBe(kind);
      expect(again.findings.filter((f) => !f.kept)).toEqual([]);
    },
  );

  it.each(kinds)(
    "%s: the comment's text is in the input, as 8-bit or UTF-16 text",
    (kind) => {
      const { input } = files.get(kind)!;
      expect(streamsWith(oleStreams(input), LEGACY_COMMENT_TEXT)).not.toEqual(
        [],
      );
      expect(commentsOf(kind, input).map((c) => c.text)).toEqual([
        LEGACY_COMMENT_TEXT,
      ]);
    },
  );

  it.each(kinds)(
    "%s: the comment's text is gone from every stream and reported as removed",
    (kind) => {
      const { output, cleaned, removed, kept } = files.get(kind)!;
      expect(streamsWith(oleStreams(output), LEGACY_COMMENT_CANARY)).toEqual(
        [],
      );
      expect(Buffer.from(cleaned).includes(LEGACY_COMMENT_CANARY)).toBe(false);
      expect(
        Buffer.from(cleaned).includes(
          Buffer.from(LEGACY_COMMENT_CANARY, 'utf16le'),
        ),
      ).toBe(false);
      expect(
        removed.filter((r) => r.endsWith(`=${LEGACY_COMMENT_TEXT}`)),
      ).toHaveLength(1);
      expect(kept.filter((k) => k.startsWith('comments'))).toEqual([]);
    },
  );

  it.each(kinds)(
    '%s: LibreOffice still reads one comment, empty',
    (kind) => {
      const { output } = files.get(kind)!;
      expect(commentsOf(kind, output).map((c) => c.text)).toEqual(['']);
    },
    SOFFICE_TEST_MS,
  );

  it.each([
    ['doc', 'ATRDPost10 dttm=2021-02-02T00:00'],
    ['ppt', `Comment10Atom datetime=${COMMENT_DATE}`],
  ] as const)(
    "%s: the comment's date is zeroed, as LibreOffice reads it",
    (kind, reported) => {
      const { input, output, removed } = files.get(kind)!;
      expect(commentsOf(kind, input).map((c) => c.date)).toEqual([
        COMMENT_DATE,
      ]);
      expect(commentsOf(kind, output).map((c) => c.date)).toEqual([
        '0000-00-00T00:00:00',
      ]);
      expect(removed).toContain(reported);
    },
    SOFFICE_TEST_MS,
  );

  it(
    'LibreOffice opens each cleaned file and reads the same text',
    () => {
      for (const kind of kinds) {
        const { input, output } = files.get(kind)!;
        const dir = tempDir(`legacy-text-${kind}`);
        const before = textOf(dir, kind, input);
        const after = textOf(join(dir, 'out'), kind, output);
        expect(before).toContain(LEGACY_KEPT_TEXT);
        expect(after).toBe(before);
      }
    },
    SOFFICE_TEST_MS,
  );
});

/** A module-level call as a container makes it: an OLE object is only cleaned nested. */
async function cleanNested(bytes: Uint8Array): Promise<Uint8Array> {
  const src = new ByteSource(blob(bytes));
  const ctx = { depth: 1, nested: {} } as unknown as AnalysisContext;
  const analysis = await legacyOffice.analyze(
    src,
    legacyOffice.sniff(bytes)!,
    ctx,
  );
  return planBytes(bytes, await analysis.plan());
}

function oleNative(
  label: string,
  source: string,
  temp: string,
  data: Uint8Array,
): Uint8Array {
  const z = (s: string) =>
    Buffer.concat([Buffer.from(s, 'latin1'), Buffer.alloc(1)]);
  const u32 = (v: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(v);
    return b;
  };
  const w = (s: string) =>
    Buffer.concat([u32(s.length), Buffer.from(s, 'utf16le')]);
  const body = Buffer.concat([
    Buffer.from([2, 0]),
    z(label),
    z(source),
    u32(0x00030000),
    u32(temp.length + 1),
    z(temp),
    u32(data.length),
    data,
    w(temp),
    w(label),
    w(source),
  ]);
  return Buffer.concat([u32(body.length), body]);
}

function summary(author: string): Uint8Array {
  // [MS-OLEPS] a SummaryInformation stream with one section: code page and author.
  const b = Buffer.alloc(128);
  b.writeUInt16LE(0xfffe, 0);
  b.writeUInt32LE(1, 24);
  Buffer.from('e0859ff2f94f6810ab9108002b27b3d9', 'hex').copy(b, 28);
  b.writeUInt32LE(48, 44);
  const text = Buffer.from(`${author}\0`, 'latin1');
  b.writeUInt32LE(8 + 16 + 8 + 8 + text.length, 48);
  b.writeUInt32LE(2, 52);
  b.writeUInt32LE(1, 56);
  b.writeUInt32LE(24, 60);
  b.writeUInt32LE(4, 64);
  b.writeUInt32LE(32, 68);
  b.writeUInt16LE(2, 72);
  b.writeUInt16LE(1252, 76);
  b.writeUInt16LE(0x1e, 80);
  b.writeUInt32LE(text.length, 84);
  text.copy(b, 88);
  return b;
}

describe('OLE objects and synthetic compound files', () => {
  it('keeps only the file name of a Package object, and the file itself', async () => {
    const payload = Buffer.from('the attached file stays whole');
    const source = 'C:\\Users\\CANARY_USER\\Downloads\\plan.txt';
    const temp = 'C:\\Users\\CANARY_USER\\AppData\\Local\\Temp\\plan.txt';
    const { bytes } = writeCfb([
      {
        path: ['\u0001Ole10Native'],
        data: oleNative('plan.txt', source, temp, payload),
      },
      {
        path: ['\u0005SummaryInformation'],
        data: summary('CANARY_OLE_AUTHOR'),
      },
    ]);
    const dir = tempDir('legacy-ole');
    const input = join(dir, 'in.bin');
    writeFileSync(input, bytes);
    expect(streamsWith(oleStreams(input), 'CANARY_USER')).toEqual([
      '\u0001Ole10Native',
    ]);
    expect(oleMetadata(input)).toContain('CANARY_OLE_AUTHOR');

    const output = join(dir, 'out.bin');
    writeFileSync(output, await cleanNested(bytes));
    const streams = oleStreams(output);
    expect(streamsWith(streams, CANARY)).toEqual([]);
    const native = streams.get('\u0001Ole10Native')!;
    expect(native.includes(payload)).toBe(true);
    expect(native.includes('plan.txt\0plan.txt\0')).toBe(true);
    expect(native.includes(Buffer.from('plan.txt', 'utf16le'))).toBe(true);
  });

  it('refuses an OLE object on its own: only containers hand those over', async () => {
    const { bytes } = writeCfb([
      { path: ['\u0001CompObj'], data: new Uint8Array(64) },
    ]);
    await expect(cleanPlan(blob(bytes))).rejects.toMatchObject({
      code: 'unsupported',
    });
  });

  it('says a password-protected OOXML package is encrypted', async () => {
    const { bytes } = writeCfb([
      { path: ['EncryptionInfo'], data: new Uint8Array(200) },
      { path: ['EncryptedPackage'], data: new Uint8Array(5000) },
    ]);
    const error = await cleanPlan(blob(bytes)).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'encrypted' });
    expect(String(error)).toMatch(/\.docx/);
  });

  it('says an Excel workbook with FilePass is encrypted', async () => {
    const record = (type: number, data: number[]) => {
      const b = Buffer.alloc(4 + data.length);
      b.writeUInt16LE(type, 0);
      b.writeUInt16LE(data.length, 2);
      Buffer.from(data).copy(b, 4);
      return b;
    };
    const workbook = Buffer.concat([
      record(0x0809, [0x00, 0x06, 0x05, 0x00, ...Array<number>(12).fill(0)]),
      record(0x002f, [1, 0, ...Array<number>(52).fill(0)]),
      record(0x000a, []),
    ]);
    const { bytes } = writeCfb([{ path: ['Workbook'], data: workbook }]);
    await expect(cleanPlan(blob(bytes))).rejects.toMatchObject({
      code: 'encrypted',
    });
  });

  it('says a PowerPoint file whose current user is encrypted is encrypted', async () => {
    const user = Buffer.alloc(40);
    user.writeUInt16LE(0x0ff6, 2);
    user.writeUInt32LE(32, 4);
    user.writeUInt32LE(0xf3d1c4df, 12);
    const { bytes } = writeCfb([
      { path: ['Current User'], data: user },
      { path: ['PowerPoint Document'], data: new Uint8Array(64) },
    ]);
    await expect(cleanPlan(blob(bytes))).rejects.toMatchObject({
      code: 'encrypted',
    });
  });

  it('says a Word document with fEncrypted is encrypted', async () => {
    const fib = Buffer.alloc(1024);
    fib.writeUInt16LE(0xa5ec, 0);
    fib.writeUInt16LE(0x00c1, 2);
    fib.writeUInt16LE(0x0100, 0x0a);
    const { bytes } = writeCfb([{ path: ['WordDocument'], data: fib }]);
    await expect(cleanPlan(blob(bytes))).rejects.toMatchObject({
      code: 'encrypted',
    });
  });

  const presentation = (object: Uint8Array, instance: number): Uint8Array => {
    const user = Buffer.alloc(28 + 15 + 4);
    user.writeUInt16LE(0x0ff6, 2);
    user.writeUInt32LE(user.length - 8, 4);
    user.writeUInt32LE(0x14, 8);
    user.writeUInt32LE(0xe391c05f, 12);
    user.writeUInt16LE(15, 20);
    user.write('CANARY_PPT_USER', 28, 'latin1');
    const head = Buffer.alloc(8);
    head.writeUInt16LE(instance << 4, 0);
    head.writeUInt16LE(0x1011, 2);
    head.writeUInt32LE(object.length, 4);
    return writeCfb([
      { path: ['Current User'], data: user },
      { path: ['PowerPoint Document'], data: Buffer.concat([head, object]) },
    ]).bytes;
  };
  const embedded = () =>
    writeCfb([
      { path: ['\u0001CompObj'], data: new Uint8Array(64) },
      {
        path: ['\u0005SummaryInformation'],
        data: summary('CANARY_PPT_OBJECT'),
      },
    ]).bytes;

  it('cleans a PowerPoint embedded object where it lies', async () => {
    const object = embedded();
    const dir = tempDir('legacy-ppt-object');
    writeFileSync(join(dir, 'object.bin'), object);
    expect(oleMetadata(join(dir, 'object.bin'))).toContain('CANARY_PPT_OBJECT');
    const input = presentation(object, 0);
    const { result, output } = await cleanBytes(input);
    expect(output.length).toBe(input.length);
    expect(Buffer.from(output).includes(CANARY)).toBe(false);
    writeFileSync(join(dir, 'out.ppt'), output);
    const inner = oleStreams(join(dir, 'out.ppt'))
      .get('PowerPoint Document')!
      .subarray(8);
    writeFileSync(join(dir, 'inner.bin'), inner);
    expect(oleMetadata(join(dir, 'inner.bin'))).not.toContain(CANARY);
    expect(result.removed.map((f) => f.value)).toEqual(
      expect.arrayContaining(['CANARY_PPT_USER', 'CANARY_PPT_OBJECT']),
    );
  });

  it('cleans a compressed PowerPoint embedded object and compresses it again in place', async () => {
    const object = embedded();
    const size = Buffer.alloc(4);
    size.writeUInt32LE(object.length);
    const input = presentation(
      Buffer.concat([size, deflateSync(object, { level: 0 })]),
      1,
    );
    expect(
      Buffer.from(inflateSync(deflateSync(object, { level: 0 }))).includes(
        'CANARY_PPT_OBJECT',
      ),
    ).toBe(true);
    const { output } = await cleanBytes(input);
    expect(output.length).toBe(input.length);
    const dir = tempDir('legacy-ppt-zobject');
    writeFileSync(join(dir, 'out.ppt'), output);
    const record = oleStreams(join(dir, 'out.ppt')).get('PowerPoint Document')!;
    const inner = inflateSync(record.subarray(12));
    expect(inner.length).toBe(object.length);
    writeFileSync(join(dir, 'inner.bin'), inner);
    expect(oleMetadata(join(dir, 'inner.bin'))).not.toContain(CANARY);
    expect(inner.includes(CANARY)).toBe(false);
  });

  it('clears the dates of storages', async () => {
    const streams: CfbStream[] = [
      {
        path: ['ObjectPool', '_1', '\u0005SummaryInformation'],
        data: summary('CANARY_X'),
      },
      { path: ['ObjectPool', '_1', '\u0001CompObj'], data: new Uint8Array(64) },
      { path: ['\u0001CompObj'], data: new Uint8Array(64) },
    ];
    const { bytes } = writeCfb(streams, { dated: true });
    const out = await cleanNested(bytes);
    const dir = tempDir('legacy-dates');
    writeFileSync(join(dir, 'out.bin'), out);
    const times = execFileSync(
      '/usr/bin/python3',
      [
        '-c',
        'import olefile,sys\no=olefile.OleFileIO(sys.argv[1])\nprint([e.modifyTime for e in o.direntries if e])',
        join(dir, 'out.bin'),
      ],
      { encoding: 'utf8' },
    );
    expect(times.trim()).toMatch(/^\[(0, )*0\]$/);
    expect(Buffer.from(out).includes('CANARY')).toBe(false);
  });
});

describe('a DOCX with an embedded OLE object', () => {
  it('comes out with the object cleaned where the zip walk hands it over', async () => {
    const source = 'C:\\Users\\CANARY_PACKAGER\\Desktop\\notes.txt';
    const { bytes: ole } = writeCfb([
      { path: ['\u0001CompObj'], data: new Uint8Array(64) },
      {
        path: ['\u0001Ole10Native'],
        data: oleNative('notes.txt', source, source, Buffer.from('kept')),
      },
      {
        path: ['\u0005SummaryInformation'],
        data: summary('CANARY_EMBEDDED_AUTHOR'),
      },
    ]);
    // The object is reached the way Word reaches it: a relationship from the document and a
    // content type, or the package driver leaves it out as outside the document's structure.
    const parts = unzipSync(syntheticDocx());
    const text = (name: string) => new TextDecoder().decode(parts[name]!);
    const docx = zipSync({
      ...parts,
      '[Content_Types].xml': new TextEncoder().encode(
        text('[Content_Types].xml').replace(
          '</Types>',
          '<Default Extension="bin" ContentType="application/vnd.openxmlformats-officedocument.oleObject"/></Types>',
        ),
      ),
      'word/_rels/document.xml.rels': new TextEncoder().encode(
        text('word/_rels/document.xml.rels').replace(
          '</Relationships>',
          '<Relationship Id="rIdOle1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/oleObject" Target="embeddings/oleObject1.bin"/></Relationships>',
        ),
      ),
      'word/embeddings/oleObject1.bin': ole,
    });
    const dir = tempDir('legacy-docx');
    writeFileSync(join(dir, 'in.bin'), ole);
    expect(oleMetadata(join(dir, 'in.bin'))).toContain(
      'CANARY_EMBEDDED_AUTHOR',
    );
    expect(deepFind(docx, 'CANARY_EMBEDDED_AUTHOR')).toEqual([
      'word/embeddings/oleObject1.bin',
    ]);

    const { result, output } = await cleanBytes(docx);
    expect(deepFind(output, CANARY)).toEqual([]);
    const cleanedOle = unzipSync(output)['word/embeddings/oleObject1.bin']!;
    writeFileSync(join(dir, 'out.bin'), cleanedOle);
    expect(streamsWith(oleStreams(join(dir, 'out.bin')), CANARY)).toEqual([]);
    expect(oleMetadata(join(dir, 'out.bin'))).not.toContain(CANARY);
    expect(result.removed.map((f) => f.value)).toContain(
      'CANARY_EMBEDDED_AUTHOR',
    );
  });
});

describe('hostile compound files fail typed', () => {
  const base = () =>
    writeCfb([
      { path: ['WordDocument'], data: new Uint8Array(5000) },
      { path: ['\u0005SummaryInformation'], data: new Uint8Array(100) },
    ]);

  it('a FAT loop is corrupt', async () => {
    const { bytes, fatAt } = base();
    // Sector 1 (the directory) points back at itself.
    new DataView(bytes.buffer).setUint32(fatAt + 4, 1, true);
    await expect(cleanPlan(blob(bytes))).rejects.toMatchObject({
      code: 'corrupt',
    });
  });

  it('a sector index past the end of the file is corrupt', async () => {
    const { bytes } = base();
    new DataView(bytes.buffer).setUint32(48, 0x00ffffff, true);
    await expect(cleanPlan(blob(bytes))).rejects.toMatchObject({
      code: 'corrupt',
    });
  });

  it('a directory tree that loops is corrupt', async () => {
    const { bytes, dirAt } = base();
    // The root's child names itself as its right sibling.
    const child = new DataView(bytes.buffer).getUint32(dirAt + 76, true);
    new DataView(bytes.buffer).setUint32(dirAt + child * 128 + 72, child, true);
    await expect(cleanPlan(blob(bytes))).rejects.toMatchObject({
      code: 'corrupt',
    });
  });

  it('a huge directory or FAT count is corrupt without reading it', async () => {
    const { bytes } = base();
    new DataView(bytes.buffer).setUint32(44, 0x7fffffff, true);
    await expect(cleanPlan(blob(bytes))).rejects.toMatchObject({
      code: 'corrupt',
    });
  });

  it('a stream larger than the file is corrupt', async () => {
    const { bytes, dirAt } = base();
    const child = new DataView(bytes.buffer).getUint32(dirAt + 76, true);
    new DataView(bytes.buffer).setUint32(
      dirAt + child * 128 + 120,
      0x7fffffff,
      true,
    );
    await expect(cleanPlan(blob(bytes))).rejects.toMatchObject({
      code: 'corrupt',
    });
  });

  it('a truncated file is corrupt', async () => {
    const { bytes } = base();
    await expect(
      cleanPlan(blob(bytes.subarray(0, 1500))),
    ).rejects.toMatchObject({
      code: 'corrupt',
    });
  });
});

describeCorpus('legacy Office corpus', () => {
  const dir = corpusFile('legacy-office');
  itCorpus(
    "reports a Word file's DOP and FIB dates as the dates exiftool reads, not as bare details",
    async () => {
      const path = join(dir, 'textract-doc-raw_text.doc');
      const tags = exiftoolTags(path);
      // exiftool's MS-DOC group: the FIB's FILETIME, then the DOP's DTTMs (local time).
      expect(tags['MS-DOC:CreateDate']).toBe('2014:07:07 15:35:00');
      const { findings } = await inspect(
        blob(new Uint8Array(readFileSync(path))),
      );
      const value = (label: string) =>
        findings.find((f) => f.label === label)?.value;
      expect(value('dttmCreated')).toBe('2014-07-07T15:35');
      expect(value('dttmRevised')).toBe('2014-07-08T07:10');
      expect(value('FIB last saved')).toBe('2014-07-08T12:10:49Z');
      expect(tags['MS-DOC:ModifyDate']).toBe('2014:07:08 12:10:49');
    },
  );
  itCorpus(
    'cleans every file, and exiftool then finds no author, company or last saver',
    async () => {
      const out = tempDir('legacy-corpus');
      for (const name of readdirSync(dir)) {
        const bytes = new Uint8Array(readFileSync(join(dir, name)));
        const { output } = await cleanBytes(bytes);
        const path = join(out, name);
        writeFileSync(path, output);
        const tags = exiftoolTags(path);
        const left = Object.entries(tags).filter(
          ([k, v]) =>
            /:(Author|Company|LastModifiedBy|Manager|CommentBy|LastSavedBy|CurrentUser)$/.test(
              k,
            ) && String(v).trim() !== '',
        );
        expect(left, name).toEqual([]);
      }
    },
    120_000,
  );
});
