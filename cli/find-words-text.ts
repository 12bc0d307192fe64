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
import findMessages from '../i18n/messages/find-words/en.json';
import { escapeForTerminal } from './report-text';

const SITE_WORDS: Readonly<Record<string, string>> = findMessages;

/**
 * The site's English words for a place (`find.place.*`), the one source, as plain terminal text:
 * a straight apostrophe, and metaclean where the site says "we".
 */
function placeWords(place: FindPlace): string {
  const words = SITE_WORDS[`find.place.${place}`] ?? '';
  return words.replace(/\u2019/g, "'").replace(/\bwe\b/g, 'metaclean');
}

/** Every place, so a place added to the engine fails type-checking here until it has words. */
const PLACES: Readonly<Record<FindPlace, true>> = {
  'file-name': true,
  'page-text': true,
  'body-text': true,
  'header-footer': true,
  'sheet-cell': true,
  'sheet-name': true,
  'slide-text': true,
  'slide-notes': true,
  'chapter-text': true,
  'book-title': true,
  annotation: true,
  'form-value': true,
  bookmark: true,
  link: true,
  comment: true,
  'tracked-change': true,
  'field-code': true,
  'user-field': true,
  'document-properties': true,
  'custom-xml': true,
  'package-metadata': true,
  xmp: true,
  'pdf-info': true,
  'pdf-object': true,
  markup: true,
  'other-part': true,
  'file-bytes': true,
};

export const FIND_PLACE_WORDS: Readonly<Record<FindPlace, string>> =
  Object.fromEntries(
    Object.keys(PLACES).map((place) => [place, placeWords(place as FindPlace)]),
  ) as Record<FindPlace, string>;

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
