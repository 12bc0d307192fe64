import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { syntheticDocx } from '../../helpers/office-fixtures';
import {
  NOTES,
  PERSON,
  PERSON_DOCX,
  PERSON_SCRIPT,
  PERSON_TXT,
  personNamedAttachmentsPdf,
} from '../../helpers/pdf-attachment-fixtures';
import { qdfText, qpdfCheck, run } from '../../helpers/pdf-fixtures';
import { cleanFile, tempDir } from '../../helpers/video-tools';

let dir = '';
const at = (name: string) => join(dir, name);
const attachments = (path: string) => run('qpdf', ['--list-attachments', path]);

/** An attachment's bytes as qpdf reads them by its key. */
const attachment = (key: string, path: string): Buffer =>
  execFileSync('qpdf', [`--show-attachment=${key}`, path], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });

beforeAll(() => {
  dir = tempDir('metaclean-pdf-name-trees');
  writeFileSync(at('named.pdf'), personNamedAttachmentsPdf(syntheticDocx()));
});

describe('pdf name trees', () => {
  it('plants the person-named keys where qpdf reads them', () => {
    const list = attachments(at('named.pdf'));
    expect(list).toContain(PERSON_DOCX);
    expect(list).toContain(PERSON_TXT);
    expect(qdfText(at('named.pdf'), at('named.qdf'))).toContain(PERSON_SCRIPT);
  });

  it('gives attachment keys the neutral names of their file specifications', async () => {
    const { result, path } = await cleanFile(at('named.pdf'));
    expect(qpdfCheck(path)).toContain('No syntax or stream encoding errors');
    const list = attachments(path);
    // qpdf lists each attachment by its key, then the file names of its file specification.
    const docx = /^(file(?:-\d+)?\.docx) -> /m.exec(list)?.[1];
    const txt = /^(file(?:-\d+)?\.txt) -> /m.exec(list)?.[1];
    expect(list).not.toContain(PERSON);
    expect(attachment(txt!, path).toString('utf8')).toBe(NOTES);
    writeFileSync(at('cv.docx'), attachment(docx!, path));
    expect(run('unzip', ['-l', at('cv.docx')])).toContain('word/document.xml');
    const removed = result.removed
      .filter((f) => f.label === 'EmbeddedFiles')
      .map((f) => f.value);
    expect(removed.sort()).toEqual([PERSON_DOCX, PERSON_TXT]);
    expectNoLeaks(readFileSync(at('named.pdf')), readFileSync(path), [PERSON]);
  });

  it('gives document-level scripts neutral names and keeps them', async () => {
    const { result, path } = await cleanFile(at('named.pdf'));
    const text = qdfText(path, at('out.qdf'));
    expect(text).toContain('(script-1)');
    expect(text).toContain("app.alert\\('hello'\\);");
    expect(
      result.removed
        .filter((f) => f.label === 'JavaScript')
        .map((f) => f.value),
    ).toEqual([PERSON_SCRIPT]);
  });
});
