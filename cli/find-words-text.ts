/**
 * The answer of `--find`, in the command line's words: per word, where it was in the input and
 * where it still is in the copy, each place said to be what a reader sees or hidden.
 */
import type { FindAnswer, WordAnswer } from '../workers/engine/find/find-words';
import type {
  FindHit,
  FindPlace,
  HitWhere,
} from '../workers/engine/find/places';
import { escapeForTerminal } from './report-text';

export const FIND_PLACE_WORDS: Readonly<Record<FindPlace, string>> = {
  'file-name': 'the file name',
  'page-text': 'the text of a page',
  'body-text': 'the body text',
  'header-footer': 'a header or footer',
  'sheet-cell': 'a cell',
  'sheet-name': "a sheet's name",
  'slide-text': 'the text of a slide',
  'slide-notes': "a slide's notes",
  'chapter-text': 'the text of a chapter',
  'book-title': "the book's title",
  annotation: 'a note on a page',
  'form-value': 'a form field',
  bookmark: 'a bookmark',
  link: 'a link',
  comment: 'a comment',
  'tracked-change': 'a tracked change',
  'field-code': 'a field code',
  'user-field': 'a user field',
  'document-properties': 'the document properties',
  'custom-xml': 'a custom XML part',
  'package-metadata': "the book's package metadata",
  xmp: 'XMP metadata',
  'pdf-info': 'the document information',
  'pdf-object': 'a PDF object no page shows',
  markup: 'markup a reader does not show',
  'other-part': 'a part no reader shows',
  'file-bytes': "the file's bytes, in no part metaclean can name",
};

/** "page 2", "sheet Budget, cell B7", "by Ana", "key Author", "in word/comments.xml". */
function particulars(where: HitWhere): string {
  const out: string[] = [];
  if (where.page !== undefined) out.push(`page ${where.page}`);
  if (where.sheet !== undefined) out.push(`sheet ${where.sheet}`);
  if (where.cell !== undefined) out.push(`cell ${where.cell}`);
  if (where.author !== undefined) out.push(`by ${where.author}`);
  if (where.key !== undefined) out.push(where.key);
  if (where.part !== undefined) out.push(`in ${where.part}`);
  return out.length ? ` (${escapeForTerminal(out.join(', '))})` : '';
}

const hitLine = (h: FindHit): string =>
  `${FIND_PLACE_WORDS[h.place]}${particulars(h.where)}, ${h.visible ? 'visible' : 'hidden'}`;

/** Visible places first: they are the ones a person acts on. */
const listed = (hits: readonly FindHit[]): string =>
  [...hits.filter((h) => h.visible), ...hits.filter((h) => !h.visible)]
    .map(hitLine)
    .join('; ');

function wordLines(w: WordAnswer): string[] {
  const word = `"${escapeForTerminal(w.word)}"`;
  if (w.before.length === 0 && w.after.length === 0)
    return [`${word}: not found, before or after`];
  const lines = [
    `${word} was in: ${w.before.length ? listed(w.before) : 'nothing'}`,
  ];
  if (w.after.length === 0) lines.push(`${word} is gone from the copy`);
  else {
    lines.push(`${word} is still in: ${listed(w.after)}`);
    if (w.after.some((h) => h.visible))
      lines.push(
        '  what is visible is part of what the reader sees: edit the document to remove it',
      );
  }
  return lines;
}

/** Lines for a file's answer; the last says whether the copy can be trusted. */
export function findLines(answer: FindAnswer, output: string): string[] {
  const lines = answer.words.flatMap(wordLines);
  for (const part of answer.unsearched.after)
    lines.push(`could not search ${escapeForTerminal(part || 'the copy')}`);
  if (!answer.clean)
    lines.push(
      `the copy is not clean: a word is left where no reader shows it; ${escapeForTerminal(output)} was removed`,
    );
  return lines;
}
