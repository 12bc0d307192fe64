/**
 * `metaclean --find`: where each word was and where it still is, in words and in --json, and a
 * copy given a hidden copy of the name after cleaning (by the test, while the run waits) removed
 * with exit status 3.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { jsonLines, runCli } from '../../helpers/cli-run';
import {
  editZip,
  HIDDEN_NAME,
  nameDocx,
  TYPED_NAME,
} from '../../helpers/find-fixtures';
import { tempDir } from '../../helpers/image-tools';
import { locateCanaries } from '../../helpers/leak-oracle';

const EMAIL = 'mariana@example.org';
let input = '';

beforeAll(() => {
  input = join(tempDir('metaclean-find'), 'letter.docx');
  writeFileSync(input, nameDocx());
  expect(locateCanaries(nameDocx(), [HIDDEN_NAME])[HIDDEN_NAME]).not.toEqual(
    [],
  );
});

describe('metaclean --find', () => {
  it('says where the name was and that only the visible body keeps it', async () => {
    const out = join(tempDir('metaclean-find-out'), 'clean.docx');
    const run = await runCli([
      '--find',
      TYPED_NAME,
      '--find',
      EMAIL,
      '-o',
      out,
      input,
    ]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      `"${TYPED_NAME}" was in: the body text (in word/document.xml), visible; `,
    );
    for (const place of [
      `a comment (by ${HIDDEN_NAME}, in word/comments.xml), hidden`,
      'the document properties (creator, in docProps/core.xml), hidden',
      'a custom XML part (in customXml/item1.xml), hidden',
    ])
      expect(run.stdout).toContain(place);
    expect(run.stdout).toContain(
      `"${TYPED_NAME}" is still in: the body text (in word/document.xml), visible`,
    );
    expect(run.stdout).toContain('edit the document to remove it');
    expect(run.stdout).toContain(`"${EMAIL}": not found, before or after`);
    expect(
      locateCanaries(readFileSync(out), [HIDDEN_NAME])[HIDDEN_NAME],
    ).toEqual([]);
  });

  it('carries the same answer in --json, checked against the schema', async () => {
    const out = join(tempDir('metaclean-find-json'), 'clean.docx');
    const run = await runCli([
      '--json',
      '--find',
      TYPED_NAME,
      '-o',
      out,
      input,
    ]);
    expect(run.code).toBe(0);
    const [record] = jsonLines(run.stdout);
    expect(record!.status).toBe('cleaned');
    expect(record!.find.clean).toBe(true);
    expect(record!.find.words[0].after).toEqual([
      {
        place: 'body-text',
        visible: true,
        where: { part: 'word/document.xml' },
      },
    ]);
    expect(record!.find.words[0].before).toHaveLength(4);
  });

  it('removes a copy that holds the name in a hidden part and exits 3', async () => {
    const out = join(tempDir('metaclean-find-tamper'), 'clean.docx');
    const run = await runCli(
      ['--json', '--find', TYPED_NAME, '-o', out, input],
      {
        fault: 'written:pause',
        onPause: async () => {
          const tampered = editZip(
            readFileSync(out),
            {},
            {
              'word/extra.xml': `<x>${HIDDEN_NAME}</x>`,
            },
          );
          writeFileSync(out, tampered);
          return 'resume';
        },
      },
    );
    expect(run.code).toBe(3);
    const [record] = jsonLines(run.stdout);
    expect(record!.status).toBe('not-clean');
    expect(record!.output).toBeUndefined();
    expect(record!.find.words[0].after).toContainEqual({
      place: 'other-part',
      visible: false,
      where: { part: 'word/extra.xml' },
    });
    expect(existsSync(out)).toBe(false);
  });

  it('refuses --find where no copy is written to a file', async () => {
    const run = await runCli(['--inspect', '--find', TYPED_NAME, input]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      '--find searches a cleaned copy written to a file',
    );
  });
});
