import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan, type CleanPlanResult } from '../../../workers/engine';
import { EngineError } from '../../../workers/engine/errors';
import { identifyingTags } from '../../helpers/exiftool';
import { tempDir } from '../../helpers/image-tools';
import {
  BODY_TEXT,
  CANARY,
  DELETED_TEXT,
  deepFind,
  gpsJpeg,
  HIDDEN_TEXT,
  INSERTED_TEXT,
  normalizeText,
  soffice,
  syntheticDocx,
  syntheticPptx,
  syntheticXlsx,
} from '../../helpers/office-fixtures';
import {
  cleaned,
  hasTool,
  materialize,
  memberOrder,
  unzipTest,
} from '../../helpers/zip-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { CANARY_GPS } from '../../helpers/image-exif-builder';
import { SMALL_MEMBER_BYTES } from '../../../workers/engine/shared/zip/whole';
import { lendHostCodecs } from '../../../workers/engine/shared/host-codecs';
import { nodeCodecs } from '../../../cli/node-codecs';
import { CORPUS_DIR, corpusFile, describeCorpus } from '../../helpers/corpus';
import { judgeRealDocument } from '../../helpers/real-documents';

const blob = (bytes: Uint8Array) =>
  new Blob([bytes as Uint8Array<ArrayBuffer>]);

const labels = (result: CleanPlanResult, kept = false) =>
  (kept ? result.kept : result.removed).map((f) => f.label);

/** Every relationship target and content-type override of the package names a member it has. */
function expectConsistentPackage(zip: Uint8Array): void {
  const files = unzipSync(zip);
  const text = (name: string) => new TextDecoder().decode(files[name]);
  for (const m of text('[Content_Types].xml').matchAll(/PartName="\/([^"]+)"/g))
    expect(files, `override ${m[1]}`).toHaveProperty([m[1]!]);
  for (const name of Object.keys(files).filter((n) => n.endsWith('.rels'))) {
    const source = name.replace(/_rels\/([^/]*)\.rels$/, '$1');
    const dir = source.slice(0, source.lastIndexOf('/') + 1);
    for (const m of text(name).matchAll(/<Relationship [^>]*>/g)) {
      if (m[0].includes('TargetMode="External"')) continue;
      const target = /Target="([^"]+)"/.exec(m[0])![1]!;
      const parts = (
        target.startsWith('/') ? target.slice(1) : dir + target
      ).split('/');
      const resolved: string[] = [];
      for (const s of parts)
        if (s === '..') resolved.pop();
        else resolved.push(s);
      expect(files, `${name} -> ${target}`).toHaveProperty([
        resolved.join('/'),
      ]);
    }
  }
}

/** A plasma picture this large and this fine does not compress below SMALL_MEMBER_BYTES. */
const LARGE_PHOTO = { size: '640x480', extra: ['-quality', '100'] } as const;
/** Drawing, tagging and judging a half-megabyte photo with exiftool is slow on a loaded machine. */
const LARGE_PHOTO_TIMEOUT = 180_000;

describe('Word, Excel and PowerPoint', () => {
  let dir: string;
  let jpeg: Uint8Array;
  beforeAll(() => {
    dir = tempDir('ooxml');
    jpeg = gpsJpeg(dir);
  });

  it('removes every planted canary from a Word document, its photo and its embedded document', async () => {
    const inner = syntheticDocx();
    const input = syntheticDocx({ jpeg, inner });
    expect(deepFind(input, CANARY).length).toBeGreaterThan(15);
    expect(
      deepFind(input, 'word/embeddings/inner.docx!/docProps/core.xml'),
    ).toEqual([]);
    const { result, output } = await cleaned(input);
    expectNoLeaks(input, output, [CANARY, CANARY_GPS]);
    expect(result.format.id).toBe('docx');
    expect(memberOrder(output)[0]).toBe('[Content_Types].xml');
    expectConsistentPackage(output);
    if (hasTool('unzip')) unzipTest(output);
    const media = join(dir, 'cleaned-image1.jpg');
    writeFileSync(media, unzipSync(output)['word/media/image1.jpg']!);
    expect(identifyingTags(media)).toEqual([]);
  });

  it(
    'inflates a large deflated photo once: its cleaned bytes, held, serve verify and the write',
    async () => {
      // Word deflates its media; re-pack the synthetic document that way. A photo larger than the
      // members the driver reads whole (SMALL_MEMBER_BYTES).
      const jpeg = gpsJpeg(dir, 'large.jpg', LARGE_PHOTO);
      expect(jpeg.length).toBeGreaterThan(SMALL_MEMBER_BYTES);
      const packed = unzipSync(syntheticDocx({ jpeg }));
      const input = zipSync(packed, { level: 6 });
      expect(deepFind(input, CANARY).length).toBeGreaterThan(0);
      const zlib = nodeCodecs().inflateRaw!;
      let photoInflates = 0;
      lendHostCodecs({
        inflateRaw: (raw, size) => {
          if (size === jpeg.length) photoInflates++;
          return zlib(raw, size);
        },
      });
      try {
        const result = await cleanPlan(blob(input));
        expect(result.plan.some((s) => s.kind === 'deferred')).toBe(false);
        const output = await materialize(input, result.plan);
        expect(photoInflates).toBe(1);
        expectNoLeaks(input, output, [CANARY, CANARY_GPS]);
        const photo = unzipSync(output)['word/media/image1.jpg']!;
        const media = join(dir, 'cleaned-deflated.jpg');
        writeFileSync(media, photo);
        expect(identifyingTags(media)).toEqual([]);
        // Lossless: the image data, the end of the file, is the input's.
        const tail = jpeg.subarray(jpeg.length - 1024);
        expect(photo.subarray(photo.length - 1024)).toEqual(tail);
      } finally {
        lendHostCodecs({});
      }
    },
    LARGE_PHOTO_TIMEOUT,
  );

  it('accepts tracked changes: inserted text kept, deleted text gone, the count reported', async () => {
    const input = syntheticDocx();
    const { result, output } = await cleaned(input);
    const doc = new TextDecoder().decode(
      unzipSync(output)['word/document.xml'],
    );
    expect(doc).toContain(INSERTED_TEXT);
    expect(doc).not.toContain(DELETED_TEXT);
    expect(doc).not.toMatch(
      /<w:(ins|del|rPrChange|commentReference|commentRangeStart)\b/,
    );
    expect(doc).toContain(HIDDEN_TEXT);
    const tracked = result.removed.find((f) => f.label === 'tracked changes');
    expect(tracked?.value).toMatch(/^4 accepted; by CANARY_TRACK_AUTHOR/);
    expect(labels(result)).toEqual(
      expect.arrayContaining([
        'rsid',
        'rsid list',
        'nsid',
        'w14:docId',
        'w15:docId',
        'comment anchor',
        'link path',
      ]),
    );
  });

  it('reports hidden text, header text and embedded objects as kept for review, and leaves out macros it cannot check', async () => {
    const input = syntheticDocx({ inner: syntheticDocx(), macros: true });
    const { result } = await cleaned(input);
    expect(result.format.extension).toBe('docm');
    expect(result.kept.every((f) => f.kept === 'review')).toBe(true);
    expect(labels(result, true)).toEqual(
      expect.arrayContaining([
        'hidden text',
        'header or footer text',
        'embedded object',
      ]),
    );
    // The fixture's macros are bytes no VBA project has (one is a compound file): left out.
    expect(result.removed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field: 'document.unchecked-part',
          value: 'word/vbaProject.bin',
        }),
      ]),
    );
  });

  it('cleans an Excel workbook: absPath, revision pointer, build, uids, comments, people, printer', async () => {
    const input = syntheticXlsx();
    expect(deepFind(input, CANARY).length).toBeGreaterThan(10);
    const { result, output } = await cleaned(input);
    expectNoLeaks(input, output, [CANARY]);
    expect(result.format.id).toBe('xlsx');
    expectConsistentPackage(output);
    const sheet = new TextDecoder().decode(
      unzipSync(output)['xl/worksheets/sheet1.xml'],
    );
    expect(sheet).toContain('<pageSetup orientation="portrait"/>');
    expect(sheet).not.toContain('legacyDrawing');
    const review = result.kept.map((f) => `${f.label}=${f.value ?? ''}`);
    expect(review).toEqual(
      expect.arrayContaining([
        'hidden sheet=Secret',
        'hidden row=1',
        'hidden column=1',
      ]),
    );
    expect(
      review.some((r) =>
        r.startsWith('external link=externalLinkPath: totals.xlsx'),
      ),
    ).toBe(true);
  });

  it('cleans a PowerPoint deck and reports notes and off-slide content', async () => {
    const input = syntheticPptx();
    const { result, output } = await cleaned(input);
    expectNoLeaks(input, output, [CANARY]);
    expect(result.format.id).toBe('pptx');
    expectConsistentPackage(output);
    const slide = new TextDecoder().decode(
      unzipSync(output)['ppt/slides/slide1.xml'],
    );
    expect(slide).not.toContain('p:ext ');
    expect(labels(result, true)).toEqual(
      expect.arrayContaining(['speaker notes', 'content off the slide']),
    );
  });

  it('fails closed on hostile packages: escaping names, duplicates, deep nesting', async () => {
    const base = unzipSync(syntheticDocx());
    const escaping = zipSync({ ...base, '../../x': strToU8('x') });
    await expect(cleanPlan(blob(escaping))).rejects.toMatchObject({
      code: 'corrupt',
    });
    let nested = syntheticDocx();
    for (let i = 0; i < 6; i++)
      nested = zipSync({
        ...base,
        'word/embeddings/inner.docx': [nested, { level: 0 }],
      });
    await expect(cleanPlan(blob(nested))).rejects.toBeInstanceOf(EngineError);
    const noTypes = zipSync(
      Object.fromEntries(
        Object.entries(base).filter(([n]) => n !== '[Content_Types].xml'),
      ),
    );
    await expect(cleanPlan(blob(noTypes))).rejects.toMatchObject({
      code: 'corrupt',
    });
  });

  describe.skipIf(!hasTool('soffice'))('with LibreOffice', () => {
    let texts: Map<string, string>;
    const names = [
      'synthetic.docx',
      'cleaned_synthetic.docx',
      'lo.xlsx',
      'cleaned_lo.xlsx',
    ];
    beforeAll(async () => {
      writeFileSync(join(dir, 'synthetic.docx'), syntheticDocx({ jpeg }));
      writeFileSync(
        join(dir, 'table.csv'),
        'Item,Amount\nFence,120\nSeeds,15\n',
      );
      soffice('xlsx', [join(dir, 'table.csv')], dir);
      writeFileSync(
        join(dir, 'lo.xlsx'),
        readFileSync(join(dir, 'table.xlsx')),
      );
      for (const name of ['synthetic.docx', 'lo.xlsx']) {
        const input = new Uint8Array(readFileSync(join(dir, name)));
        writeFileSync(
          join(dir, `cleaned_${name}`),
          (await cleaned(input)).output,
        );
      }
      const txt = tempDir('ooxml-txt');
      soffice(
        'txt:Text',
        names.filter((n) => n.endsWith('docx')).map((n) => join(dir, n)),
        txt,
      );
      soffice(
        'csv',
        names.filter((n) => n.endsWith('xlsx')).map((n) => join(dir, n)),
        txt,
      );
      texts = new Map(
        readdirSync(txt).map((f) => [
          f,
          normalizeText(readFileSync(join(txt, f), 'utf8')),
        ]),
      );
    }, 240_000);

    it('keeps the text LibreOffice reads, with the tracked insertion and without the deletion', () => {
      const before = texts.get('synthetic.txt')!;
      const after = texts.get('cleaned_synthetic.txt')!;
      for (const line of [...BODY_TEXT, INSERTED_TEXT, HIDDEN_TEXT])
        expect(after).toContain(line);
      expect(after).not.toContain(DELETED_TEXT);
      expect(after).toBe(normalizeText(before.replace(DELETED_TEXT, '')));
    });

    it('keeps a LibreOffice workbook cell for cell', () => {
      expect(texts.get('cleaned_lo.csv')).toBe(texts.get('lo.csv'));
      expect(texts.get('lo.csv')).toContain('Fence,120');
    });
  });
});

/** Real files the engine refuses, by name, with the code it gives: a refusal is never a pass. */
const OFFICE_REFUSALS: Record<string, string> = {
  'malformed_content_types.docx': 'corrupt',
  'no_content_types.docx': 'corrupt',
};

describeCorpus('mat2 corpus: Office files', () => {
  const mat2 = corpusFile('mat2');
  const files = CORPUS_DIR
    ? readdirSync(mat2).filter((f) => /\.(docx|xlsx|pptx)$/.test(f))
    : [];
  it.each(files)(
    '%s holds none of what exiftool reads of its author, tool and dates, or is a named refusal',
    async (file) => {
      await judgeRealDocument(join(mat2, file), OFFICE_REFUSALS);
    },
  );
});
