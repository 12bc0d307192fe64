/**
 * A book's style sheet keeps its rules, as an SVG's does: its CSS comments and the folders of a
 * link into the author's disk go (epub/style-sheet.ts). Info-ZIP's unzip reads the member.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { cleanPlan } from '../../../workers/engine';
import { tempDir } from '../../helpers/image-tools';
import { gpsJpeg } from '../../helpers/office-fixtures';
import { syntheticEpub } from '../../helpers/odf-fixtures';
import { cleaned } from '../../helpers/zip-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';

const OPF = 'OEBPS/content.opf';
const SHEET = 'OEBPS/style.css';
const CSS =
  '/* Styles by CANARY_CSS_AUTHOR */\n@import url(file:///home/CANARY_CSS_USER/fonts/book.css);\np { margin: 0; background: url("../images/paper.png") }\n';

function bookWithSheet(dir: string, css: string | Uint8Array): Uint8Array {
  const files = unzipSync(
    syntheticEpub(gpsJpeg(dir), {
      [SHEET]: typeof css === 'string' ? strToU8(css) : css,
    }),
  );
  files[OPF] = strToU8(
    strFromU8(files[OPF]!).replace(
      '</manifest>',
      '<item id="css" href="style.css" media-type="text/css"/></manifest>',
    ),
  );
  const { mimetype, ...rest } = files;
  return zipSync({ mimetype: [mimetype!, { level: 0 }], ...rest });
}

/** The sheet as Info-ZIP's unzip reads it. */
function sheetByUnzip(dir: string, book: Uint8Array): string {
  const path = join(dir, 'book.epub');
  writeFileSync(path, book);
  return execFileSync('unzip', ['-p', path, SHEET], { encoding: 'utf8' });
}

const blob = (bytes: Uint8Array) =>
  new Blob([bytes as Uint8Array<ArrayBuffer>]);

/** `text` in UTF-16 little-endian, its byte order mark first, as Windows tools save it. */
const utf16le = (text: string): Uint8Array =>
  new Uint8Array(
    Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
  );

describe('EPUB style sheets', () => {
  it('in UTF-16 drop their comments too, and are written in UTF-8 with its mark', async () => {
    const dir = tempDir('epub-style-sheet-utf16');
    const input = bookWithSheet(dir, utf16le(CSS));
    const path = join(dir, 'in.epub');
    writeFileSync(path, input);
    const inputSheet = new TextDecoder('utf-16le').decode(
      execFileSync('unzip', ['-p', path, SHEET]),
    );
    expect(inputSheet).toContain('CANARY_CSS_AUTHOR');
    const { result, output } = await cleaned(input);
    expect(sheetByUnzip(dir, output)).toBe(
      '\uFEFF\n@import url(book.css);\np { margin: 0; background: url("../images/paper.png") }\n',
    );
    expectNoLeaks(input, output, ['CANARY_CSS_AUTHOR', 'CANARY_CSS_USER']);
    expect(result.removed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          label: 'CSS comment',
          value: 'Styles by CANARY_CSS_AUTHOR',
        }),
      ]),
    );
  });

  it('drop their comments and the folders of a link into the author’s disk, keeping the rules', async () => {
    const dir = tempDir('epub-style-sheet');
    const input = bookWithSheet(dir, CSS);
    expect(sheetByUnzip(dir, input)).toContain('CANARY_CSS_AUTHOR');
    const { result, output } = await cleaned(input);
    expectNoLeaks(input, output, ['CANARY_CSS_AUTHOR', 'CANARY_CSS_USER']);
    expect(sheetByUnzip(dir, output)).toBe(
      '\n@import url(book.css);\np { margin: 0; background: url("../images/paper.png") }\n',
    );
    expect(result.removed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          label: 'CSS comment',
          value: 'Styles by CANARY_CSS_AUTHOR',
        }),
        expect.objectContaining({ label: 'CSS path', category: 'identifier' }),
      ]),
    );
    const again = await cleanPlan(blob(output));
    expect(again.removed.filter((f) => f.location === SHEET)).toEqual([]);
  });

  it('drop every folder of a path longer than what is read of its start, and name a folder in any script', async () => {
    const dir = tempDir('epub-style-sheet-deep');
    // The canary's folder lies past the first 4096 characters of the url.
    const deep = `p { background: url(file:///home/${'d/'.repeat(2500)}CANARY_DEEP_FOLDER/paper.png) }\nh1 { background: url("C:/Users/José/CANARY_NAMED_FOLDER/sky.png") }\n`;
    const input = bookWithSheet(dir, deep);
    const canaries = ['CANARY_DEEP_FOLDER', 'CANARY_NAMED_FOLDER'];
    const before = sheetByUnzip(dir, input);
    for (const c of canaries) expect(before).toContain(c);
    const { result, output } = await cleaned(input);
    expect(sheetByUnzip(dir, output)).toBe(
      'p { background: url(paper.png) }\nh1 { background: url("sky.png") }\n',
    );
    expectNoLeaks(input, output, canaries);
    const said = result.removed.map((f) => f.value ?? '').join('\n');
    expect(said).toContain('C:/Users/José/CANARY_NAMED_FOLDER/sky.png');
  });

  it('keep a sheet with nothing to remove as it is', async () => {
    const dir = tempDir('epub-style-sheet-plain');
    const plain = 'p { margin: 0 }\n';
    const { result, output } = await cleaned(bookWithSheet(dir, plain));
    expect(sheetByUnzip(dir, output)).toBe(plain);
    expect(result.removed.filter((f) => f.location === SHEET)).toEqual([]);
  });
});
