/**
 * What is removed from, or reported in, each PDF dictionary (ISO 32000-1: 14.3 metadata,
 * 14.5 page-piece dictionaries, 12.3.3 thumbnails, 12.5 annotations, 12.7 forms, 12.8
 * signatures, 8.11 optional content, 7.11.4 embedded files).
 */
import { finding, type Finding } from '../../findings';
import { cleanFileSpec, cleanFileSpecString } from './attachments';
import { annotationKeys, keepsComment, MARKUP } from './comments';
import {
  isArray,
  isDict,
  isString,
  nameOf,
  type PdfDict,
  type PdfValue,
} from './objects';
import { anywhere } from './anywhere';
import { noteContentStreams } from './content';
import { freeText } from './free-text';
import { keepDefinedKeys, keptKind, type KeptKind } from './keep';
import {
  FILE_ACTIONS,
  isMap,
  isWhollyUnknown,
  kindAt,
  notePositions,
  type Position,
} from './positions';
import { dateOf, textOf } from './text';
import { unknownStrings } from './unknown';

const ANNOTATIONS = new Set([
  ...MARKUP,
  'Popup',
  'Link',
  'Widget',
  'Movie',
  'Screen',
  'PrinterMark',
  'TrapNet',
  'Watermark',
  '3D',
  'RichMedia',
  'Projection',
]);

/** What the walk tallies to report as kept for review. */
import type { Tally } from './tally';

export { newTally, type Tally } from './tally';

const ownerOf = (d: PdfDict): string =>
  nameOf(d.map.get('Type')) ?? nameOf(d.map.get('Subtype')) ?? 'object';

function take(d: PdfDict, key: string): PdfValue | undefined {
  const v = d.map.get(key);
  d.map.delete(key);
  return v;
}

/** What one dictionary held, and the kind it was kept as. */
export interface CleanedDict {
  readonly findings: Finding[];
  readonly kind: KeptKind | null;
}

/**
 * Cleans one dictionary in place and returns what it held. Rules look only at the dictionary
 * itself and at its position, so the same rules hold for direct and indirect dictionaries alike.
 */
export function cleanDict(
  d: PdfDict,
  tally: Tally,
  isCatalog: boolean,
  position?: Position,
): CleanedDict {
  const found: Finding[] = [];
  const owner = ownerOf(d);
  const m = d.map;
  if (m.has('Metadata')) tally.xmp.push({ value: take(d, 'Metadata')!, owner });
  if (m.has('PieceInfo')) {
    take(d, 'PieceInfo');
    found.push(finding('software.detail', 'PieceInfo', owner));
  }
  if (m.has('LastModified'))
    found.push(
      finding(
        'time.modified',
        'LastModified',
        owner,
        dateOf(take(d, 'LastModified')),
      ),
    );
  if (m.has('Thumb')) {
    take(d, 'Thumb');
    found.push(finding('thumbnail.image', 'Thumb', owner));
  }
  for (const key of ['CreationDate', 'ModDate'])
    if (m.has(key))
      found.push(
        finding(
          key === 'CreationDate' ? 'time.created' : 'time.modified',
          key,
          owner,
          dateOf(take(d, key)),
        ),
      );
  // An embedded file's checksum is the digest of the original file (ISO 32000-1, 7.11.4.2).
  if (m.has('CheckSum')) take(d, 'CheckSum');
  found.push(...infoLike(d, owner));
  const kind =
    (isCatalog ? null : kindAt(d, position)) ??
    keptKind(d, isCatalog, isAnnotation(d));
  found.push(...annotation(d, tally, kind === 'annotation'));
  found.push(...field(d, tally));
  if (m.has('JS') || nameOf(m.get('S')) === 'JavaScript') tally.javascript++;
  const ef = m.get('EF');
  if (isDict(ef)) {
    // The report and the person's choices name an attachment as it was named.
    const label = textOf(m.get('UF')) ?? textOf(m.get('F')) ?? 'attachment';
    for (const v of ef.map.values())
      if (typeof v === 'object' && v?.kind === 'ref')
        tally.attachmentNames.set(v.num, label);
  }
  if (kind === 'filespec' || isDict(ef))
    found.push(...cleanFileSpec(d, ++tally.fileNames));
  else if (kind === 'action' && isFileSpecString(d))
    found.push(...cleanFileSpecString(d, ++tally.fileNames));
  if (m.has('Fields') && m.has('SigFlags')) take(d, 'SigFlags');
  // An XFA form carries its own data packets (what was typed in), kept with the form.
  if (m.has('Fields') && m.has('XFA'))
    found.push(
      finding('document.content', 'XFA', 'AcroForm', undefined, 'review'),
    );
  if (isCatalog) found.push(...catalog(d));
  found.push(...freeText(d, kind, position));
  found.push(...anywhere(d, owner));
  if (kind === null && !isMap(position))
    found.push(...unknownStrings(d, isWhollyUnknown(d, position), owner));
  noteContentStreams(d, kind, tally);
  notePositions(d, kind, tally.positions, position);
  if ((kind === 'page' || kind === 'xobject') && m.has('ID')) {
    // The digest of the Web Capture content set the page or image came from (ISO 32000-2,
    // 14.10.6): it identifies the captured source, and nothing draws with it.
    take(d, 'ID');
    found.push(finding('identifier.unique', 'ID', owner));
  }
  if (kind) found.push(...keepDefinedKeys(d, kind));
  return { findings: found, kind };
}

/**
 * An action whose `/F` is a file specification written as a string; a form's submission target
 * is a URL (ISO 32000-2, 12.7.6.2), judged by the link rules.
 */
function isFileSpecString(d: PdfDict): boolean {
  const s = nameOf(d.map.get('S')) ?? '';
  return FILE_ACTIONS.has(s) && s !== 'SubmitForm' && isString(d.map.get('F'));
}

/** The keys of a document information dictionary (ISO 32000-1, 14.3.3). */
const INFO_KEYS = new Set([
  'Title',
  'Author',
  'Subject',
  'Keywords',
  'Creator',
  'Producer',
  'CreationDate',
  'ModDate',
  'Trapped',
]);
const INFO_PEOPLE = ['Author', 'Creator', 'Producer'] as const;

/**
 * A dictionary made only of information-dictionary keys outside the trailer (an article thread's
 * `/I`, ISO 32000-1 12.4.3, or an Info dictionary some producer linked from elsewhere): who made
 * it and with what go; its title stays, as viewers show it.
 */
function infoLike(d: PdfDict, owner: string): Finding[] {
  const keys = [...d.map.keys()];
  if (!keys.length || !keys.every((k) => INFO_KEYS.has(k))) return [];
  const found: Finding[] = [];
  for (const key of INFO_PEOPLE)
    if (d.map.has(key))
      found.push(
        finding(
          key === 'Author'
            ? 'author.name'
            : key === 'Producer'
              ? 'software.producer'
              : 'software.creator',
          key,
          owner === 'object' ? 'information dictionary' : owner,
          textOf(take(d, key)),
        ),
      );
  for (const key of ['Subject', 'Keywords'])
    if (d.map.has(key))
      found.push(
        finding(
          key === 'Subject' ? 'content.description' : 'content.keywords',
          key,
          'information dictionary',
          textOf(take(d, key)),
        ),
      );
  return found;
}

/** An annotation says so, or has a subtype only annotations have and a rectangle. */
function isAnnotation(d: PdfDict): boolean {
  const subtype = nameOf(d.map.get('Subtype'));
  return (
    nameOf(d.map.get('Type')) === 'Annot' ||
    (subtype !== undefined && ANNOTATIONS.has(subtype) && d.map.has('Rect'))
  );
}

function annotation(d: PdfDict, tally: Tally, isAnnot: boolean): Finding[] {
  const subtype = nameOf(d.map.get('Subtype'));
  if (!isAnnot) return [];
  // Only a comment kept with its annotation is listed for review; the rest go (comments.ts).
  if (subtype && MARKUP.has(subtype) && keepsComment(d, subtype))
    tally.comments++;
  return annotationKeys(d, subtype);
}

function field(d: PdfDict, tally: Tally): Finding[] {
  const isField =
    d.map.has('FT') ||
    (d.map.has('T') && (d.map.has('Parent') || d.map.has('Kids')));
  if (!isField || !d.map.has('V')) return [];
  const v = d.map.get('V');
  const name = textOf(d.map.get('T')) ?? 'field';
  // Any change to a signed file voids its signature, which also names the signer: the value goes
  // and the field stays, unsigned.
  if (nameOf(d.map.get('FT')) === 'Sig' || isSignature(v))
    tally.signatures.push({ value: take(d, 'V')!, field: name });
  else if (typeof v === 'object' && v?.kind === 'ref')
    tally.indirectValues.push({ owner: d, field: name });
  else if (!isEmpty(v)) tally.filledFields++;
  return [];
}

/** Whether a field value is a signature dictionary (ISO 32000-1, 12.8.1, Table 252). */
export const isSignature = (v: PdfValue | undefined): boolean =>
  isDict(v) &&
  (nameOf(v.map.get('Type')) === 'Sig' ||
    (v.map.has('ByteRange') && v.map.has('Contents')));

export const isEmpty = (v: PdfValue | undefined): boolean =>
  v === undefined ||
  v === null ||
  (typeof v === 'object' && v.kind === 'str' && v.bytes.length === 0) ||
  (typeof v === 'object' && v.kind === 'name' && v.name === 'Off');
function catalog(d: PdfDict): Finding[] {
  const found: Finding[] = [];
  // Permissions point at signature dictionaries (DocMDP, usage rights), void once anything changes.
  if (d.map.has('Perms')) {
    take(d, 'Perms');
    found.push(finding('identifier.unique', 'Perms', 'Catalog'));
  }
  // Web Capture's record of how pages were fetched (ISO 32000-2, 14.10.5): each command's URL,
  // POST data and HTTP headers (cookies), kept only to fetch the pages again; nothing draws with it.
  if (d.map.has('SpiderInfo')) {
    take(d, 'SpiderInfo');
    found.push(finding('history.edits', 'SpiderInfo', 'Catalog'));
  }
  const oc = d.map.get('OCProperties');
  if (isDict(oc)) {
    const ocgs = oc.map.get('OCGs');
    const count = isArray(ocgs) ? ocgs.items.length : 0;
    found.push(
      finding(
        'document.content',
        'OCProperties',
        'Catalog',
        `${count} layers`,
        'review',
      ),
    );
  }
  return found;
}

/** Values whose strings the report shows for a removed signature. */
export function signatureText(sig: PdfValue | undefined): string | undefined {
  if (!isDict(sig)) return undefined;
  const parts = [
    textOf(sig.map.get('Name')),
    dateOf(sig.map.get('M')),
    textOf(sig.map.get('Reason')),
    textOf(sig.map.get('Location')),
    textOf(sig.map.get('ContactInfo')),
  ];
  const text = parts.filter((p) => p).join(', ');
  return text || undefined;
}
