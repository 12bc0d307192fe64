/**
 * Comments (ISO 32000-1, 12.5.6.2 markup annotations): a sticky note (`/Text`), its pop-up
 * window (`/Popup`, 12.5.6.14) and a reply (`/IRT`) are comments and nothing else, so they go from
 * their page's `/Annots` and, no longer referenced, are not written. The other markup annotations
 * are marks drawn on the page: the mark stays, its comment (`/Contents`, `/RC`, `/Subj`) and its
 * pop-up go. A `/FreeText` annotation's `/Contents` is the text its appearance draws on the page
 * (12.5.6.6), content and kept. Links, widgets and the rest are not comments.
 */
import { finding, type Finding } from '../../findings';
import type { PdfDocument } from './document';
import {
  isArray,
  isDict,
  isRef,
  nameOf,
  type PdfDict,
  type PdfValue,
} from './objects';
import { dateOf, textOf } from './text';

/** Annotations that carry a comment, per ISO 32000-1, 12.5.6.2 (markup annotations). */
export const MARKUP: ReadonlySet<string> = new Set([
  'Text',
  'FreeText',
  'Line',
  'Square',
  'Circle',
  'Polygon',
  'PolyLine',
  'Highlight',
  'Underline',
  'Squiggly',
  'StrikeOut',
  'Stamp',
  'Caret',
  'Ink',
  'FileAttachment',
  'Sound',
  'Redact',
]);
/** Markup annotations that are a visible mark with a comment attached (12.5.6.2, Table 169). */
const MARKS = new Set([
  'Highlight',
  'Underline',
  'StrikeOut',
  'Squiggly',
  'Square',
  'Circle',
  'Line',
  'Polygon',
  'PolyLine',
  'Ink',
  'Stamp',
  'Caret',
]);

/** The keys that hold a markup annotation's comment rather than what it draws. */
const COMMENT_KEYS = ['Contents', 'RC', 'Subj'] as const;

/**
 * A reply: `/IRT` names the annotation it answers, unless `/RT /Group` says it is only grouped
 * with it (12.5.6.2, Table 170), in which case it is what its subtype is.
 */
const isReply = (d: PdfDict): boolean =>
  d.map.has('IRT') && nameOf(d.map.get('RT')) !== 'Group';

/** An annotation that is a comment and nothing else, removed from its page whole. */
export const isCommentOnly = (d: PdfDict, subtype?: string): boolean =>
  subtype === 'Text' || subtype === 'Popup' || isReply(d);

/** Whether an annotation of this subtype keeps its comment text (`/FreeText` draws it). */
export const keepsComment = (d: PdfDict, subtype?: string): boolean =>
  !MARKS.has(subtype ?? '') && !isCommentOnly(d, subtype);

function take(d: PdfDict, key: string): PdfValue | undefined {
  const v = d.map.get(key);
  d.map.delete(key);
  return v;
}

/**
 * Takes from an annotation its author, date and unique name, and, unless it keeps its comment,
 * the comment and its pop-up; returns what it held.
 */
export function annotationKeys(d: PdfDict, subtype?: string): Finding[] {
  const where = `annotation ${subtype ?? ''}`.trim();
  const found: Finding[] = [];
  // A widget's /T is its form field's name, which the form needs; elsewhere /T is the author.
  if (subtype !== 'Widget' && d.map.has('T'))
    found.push(finding('author.name', 'T', where, textOf(take(d, 'T'))));
  if (d.map.has('M'))
    found.push(finding('time.modified', 'M', where, dateOf(take(d, 'M'))));
  if (subtype !== 'Widget' && d.map.has('NM'))
    found.push(
      finding('identifier.unique', 'NM', where, textOf(take(d, 'NM'))),
    );
  if (keepsComment(d, subtype)) return found;
  for (const key of COMMENT_KEYS)
    if (d.map.has(key))
      found.push(finding('content.comment', key, where, textOf(take(d, key))));
  // The pop-up shows the comment; with the comment gone it has nothing to show.
  take(d, 'Popup');
  return found;
}

/**
 * A page's `/Annots` without its comments, as a direct array when anything went (an indirect
 * array another page shares is left as it is for that page); what each comment held is reported.
 */
export async function dropComments(
  doc: PdfDocument,
  page: PdfDict,
): Promise<Finding[]> {
  const annots = await doc.resolve(page.map.get('Annots'));
  if (!isArray(annots)) return [];
  const found: Finding[] = [];
  const kept: PdfValue[] = [];
  for (const item of annots.items) {
    const annot = isRef(item) ? await doc.resolve(item) : item;
    if (!isDict(annot)) {
      kept.push(item);
      continue;
    }
    const subtype = nameOf(await doc.resolve(annot.map.get('Subtype')));
    if (!isCommentOnly(annot, subtype)) {
      kept.push(item);
      continue;
    }
    // A pop-up only shows its parent's comment, reported with the parent.
    if (subtype !== 'Popup')
      found.push(
        ...annotationKeys({ kind: 'dict', map: new Map(annot.map) }, subtype),
      );
  }
  if (kept.length < annots.items.length)
    page.map.set('Annots', { kind: 'array', items: kept });
  return found;
}
