// A Word 97-2003 comment's text lies in the document's characters, in the comment story after
// the main, footnote and header stories ([MS-DOC] 2.3.4). It stayed in the cleaned copy, its
// author blanked; its characters now become spaces where they lie, in a UTF-16 piece (as
// LibreOffice writes, legacy-office.test.ts) or an 8-bit one (as Word writes text that fits in
// cp1252, here).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan } from '../../../workers/engine';
import { planBytes } from '../../../workers/engine/output-plan';
import { writeCfb } from '../../helpers/cfb-writer';
import { tempDir } from '../../helpers/image-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import {
  convert,
  LEGACY_COMMENT_CANARY,
  LEGACY_COMMENT_TEXT,
  LEGACY_KEPT_TEXT,
  legacyOfficeFile,
  oleStreams,
} from '../../helpers/legacy-office-fixtures';
import { withCompressedText } from '../../helpers/piece-table-fixtures';

const SOFFICE_TEST_MS = 600_000;
/** [MS-DOC] 2.5.4 FibRgLw97 starts at 64; ccpAtn is its eighth long. */
const CCP_ATN_AT = 64 + 7 * 4;

async function outcome(bytes: Uint8Array) {
  try {
    const result = await cleanPlan(
      new Blob([bytes as Uint8Array<ArrayBuffer>]),
    );
    return { output: await planBytes(bytes, result.plan) };
  } catch (error) {
    return { code: (error as { code?: string }).code };
  }
}

/** What LibreOffice reads from a .doc: its text, and its comments' flat XML. */
function libreOfficeReads(dir: string, name: string, bytes: Uint8Array) {
  const path = join(dir, `${name}.doc`);
  writeFileSync(path, bytes);
  const text = readFileSync(convert(dir, 'txt:Text', path), 'utf8');
  const fodt = readFileSync(convert(dir, 'fodt', path), 'utf8');
  return {
    text,
    comments:
      fodt.match(/<office:annotation\b.*?<\/office:annotation>/gs) ?? [],
  };
}

describe('a .doc whose text is stored 8-bit', () => {
  const dir = tempDir('legacy-word-comments');
  let input: Uint8Array;

  beforeAll(() => {
    const doc = readFileSync(legacyOfficeFile(dir, 'doc'));
    input = withCompressedText(doc, dir);
  }, SOFFICE_TEST_MS);

  /** The document's streams, as olefile reads them. */
  const streamsOf = (bytes: Uint8Array) => {
    const path = join(dir, 'read.doc');
    writeFileSync(path, bytes);
    return oleStreams(path);
  };

  it("holds the comment's text in 8-bit form, as olefile reads the stream", () => {
    const word = streamsOf(input).get('WordDocument')!;
    expect(word.includes(LEGACY_COMMENT_TEXT, 0, 'latin1')).toBe(true);
  });

  it(
    "is cleaned: the comment's text gone, the comment and the body's text kept, as LibreOffice reads them",
    async () => {
      const { output } = await outcome(input);
      expect(output).toBeDefined();
      expectNoLeaks(input, output!, [LEGACY_COMMENT_CANARY]);
      const before = libreOfficeReads(dir, 'before', input);
      const after = libreOfficeReads(dir, 'after', output!);
      expect(before.comments.join('')).toContain(LEGACY_COMMENT_TEXT);
      expect(after.comments).toHaveLength(1);
      expect(after.comments[0]).not.toContain(LEGACY_COMMENT_CANARY);
      expect(after.text).toBe(before.text);
      expect(after.text).toContain(LEGACY_KEPT_TEXT);
    },
    SOFFICE_TEST_MS,
  );

  it.each([
    ['shorter, leaving part of it unread', -10],
    ['empty, leaving all of it unread', 'zero'],
    ['longer, reaching into the story after it', 3],
  ] as const)(
    'refuses a FIB that makes the comment story %s, as corrupt',
    async (_, change) => {
      const streams = streamsOf(input);
      const word = Buffer.from(streams.get('WordDocument')!);
      const ccpAtn = word.readUInt32LE(CCP_ATN_AT);
      word.writeUInt32LE(change === 'zero' ? 0 : ccpAtn + change, CCP_ATN_AT);
      streams.set('WordDocument', word);
      const bytes = writeCfb(
        [...streams].map(([name, data]) => ({ path: name.split('/'), data })),
      ).bytes;
      expect(await outcome(bytes)).toEqual({ code: 'corrupt' });
    },
  );

  it('refuses a comment story past the piece table, as corrupt', async () => {
    const streams = streamsOf(input);
    const word = Buffer.from(streams.get('WordDocument')!);
    word.writeUInt32LE(word.readUInt32LE(CCP_ATN_AT) + 1000, CCP_ATN_AT);
    streams.set('WordDocument', word);
    const bytes = writeCfb(
      [...streams].map(([name, data]) => ({ path: name.split('/'), data })),
    ).bytes;
    expect(await outcome(bytes)).toEqual({ code: 'corrupt' });
  });
});
