import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { cleanPlan, isEngineError } from '../../../workers/engine';
import { planBytes } from '../../../workers/engine/output-plan';
import { tempDir } from '../../helpers/image-tools';
import { expectNoLeaks, locateCanaries } from '../../helpers/leak-oracle';
import {
  BODY_TEXT,
  soffice,
  syntheticDocx,
} from '../../helpers/office-fixtures';

/**
 * Word's altChunk (ECMA-376 Part 1, 17.17.2.1): content imported from another file when Word
 * opens the document. A Word document chunk is cleaned as a file of its own; an HTML, RTF or
 * text chunk is refused, never left out (its text is part of the document).
 */
const CHUNK_TEXT = 'CANARY_CHUNK_BODY_TEXT';
const CHUNK_AUTHOR = 'CANARY_CORE_CREATOR';
/** LibreOffice on a loaded machine: one conversion. */
const SOFFICE_TEST_MS = 300_000;
const AF_CHUNK =
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships/aFChunk';

/** syntheticDocx with an altChunk of `bytes` at `part`, declared as `type`. */
function withChunk(part: string, type: string, bytes: Uint8Array): Uint8Array {
  const files = unzipSync(syntheticDocx());
  const text = (name: string) => strFromU8(files[name]!);
  files['[Content_Types].xml'] = strToU8(
    text('[Content_Types].xml').replace(
      '</Types>',
      `<Override PartName="/word/${part}" ContentType="${type}"/></Types>`,
    ),
  );
  files['word/_rels/document.xml.rels'] = strToU8(
    text('word/_rels/document.xml.rels').replace(
      '</Relationships>',
      `<Relationship Id="rIdChunk" Type="${AF_CHUNK}" Target="${part}"/></Relationships>`,
    ),
  );
  files['word/document.xml'] = strToU8(
    text('word/document.xml').replace(
      '<w:sectPr',
      '<w:altChunk r:id="rIdChunk"/><w:sectPr',
    ),
  );
  files[`word/${part}`] = new Uint8Array(bytes);
  return zipSync(files);
}

/** The code a clean fails with, or null when it succeeds. */
async function failure(bytes: Uint8Array) {
  try {
    await cleanPlan(new Blob([bytes as Uint8Array<ArrayBuffer>]));
    return null;
  } catch (error) {
    if (!isEngineError(error)) throw error;
    return error;
  }
}

describe('ooxml: an imported chunk (altChunk)', () => {
  it('refuses an HTML chunk, whose text would otherwise be lost', async () => {
    const html = strToU8(
      `<html><head><meta name="author" content="x"></head><body><p>${CHUNK_TEXT}</p></body></html>`,
    );
    const input = withChunk('chunk.htm', 'text/html', html);
    expect(locateCanaries(input, [CHUNK_TEXT])[CHUNK_TEXT]).not.toEqual([]);

    const error = await failure(input);
    expect(error?.code).toBe('alt-chunk');
    expect(error?.detail).toMatch(
      /word\/chunk\.htm.*open the document in Word/,
    );
  });

  it('refuses an RTF chunk and one without a content type', async () => {
    const rtf = strToU8(`{\\rtf1\\ansi ${CHUNK_TEXT}}`);
    expect(
      (await failure(withChunk('chunk.rtf', 'application/rtf', rtf)))?.code,
    ).toBe('alt-chunk');
    const files = unzipSync(withChunk('chunk.rtf', 'application/rtf', rtf));
    files['[Content_Types].xml'] = strToU8(
      strFromU8(files['[Content_Types].xml']!).replace(
        /<Override PartName="\/word\/chunk\.rtf"[^>]*\/>/,
        '',
      ),
    );
    expect((await failure(zipSync(files)))?.code).toBe('alt-chunk');
  });

  it('refuses a chunk declared as a Word document whose bytes are not one', async () => {
    const input = withChunk(
      'chunk.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      strToU8(`<html><body>${CHUNK_TEXT}</body></html>`),
    );
    expect((await failure(input))?.code).toBe('alt-chunk');
  });

  it(
    'cleans a Word document chunk as a file of its own and keeps its text',
    async () => {
      const inner = unzipSync(syntheticDocx());
      inner['word/document.xml'] = strToU8(
        strFromU8(inner['word/document.xml']!).replace(
          '<w:body>',
          `<w:body><w:p><w:r><w:t>${CHUNK_TEXT}</w:t></w:r></w:p>`,
        ),
      );
      const input = withChunk(
        'chunk.docx',
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        zipSync(inner),
      );
      const result = await cleanPlan(
        new Blob([input as Uint8Array<ArrayBuffer>]),
      );
      const output = await planBytes(input, result.plan);
      expectNoLeaks(input, output, [CHUNK_AUTHOR]);
      const chunk = unzipSync(unzipSync(output)['word/chunk.docx']!);
      expect(strFromU8(chunk['word/document.xml']!)).toContain(CHUNK_TEXT);

      const dir = tempDir('alt-chunk');
      const docx = join(dir, 'clean.docx');
      writeFileSync(docx, output);
      const [txt] = soffice('txt:Text', [docx], dir);
      const shown = readFileSync(txt!, 'utf8');
      expect(shown).toContain(BODY_TEXT[0]);
    },
    SOFFICE_TEST_MS,
  );
});
