/**
 * Where a searched word can be, named once: each place says whether it is part of what a reader
 * of the document sees (visible content, which cleaning keeps and the person edits away) or one
 * a reader does not see (hidden: metadata, comments, markup, which cleaning must remove). The
 * site and the CLI word each id; a place nobody named is hidden, so a word in it after cleaning
 * marks the copy not clean.
 */
export const FIND_PLACES = {
  'file-name': 'visible',
  'page-text': 'visible',
  'body-text': 'visible',
  'header-footer': 'visible',
  'sheet-cell': 'visible',
  'sheet-name': 'visible',
  'slide-text': 'visible',
  'slide-notes': 'visible',
  'chapter-text': 'visible',
  'book-title': 'visible',
  annotation: 'visible',
  'form-value': 'visible',
  bookmark: 'visible',
  link: 'visible',
  comment: 'hidden',
  'tracked-change': 'hidden',
  'field-code': 'hidden',
  'user-field': 'hidden',
  'document-properties': 'hidden',
  'custom-xml': 'hidden',
  'package-metadata': 'hidden',
  xmp: 'hidden',
  'pdf-info': 'hidden',
  'pdf-object': 'hidden',
  markup: 'hidden',
  'other-part': 'hidden',
  'file-bytes': 'hidden',
} as const satisfies Record<string, 'visible' | 'hidden'>;

export type FindPlace = keyof typeof FIND_PLACES;

export const isVisiblePlace = (place: FindPlace): boolean =>
  FIND_PLACES[place] === 'visible';

/** The particulars of a place, each optional: what the words for the place fill in. */
export interface HitWhere {
  /** The zip member or embedded file the hit is in (outermost first, joined by ` › `). */
  readonly part?: string;
  /** A 1-based page number (PDF). */
  readonly page?: number;
  readonly sheet?: string;
  /** A cell reference such as `B7`. */
  readonly cell?: string;
  /** A property or dictionary key (`Author`, `dc:creator`). */
  readonly key?: string;
  /** Who wrote a comment, as the file says. */
  readonly author?: string;
}

/** One place a word was found in one file. */
export interface FindHit {
  readonly place: FindPlace;
  readonly visible: boolean;
  readonly where: HitWhere;
}
