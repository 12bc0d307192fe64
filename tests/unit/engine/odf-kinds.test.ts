import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan } from '../../../workers/engine';
import { corpusFile, describeCorpus } from '../../helpers/corpus';
import { tempDir } from '../../helpers/image-tools';
import {
  CANARY,
  deepFind,
  normalizeText,
  soffice,
} from '../../helpers/office-fixtures';
import { ODF_META, ODF_NS } from '../../helpers/odf-fixtures';
import {
  cleaned,
  hasTool,
  memberOrder,
  unzipTest,
} from '../../helpers/zip-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';

const FORMULA = 'application/vnd.oasis.opendocument.formula';
const CHART = 'application/vnd.oasis.opendocument.chart';
const MATH = `<math xmlns="http://www.w3.org/1998/Math/MathML"><semantics><mrow><mi>a</mi><mo>+</mo><mi>b</mi></mrow><annotation encoding="StarMath 5.0">a + b</annotation></semantics></math>`;
const CHART_CONTENT = `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${ODF_NS} xmlns:chart="urn:oasis:names:tc:opendocument:xmlns:chart:1.0" office:version="1.3"><office:body><office:chart><chart:chart chart:class="chart:bar"/></office:chart></office:body></office:document-content>`;
const SETTINGS = `<?xml version="1.0" encoding="UTF-8"?><office:document-settings ${ODF_NS} office:version="1.3"><office:settings><config:config-item-set config:name="ooo:configuration-settings"><config:config-item config:name="PrinterName" config:type="string">CANARY_PRINTER</config:config-item><config:config-item config:name="PrintFaxName" config:type="string">CANARY_FAX</config:config-item><config:config-item config:name="TemplatePath" config:type="string">C:\\Users\\CANARY_SETTINGS_PATH\\letter.ott</config:config-item></config:config-item-set></office:settings></office:document-settings>`;

/** A package with the given members; `mimetype` where `first` says, stored or deflated. */
function odfPackage(
  mime: string,
  members: Record<string, Uint8Array>,
  first = true,
): Uint8Array {
  const manifest = strToU8(
    `<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:media-type="${mime}"/>${Object.keys(
      members,
    )
      .filter((n) => n !== 'mimetype' && n !== 'META-INF/manifest.xml')
      .map(
        (n) =>
          `<manifest:file-entry manifest:full-path="${n}" manifest:media-type="text/xml"/>`,
      )
      .join('')}</manifest:manifest>`,
  );
  const rest: Zippable = { ...members, 'META-INF/manifest.xml': manifest };
  delete rest.mimetype;
  return zipSync(
    first
      ? { mimetype: [strToU8(mime), { level: 0 }], ...rest }
      : { ...rest, mimetype: strToU8(mime) },
  );
}

const synthetic = (mime: string, content: string, first = true) =>
  odfPackage(
    mime,
    {
      'content.xml': strToU8(content),
      'meta.xml': strToU8(
        `<?xml version="1.0" encoding="UTF-8"?><office:document-meta ${ODF_NS} office:version="1.3">${ODF_META}</office:document-meta>`,
      ),
      'settings.xml': strToU8(SETTINGS),
      'Thumbnails/thumbnail.png': strToU8('CANARY_THUMBNAIL'),
    },
    first,
  );

const blob = (bytes: Uint8Array) =>
  new Blob([bytes as Uint8Array<ArrayBuffer>]);

/** `mimetype` first and stored, nothing planted left, nothing left to remove. */
async function expectClean(
  input: Uint8Array,
  output: Uint8Array,
): Promise<void> {
  expect(memberOrder(output)[0]).toBe('mimetype');
  expect(
    new DataView(output.buffer, output.byteOffset).getUint16(8, true),
  ).toBe(0);
  expectNoLeaks(input, output, [CANARY]);
  expect((await cleanPlan(blob(output))).removed).toEqual([]);
  if (hasTool('unzip')) unzipTest(output);
}

describe('OpenDocument formulas, charts, and packages with mimetype out of place', () => {
  it('cleans a formula and a chart like the other kinds', async () => {
    for (const [mime, content, id] of [
      [FORMULA, MATH, 'odf'],
      [CHART, CHART_CONTENT, 'odc'],
    ] as const) {
      const input = synthetic(mime, content);
      expect(deepFind(input, 'CANARY_DC_CREATOR')).toEqual(['meta.xml']);
      for (const c of ['CANARY_PRINTER', 'CANARY_FAX', 'CANARY_SETTINGS_PATH'])
        expect(deepFind(input, c)).toEqual(['settings.xml']);
      const { result, output } = await cleaned(input);
      expect(result.format.id).toBe(id);
      expect(result.removed.map((f) => f.label)).toEqual(
        expect.arrayContaining([
          'dc:creator',
          'PrinterName',
          'PrintFaxName',
          'TemplatePath',
        ]),
      );
      expect(
        new TextDecoder().decode(unzipSync(output)['settings.xml']),
      ).toContain('>letter.ott<');
      await expectClean(input, output);
    }
  });

  it('cleans a package whose mimetype is not first, writing it first and stored', async () => {
    const input = synthetic(
      'application/vnd.oasis.opendocument.text',
      `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${ODF_NS} office:version="1.3"><office:body><office:text><text:p>Kept words.</text:p></office:text></office:body></office:document-content>`,
      false,
    );
    expect(memberOrder(input).at(-1)).toBe('mimetype');
    const { result, output } = await cleaned(input);
    expect(result.format.id).toBe('odt');
    await expectClean(input, output);
    expect(
      new TextDecoder().decode(unzipSync(output)['content.xml']),
    ).toContain('Kept words.');
  });

  it('refuses an OpenDocument kind no module cleans, whatever the member order', async () => {
    const input = synthetic(
      'application/vnd.oasis.opendocument.database',
      '<x/>',
      false,
    );
    await expect(cleanPlan(blob(input))).rejects.toMatchObject({
      code: 'unsupported',
    });
  });

  describe.skipIf(!hasTool('soffice'))('with LibreOffice', () => {
    let dir: string;
    let out: string;
    beforeAll(async () => {
      dir = tempDir('odf-kinds');
      out = tempDir('odf-kinds-out');
      writeFileSync(
        join(dir, 'words.fodt'),
        `<?xml version="1.0" encoding="UTF-8"?><office:document ${ODF_NS} office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.text">${ODF_META}<office:body><office:text><text:p>Quarterly plan for the garden project.</text:p></office:text></office:body></office:document>`,
      );
      soffice('odt', [join(dir, 'words.fodt')], dir);
      const words = unzipSync(
        new Uint8Array(readFileSync(join(dir, 'words.odt'))),
      );
      const mime = new TextDecoder().decode(words.mimetype);
      const misplaced = odfPackage(mime, words, false);
      expect(memberOrder(misplaced).at(-1)).toBe('mimetype');
      expect(deepFind(misplaced, 'CANARY_DC_CREATOR')).toEqual(['meta.xml']);
      const { output } = await cleaned(misplaced);
      await expectClean(misplaced, output);
      writeFileSync(join(dir, 'misplaced.odt'), misplaced);
      writeFileSync(join(dir, 'cleaned_misplaced.odt'), output);
      soffice(
        'txt:Text',
        [join(dir, 'words.odt'), join(dir, 'cleaned_misplaced.odt')],
        out,
      );
    }, 240_000);

    // LibreOffice's headless converter does not load formulas, so only the text is opened here.
    it('opens the repaired text, with the same words', () => {
      const text = (n: string) =>
        normalizeText(readFileSync(join(out, n), 'utf8'));
      expect(text('cleaned_misplaced.txt')).toBe(text('words.txt'));
      expect(text('words.txt')).toContain('garden project');
    });
  });
});

describeCorpus(
  'mat2 corpus: a formula, and a text whose mimetype is not first',
  () => {
    it.each(['dirty.odf', 'embedded.odt'])('%s cleans', async (file) => {
      const input = new Uint8Array(readFileSync(corpusFile('mat2', file)));
      const { result, output } = await cleaned(input);
      expect(result.format.id).toBe(file.endsWith('.odf') ? 'odf' : 'odt');
      expect(result.removed.length).toBeGreaterThan(0);
      expect(memberOrder(output)[0]).toBe('mimetype');
      expect(deepFind(output, 'Thumbnails/')).toEqual([]);
      expect((await cleanPlan(blob(output))).removed).toEqual([]);
      if (hasTool('unzip')) unzipTest(output);
    });
  },
);
