import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan, type CleanPlanResult } from '../../../workers/engine';
import { identifyingTags } from '../../helpers/exiftool';
import { tempDir } from '../../helpers/image-tools';
import {
  CANARY,
  deepFind,
  gpsJpeg,
  normalizeText,
  soffice,
} from '../../helpers/office-fixtures';
import {
  ANNOTATION_TEXT,
  DELETED_TEXT,
  flatOdt,
  KEPT_TEXT,
  syntheticOdp,
} from '../../helpers/odf-fixtures';
import {
  cleaned,
  hasTool,
  memberOrder,
  unzipTest,
} from '../../helpers/zip-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { CANARY_GPS } from '../../helpers/image-exif-builder';
import { CORPUS_DIR, corpusFile, describeCorpus } from '../../helpers/corpus';
import { judgeRealDocument } from '../../helpers/real-documents';

const blob = (bytes: Uint8Array) =>
  new Blob([bytes as Uint8Array<ArrayBuffer>]);
const text = (zip: Uint8Array, name: string) =>
  new TextDecoder().decode(unzipSync(zip)[name]);

/** `mimetype` first and stored, and a manifest naming exactly the other members. */
function expectValidPackage(zip: Uint8Array): void {
  expect(memberOrder(zip)[0]).toBe('mimetype');
  expect(new DataView(zip.buffer, zip.byteOffset).getUint16(8, true)).toBe(0);
  const listed = [
    ...text(zip, 'META-INF/manifest.xml').matchAll(/full-path="([^"]+)"/g),
  ]
    .map((m) => m[1]!)
    .filter((p) => !p.endsWith('/'));
  const members = Object.keys(unzipSync(zip)).filter(
    (n) =>
      n !== 'mimetype' && n !== 'META-INF/manifest.xml' && !n.endsWith('/'),
  );
  expect(listed.sort()).toEqual(members.sort());
  if (hasTool('unzip')) unzipTest(zip);
}

/** Rebuilds a package with `mimetype` first and stored, some members replaced. */
function repack(
  zip: Uint8Array,
  replace: Record<string, Uint8Array>,
): Uint8Array {
  const files = { ...unzipSync(zip), ...replace };
  const rest = Object.fromEntries(
    Object.entries(files).filter(([n]) => n !== 'mimetype'),
  );
  return zipSync({
    mimetype: [files.mimetype!, { level: 0 }],
    ...rest,
  } as Zippable);
}

describe('OpenDocument', () => {
  let dir: string;
  let jpeg: Uint8Array;
  beforeAll(() => {
    dir = tempDir('odf');
    jpeg = gpsJpeg(dir);
  });

  it('cleans a presentation: meta, printer settings, thumbnail, photo, manifest', async () => {
    const input = syntheticOdp(jpeg);
    expect(deepFind(input, CANARY).length).toBeGreaterThanOrEqual(4);
    const { result, output } = await cleaned(input);
    expect(result.format.id).toBe('odp');
    expectNoLeaks(input, output, [CANARY, CANARY_GPS]);
    expect(Object.keys(unzipSync(output))).not.toContain(
      'Thumbnails/thumbnail.png',
    );
    expectValidPackage(output);
    expect(text(output, 'settings.xml')).toContain('IsKernAsianPunctuation');
    expect(text(output, 'meta.xml')).toMatch(/<office:meta\/>/);
    expect(result.kept.map((f) => f.label)).toContain('speaker notes');
  });

  it('leaves out a file beside the pictures that the manifest does not list, named (mat2 embedded.odt)', async () => {
    // mat2's embedded.odt carries Pictures/setup.py, a script naming its author, listed nowhere.
    const script = strToU8('author="CANARY_SCRIPT_AUTHOR"\n');
    const input = repack(syntheticOdp(jpeg), { 'Pictures/setup.py': script });
    const { result, output } = await cleaned(input);
    expectNoLeaks(input, output, ['CANARY_SCRIPT_AUTHOR']);
    expect(Object.keys(unzipSync(output))).not.toContain('Pictures/setup.py');
    expect(result.removed.map((f) => f.location)).toContain(
      'Pictures/setup.py',
    );
  });

  it('removes a slide comment and a comment over a range, keeping the range', async () => {
    const comment = (who: string, said: string, named = '') =>
      `<officeooo:annotation xmlns:officeooo="http://openoffice.org/2009/office"${named}><dc:creator>${who}</dc:creator><text:p>${said}</text:p></officeooo:annotation>`;
    const content = text(syntheticOdp(jpeg), 'content.xml').replace(
      '<draw:frame>',
      `${comment('CANARY_SLIDE_COMMENTER', 'CANARY_SLIDE_COMMENT')}<draw:frame><draw:text-box><text:p>Before <office:annotation office:name="r1"><dc:creator>CANARY_RANGE_COMMENTER</dc:creator><text:p>CANARY_RANGE_COMMENT</text:p></office:annotation>Ranged words<office:annotation-end office:name="r1"/> after</text:p></draw:text-box></draw:frame><draw:frame>`,
    );
    const input = repack(syntheticOdp(jpeg), {
      'content.xml': strToU8(content),
    });
    const canaries = [
      'CANARY_SLIDE_COMMENTER',
      'CANARY_SLIDE_COMMENT',
      'CANARY_RANGE_COMMENTER',
      'CANARY_RANGE_COMMENT',
    ];
    for (const c of canaries) expect(deepFind(input, c), c).not.toEqual([]);
    const outcome = await cleaned(input);
    expectNoLeaks(input, outcome.output, canaries);
    const after = text(outcome.output, 'content.xml');
    expect(after).toContain('Before Ranged words after');
    expect(after).not.toContain('annotation');
    expect(
      outcome.result.removed.find((f) => f.label === 'annotations')?.value,
    ).toBe('CANARY_SLIDE_COMMENT | CANARY_RANGE_COMMENT');
  });

  it('leaves out elements in no namespace, and a part whose root is in none', async () => {
    const content = text(syntheticOdp(jpeg), 'content.xml').replace(
      '<draw:frame>',
      '<note by="CANARY_NO_NS_ATTRIBUTE">CANARY_NO_NS_ELEMENT</note><draw:frame>',
    );
    const manifest = text(syntheticOdp(jpeg), 'META-INF/manifest.xml').replace(
      '</manifest:manifest>',
      '<manifest:file-entry manifest:full-path="Configurations2/extra.xml" manifest:media-type="text/xml"/></manifest:manifest>',
    );
    const input = repack(syntheticOdp(jpeg), {
      'content.xml': strToU8(content),
      'META-INF/manifest.xml': strToU8(manifest),
      'Configurations2/extra.xml': strToU8(
        '<?xml version="1.0"?><settings><user>CANARY_NO_NS_PART</user></settings>',
      ),
    });
    const canaries = [
      'CANARY_NO_NS_ATTRIBUTE',
      'CANARY_NO_NS_ELEMENT',
      'CANARY_NO_NS_PART',
    ];
    for (const c of canaries) expect(deepFind(input, c), c).not.toEqual([]);
    const outcome = await cleaned(input);
    expectNoLeaks(input, outcome.output, canaries);
    expectValidPackage(outcome.output);
    expect(text(outcome.output, 'content.xml')).toContain('<draw:frame>');
    expect(outcome.result.removed.map((f) => f.location)).toContain(
      'Configurations2/extra.xml',
    );
  });

  it('refuses encrypted packages and kinds it does not clean', async () => {
    const files = unzipSync(syntheticOdp(jpeg));
    const manifest = new TextDecoder()
      .decode(files['META-INF/manifest.xml'])
      .replace(
        'media-type="text/xml"/>',
        'media-type="text/xml"><manifest:encryption-data/></manifest:file-entry>',
      );
    const encrypted = repack(syntheticOdp(jpeg), {
      'META-INF/manifest.xml': strToU8(manifest),
    });
    await expect(cleanPlan(blob(encrypted))).rejects.toMatchObject({
      code: 'encrypted',
    });
    const database = repack(syntheticOdp(jpeg), {
      mimetype: strToU8('application/vnd.oasis.opendocument.database'),
    });
    await expect(cleanPlan(blob(database))).rejects.toMatchObject({
      code: 'unsupported',
    });
  });

  describe.skipIf(!hasTool('soffice'))('a LibreOffice text document', () => {
    let input: Uint8Array;
    let outcome: { result: CleanPlanResult; output: Uint8Array };
    let texts: Map<string, string>;
    beforeAll(async () => {
      writeFileSync(join(dir, 'flat.fodt'), flatOdt(jpeg));
      const [odt] = soffice('odt', [join(dir, 'flat.fodt')], dir);
      const written = new Uint8Array(readFileSync(odt!));
      const files = unzipSync(written);
      const picture = Object.keys(files).find((n) =>
        n.startsWith('Pictures/'),
      )!;
      const settings = new TextDecoder()
        .decode(files['settings.xml'])
        .replace(
          /<config:config-item config:name="PrinterName"[^>]*?(\/>|>[^<]*<\/config:config-item>)/,
          '<config:config-item config:name="PrinterName" config:type="string">CANARY_PRINTER</config:config-item>',
        );
      input = repack(written, {
        [picture]: jpeg,
        'settings.xml': strToU8(settings),
      });
      outcome = await cleaned(input);
      writeFileSync(join(dir, 'input.odt'), input);
      writeFileSync(join(dir, 'cleaned_input.odt'), outcome.output);
      const txt = tempDir('odf-txt');
      soffice(
        'txt:Text',
        [join(dir, 'input.odt'), join(dir, 'cleaned_input.odt')],
        txt,
      );
      texts = new Map(
        readdirSync(txt).map((f) => [
          f,
          normalizeText(readFileSync(join(txt, f), 'utf8')),
        ]),
      );
    }, 240_000);

    it('leaves no canary in any member, nor in the photo', () => {
      for (const c of [
        'CANARY_DC_CREATOR',
        'CANARY_TRACK_AUTHOR',
        'CANARY_ANNOTATION_AUTHOR',
        'CANARY_PRINTER',
        DELETED_TEXT,
      ])
        expect(deepFind(input, c), c).not.toEqual([]);
      expectNoLeaks(input, outcome.output, [CANARY, CANARY_GPS]);
      expectValidPackage(outcome.output);
      const files = unzipSync(outcome.output);
      const picture = Object.keys(files).find((n) =>
        n.startsWith('Pictures/'),
      )!;
      const path = join(dir, 'cleaned-photo.jpg');
      writeFileSync(path, files[picture]!);
      expect(identifyingTags(path)).toEqual([]);
    });

    it('accepts tracked changes, removes annotations with their author, date and text, and says so', () => {
      expect(deepFind(input, ANNOTATION_TEXT)).not.toEqual([]);
      const content = text(outcome.output, 'content.xml');
      expect(content).not.toContain('tracked-changes');
      expect(content).not.toContain('annotation');
      expectNoLeaks(input, outcome.output, [ANNOTATION_TEXT]);
      const labels = outcome.result.removed.map((f) => f.label);
      expect(labels).toEqual(
        expect.arrayContaining([
          'tracked changes',
          'dc:creator',
          'meta:initial-creator',
          'PrinterName',
          'annotations',
        ]),
      );
      expect(
        outcome.result.removed.find((f) => f.label === 'annotations')?.value,
      ).toBe(ANNOTATION_TEXT);
    });

    it('keeps the text LibreOffice reads, with the insertion and without the deletion', () => {
      const before = texts.get('input.txt')!;
      const after = texts.get('cleaned_input.txt')!;
      for (const line of KEPT_TEXT) expect(after).toContain(line);
      expect(after).not.toContain(DELETED_TEXT);
      expect(after).toBe(normalizeText(before.replace(DELETED_TEXT, '')));
    });
  });
});

/** Real files the engine refuses, by name, with the code it gives: a refusal is never a pass. */
const ODF_REFUSALS: Record<string, string> = {};
describeCorpus('mat2 corpus: OpenDocument', () => {
  const mat2 = corpusFile('mat2');
  const files = CORPUS_DIR
    ? readdirSync(mat2).filter((f) => /\.od[tsgpf]$/.test(f))
    : [];
  it.each(files)(
    '%s holds none of what exiftool reads of its author, tool and dates, or is a named refusal',
    async (file) => {
      await judgeRealDocument(join(mat2, file), ODF_REFUSALS);
    },
  );
});
