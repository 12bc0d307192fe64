import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan, type CleanPlanResult } from '../../../workers/engine';
import { tempDir } from '../../helpers/image-tools';
import {
  deepFind,
  normalizeText,
  soffice,
} from '../../helpers/office-fixtures';
import { cleaned, hasTool, unzipTest } from '../../helpers/zip-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';

const NS = [
  'office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"',
  'style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"',
  'text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"',
  'table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"',
  'draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"',
  'presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0"',
  'svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"',
  'fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"',
]
  .map((n) => `xmlns:${n}`)
  .join(' ');
const UNUSED_FIELD = 'CANARY_UNUSED_FIELD';

const TEXT_BODY = `<office:automatic-styles><style:style style:name="Hid" style:family="text"><style:text-properties text:display="none"/></style:style></office:automatic-styles><office:body><office:text><text:variable-decls><text:variable-decl office:value-type="string" text:name="Secret"/></text:variable-decls><text:user-field-decls><text:user-field-decl office:value-type="string" office:string-value="Shown field value" text:name="Shown"/><text:user-field-decl office:value-type="string" office:string-value="${UNUSED_FIELD}" text:name="Unused"/></text:user-field-decls>
<text:p>Visible paragraph. <text:user-field-get text:name="Shown">Shown field value</text:user-field-get></text:p>
<text:p><text:hidden-paragraph text:condition="ooow:1" text:is-hidden="true"/>Paragraph hidden by a condition.</text:p>
<text:p>Before <text:hidden-text text:condition="ooow:1" text:string-value="Hidden text field" text:is-hidden="true"/>after.</text:p>
<text:p>Span <text:span text:style-name="Hid">hidden span words</text:span> end.</text:p>
<text:p><text:variable-set text:name="Secret" text:display="none" office:value-type="string" office:string-value="Hidden variable value">Hidden variable value</text:variable-set>Variable set.</text:p>
<text:section text:name="HiddenSection" text:display="none"><text:p>Section text hidden.</text:p></text:section>
</office:text></office:body>`;

const SHEET_BODY = `<office:automatic-styles><style:style style:name="ta1" style:family="table"><style:table-properties table:display="true"/></style:style><style:style style:name="ta2" style:family="table"><style:table-properties table:display="false"/></style:style></office:automatic-styles><office:body><office:spreadsheet><table:table table:name="Visible" table:style-name="ta1"><table:table-column/><table:table-row><table:table-cell office:value-type="string"><text:p>Budget total</text:p></table:table-cell></table:table-row><table:table-row table:visibility="collapse"><table:table-cell office:value-type="float" office:value="5"><text:p>5</text:p></table:table-cell></table:table-row></table:table><table:table table:name="HiddenSheet" table:style-name="ta2"><table:table-row><table:table-cell office:value-type="string"><text:p>Hidden sheet cell</text:p></table:table-cell></table:table-row></table:table></office:spreadsheet></office:body>`;

const SLIDES_BODY = `<office:automatic-styles><style:style style:name="dp2" style:family="drawing-page"><style:drawing-page-properties presentation:visibility="hidden"/></style:style></office:automatic-styles><office:body><office:presentation><draw:page draw:name="Shown"><draw:frame svg:x="1cm" svg:y="1cm" svg:width="10cm" svg:height="2cm"><draw:text-box><text:p>First slide</text:p></draw:text-box></draw:frame><presentation:notes><draw:frame svg:x="1cm" svg:y="1cm" svg:width="10cm" svg:height="2cm"><draw:text-box><text:p>Speaker reminder</text:p></draw:text-box></draw:frame></presentation:notes></draw:page><draw:page draw:name="Parked" draw:style-name="dp2"><draw:frame svg:x="1cm" svg:y="1cm" svg:width="10cm" svg:height="2cm"><draw:text-box><text:p>Hidden slide</text:p></draw:text-box></draw:frame></draw:page></office:presentation></office:body>`;

const KINDS = {
  text: ['odt', TEXT_BODY],
  spreadsheet: ['ods', SHEET_BODY],
  presentation: ['odp', SLIDES_BODY],
} as const;

const mime = (kind: string) => `application/vnd.oasis.opendocument.${kind}`;
const flat = (kind: keyof typeof KINDS) =>
  `<?xml version="1.0" encoding="UTF-8"?><office:document ${NS} office:version="1.3" office:mimetype="${mime(kind)}">${KINDS[kind][1]}</office:document>`;

/** The same content as a package written here, without an office suite. */
function packaged(kind: keyof typeof KINDS): Uint8Array {
  return zipSync({
    mimetype: [strToU8(mime(kind)), { level: 0 }],
    'content.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${NS} office:version="1.3">${KINDS[kind][1]}</office:document-content>`,
    ),
    'META-INF/manifest.xml': strToU8(
      `<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:media-type="${mime(kind)}"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>`,
    ),
  });
}

const blob = (bytes: Uint8Array) =>
  new Blob([bytes as Uint8Array<ArrayBuffer>]);

const kept = (result: CleanPlanResult) =>
  result.kept.map((f) => `${f.label}: ${f.value ?? ''}`);

/** LibreOffice drops conditional hidden-paragraph and hidden-text fields from a flat file. */
function expectTextReport(result: CleanPlanResult, fields = true): void {
  expect(result.kept.every((f) => f.kept === 'review')).toBe(true);
  expect(kept(result)).toEqual(
    expect.arrayContaining([
      'hidden section: HiddenSection',
      'hidden variable: Secret=Hidden variable value',
      'user field: Shown=Shown field value',
      expect.stringMatching(/^hidden text: \d+$/),
      ...(fields
        ? ['hidden text: Hidden text field', 'hidden paragraph: 1']
        : []),
    ]),
  );
  expect(result.removed.map((f) => `${f.label}: ${f.value ?? ''}`)).toContain(
    `user field: Unused=${UNUSED_FIELD}`,
  );
}

describe('OpenDocument content that is not shown', () => {
  it('reports hidden text, sections, variables and used user fields; removes unused ones', async () => {
    const input = packaged('text');
    expect(deepFind(input, UNUSED_FIELD)).toEqual(['content.xml']);
    const { result, output } = await cleaned(input);
    expectTextReport(result);
    expectNoLeaks(input, output, [UNUSED_FIELD]);
    const content = new TextDecoder().decode(unzipSync(output)['content.xml']);
    expect(content).toContain('text:name="Shown"');
    expect(content).toContain('Section text hidden.');
    expect((await cleanPlan(blob(output))).removed).toEqual([]);
  });

  it('reports hidden sheets and rows, and hidden slides with their notes', async () => {
    const sheets = (await cleaned(packaged('spreadsheet'))).result;
    expect(kept(sheets)).toEqual(
      expect.arrayContaining(['hidden sheet: HiddenSheet', 'hidden row: 1']),
    );
    const slides = (await cleaned(packaged('presentation'))).result;
    expect(kept(slides)).toEqual(
      expect.arrayContaining([
        'hidden slide: Parked',
        'speaker notes: Speaker reminder',
      ]),
    );
  });

  it("cuts the folders from a file-name field and reports fields showing the author's name", async () => {
    const body = `<office:body><office:text><text:p>Saved as <text:file-name text:display="full">/home/CANARY_FIELD_PATH/Documents/plan.odt</text:file-name> by <text:author-name text:fixed="false">Jane Author</text:author-name>.</text:p></office:text></office:body>`;
    const input = zipSync({
      mimetype: [strToU8(mime('text')), { level: 0 }],
      'content.xml': strToU8(
        `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${NS} office:version="1.3">${body}</office:document-content>`,
      ),
      'META-INF/manifest.xml': strToU8(
        `<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:media-type="${mime('text')}"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>`,
      ),
    });
    expect(deepFind(input, 'CANARY_FIELD_PATH')).toEqual(['content.xml']);
    const { result, output } = await cleaned(input);
    expectNoLeaks(input, output, ['CANARY_FIELD_PATH']);
    expect(
      new TextDecoder().decode(unzipSync(output)['content.xml']),
    ).toContain('text:display="full">plan.odt</text:file-name>');
    expect(result.removed.map((f) => f.label)).toContain('text:file-name');
    expect(kept(result)).toContain('fields showing a name: Jane Author');
  });

  it('keeps a user field whose name a condition uses', async () => {
    const input = packaged('text');
    const files = unzipSync(input);
    const content = new TextDecoder()
      .decode(files['content.xml'])
      .replace('text:condition="ooow:1"', 'text:condition="ooow:Unused==1"');
    const { result, output } = await cleaned(
      zipSync({
        mimetype: [files.mimetype!, { level: 0 }],
        'content.xml': strToU8(content),
        'META-INF/manifest.xml': files['META-INF/manifest.xml']!,
      }),
    );
    expect(kept(result)).toContain(`user field: Unused=${UNUSED_FIELD}`);
    expect(deepFind(output, UNUSED_FIELD)).toEqual(['content.xml']);
  });

  describe.skipIf(!hasTool('soffice'))('written by LibreOffice', () => {
    let dir: string;
    const outcomes = new Map<string, CleanPlanResult>();
    let texts: Map<string, string>;
    beforeAll(async () => {
      dir = tempDir('odf-hidden');
      const out = tempDir('odf-hidden-out');
      for (const [kind, [ext]] of Object.entries(KINDS)) {
        writeFileSync(
          join(dir, `hidden.f${ext}`),
          flat(kind as keyof typeof KINDS),
        );
        soffice(ext, [join(dir, `hidden.f${ext}`)], dir);
        const input = new Uint8Array(readFileSync(join(dir, `hidden.${ext}`)));
        const { result, output } = await cleaned(input);
        outcomes.set(ext, result);
        writeFileSync(join(dir, `cleaned_hidden.${ext}`), output);
        if (ext === 'odt') {
          expect(deepFind(input, UNUSED_FIELD)).toEqual(['content.xml']);
          expectNoLeaks(input, output, [UNUSED_FIELD]);
        }
        if (hasTool('unzip')) unzipTest(output);
      }
      const both = (ext: string) =>
        [`hidden.${ext}`, `cleaned_hidden.${ext}`].map((n) => join(dir, n));
      soffice('txt:Text', both('odt'), out);
      soffice('csv', both('ods'), out);
      soffice('pdf', [join(dir, 'cleaned_hidden.odp')], out);
      texts = new Map(
        readdirSync(out).map((f) => [
          f,
          f.endsWith('.pdf')
            ? String(readFileSync(join(out, f)).length)
            : normalizeText(readFileSync(join(out, f), 'utf8')),
        ]),
      );
    }, 240_000);

    it('reports what LibreOffice hides, and the files open with the same text', () => {
      expectTextReport(outcomes.get('odt')!, false);
      expect(kept(outcomes.get('ods')!)).toEqual(
        expect.arrayContaining(['hidden sheet: HiddenSheet', 'hidden row: 1']),
      );
      expect(kept(outcomes.get('odp')!)).toEqual(
        expect.arrayContaining(['hidden slide: Parked']),
      );
      expect(texts.get('cleaned_hidden.txt')).toBe(texts.get('hidden.txt'));
      expect(texts.get('cleaned_hidden.txt')).toContain('Visible paragraph.');
      expect(texts.get('cleaned_hidden.csv')).toBe(texts.get('hidden.csv'));
      expect(Number(texts.get('cleaned_hidden.pdf'))).toBeGreaterThan(0);
    });
  });
});
