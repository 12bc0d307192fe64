import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan, isEngineError } from '../../../workers/engine';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import {
  attachmentsPdf,
  LEGACY_DOC_TEXT,
  NOTES,
} from '../../helpers/pdf-attachment-fixtures';
import { pdfText, qdfText, qpdfCheck, run } from '../../helpers/pdf-fixtures';
import { blobOf, cleanFile, tempDir } from '../../helpers/video-tools';

const CANARIES = [
  'CANARY_DESC',
  'CANARY_USER',
  'CANARY_DOC_DESC',
  'CANARY_ANNOT_AUTHOR',
];

/** The neutral name an attachment's file specification gets, its extension kept. */
const NEUTRAL_TXT = /\bfile(?:-\d+)?\.txt\b/;

let dir = '';
const at = (name: string) => join(dir, name);
const hex = (text: string) => Buffer.from(text, 'latin1').toString('hex');
const holds = (text: string, canary: string) =>
  text.includes(canary) || text.toLowerCase().includes(hex(canary));

const attachmentList = (path: string) => run('pdfdetach', ['-list', path]);

beforeAll(() => {
  dir = tempDir('metaclean-pdf-attachments');
  writeFileSync(at('attached.pdf'), attachmentsPdf());
});

describe('pdf attachments', () => {
  it('plants the canaries and both attachments in the input', () => {
    const text = qdfText(at('attached.pdf'), at('attached.qdf'));
    for (const canary of CANARIES)
      expect(holds(text, canary), canary).toBe(true);
    // pdfdetach lists the annotation's attachment as well as the name tree's.
    const list = attachmentList(at('attached.pdf'));
    expect(list).toContain('notes.txt');
    expect(list.match(/report\.doc/g)).toHaveLength(2);
  });

  it('fails naming the attachment it cannot clean, when not told to remove it', async () => {
    const error = await cleanPlan(
      blobOf(readFileSync(at('attached.pdf'))),
    ).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isEngineError(error) && error.code).toBe('uncleanable-part');
    expect(isEngineError(error) && error.parts).toEqual(['report.doc']);
  });

  it('removes the attachment it cannot clean when told to, and names it as removed', async () => {
    const { result, path } = await cleanFile(at('attached.pdf'), {
      dropUncleanable: true,
    });
    expect(qpdfCheck(path)).toContain('No syntax or stream encoding errors');
    const list = attachmentList(path);
    expect(list).toContain('1 embedded files');
    // The attachment that stays is listed under a neutral name with its extension.
    expect(list).toMatch(NEUTRAL_TXT);
    expect(list).not.toContain('notes.txt');
    expect(list).not.toContain('report.doc');
    expect(
      result.removed
        .filter((f) => f.label === 'EmbeddedFile')
        .map((f) => f.value),
    ).toEqual(['report.doc']);
    // Every object, referenced or not, every stream decoded: no annotation and no Word file left.
    expectNoLeaks(readFileSync(at('attached.pdf')), readFileSync(path), [
      LEGACY_DOC_TEXT,
      'FileAttachment',
    ]);
    expect(pdfText(path)).toBe(pdfText(at('attached.pdf')));
  });

  it('keeps a plain-text attachment as content, its file specification cleaned', async () => {
    const { result, path } = await cleanFile(at('attached.pdf'), {
      dropUncleanable: true,
    });
    run('pdfdetach', ['-save', '1', '-o', at('notes-out.txt'), path]);
    expect(readFileSync(at('notes-out.txt'), 'utf8')).toBe(NOTES);
    // The report lists it under its new name, and says which file name was removed.
    expect(result.kept.map((f) => f.value)).toEqual(
      expect.arrayContaining([expect.stringMatching(NEUTRAL_TXT)]),
    );
    expect(
      result.removed
        .filter((f) => f.field === 'identifier.file-name')
        .map((f) => f.value),
    ).toContain('C:\\Users\\CANARY_USER\\notes.txt');
    expectNoLeaks(readFileSync(at('attached.pdf')), readFileSync(path), [
      ...CANARIES,
      'D:20190101000000Z',
      'D:20180101000000Z',
    ]);
  });
});
