/**
 * The facts the summary sentence names, most sensitive first: where, when, the device, who, a
 * unique id, the app, the history, captions, previews. Read in one pass over the findings.
 */
import type { IntlShape } from 'react-intl';
import { formatCatalog } from '../../../workers/engine/format-catalog';
import type {
  Finding,
  FindingCategory,
  FormatId,
} from '../../../workers/engine/index';
import { valueDirection } from './direction';
import { C2PA_LABEL, fieldOf, type FieldId } from './fields';
import {
  formatDate,
  formatLatLon,
  parseDate,
  parseLatLon,
  type LatLon,
  type ParsedDate,
} from './values';

export type FileKind = 'photo' | 'video' | 'audio' | 'document' | 'file';

const DOCUMENT_IDS: ReadonlySet<FormatId> = new Set([
  'pdf',
  'docx',
  'xlsx',
  'pptx',
  'odt',
  'ods',
  'odp',
  'odg',
  'odf',
  'odc',
  'epub',
]);

const KIND_OF_CATALOG = {
  image: 'photo',
  video: 'video',
  audio: 'audio',
  document: 'document',
} as const;

/** What the visitor would call the file: an MP4 holding only sound is still "this video". */
export function fileKindOf(format: FormatId): FileKind {
  if (DOCUMENT_IDS.has(format)) return 'document';
  const entry = formatCatalog.find((e) => e.id === format);
  return entry ? KIND_OF_CATALOG[entry.kind] : 'file';
}

/** The parts of the sentence, in the order they are named. */
export type SummaryPart =
  | 'location'
  | 'time'
  | 'device'
  | 'author'
  | 'identifier'
  | 'software'
  | 'credentials'
  | 'history'
  | 'comment'
  | 'thumbnail';

const PART_OF_CATEGORY: Readonly<Record<FindingCategory, SummaryPart | null>> =
  {
    location: 'location',
    time: 'time',
    device: 'device',
    author: 'author',
    identifier: 'identifier',
    software: 'software',
    history: 'history',
    comment: 'comment',
    thumbnail: 'thumbnail',
    other: null,
  };

const PART_ORDER: readonly SummaryPart[] = [
  'location',
  'time',
  'device',
  'author',
  'identifier',
  'software',
  'credentials',
  'history',
  'comment',
  'thumbnail',
];

/** Which date says "when" best: when it was taken, else the GPS clock, else any. */
const WHEN_PREFERENCE: readonly FieldId[] = [
  'taken',
  'gps-time',
  'modified',
  'date',
];

export interface SummaryFacts {
  readonly kind: FileKind;
  readonly parts: readonly SummaryPart[];
  readonly place: LatLon | null;
  readonly when: ParsedDate | null;
  readonly device: string | null;
  readonly author: string | null;
  readonly software: string | null;
  readonly generator: string | null;
  /** Removed items that no part names (private chunks, vendor blocks). */
  readonly otherCount: number;
}

function firstValue(
  found: ReadonlyMap<FieldId, string>,
  ...fields: FieldId[]
): string | null {
  for (const field of fields) {
    const value = found.get(field);
    if (value) return value;
  }
  return null;
}

/** "Samsung SM-N900A"; a model that already names its maker stands alone ("iPhone 11"). */
function deviceName(make: string | null, model: string | null): string | null {
  if (!model) return make;
  if (!make || model.toLowerCase().startsWith(make.toLowerCase())) return model;
  return `${make} ${model}`;
}

/** Categories whose values the sentence quotes. */
const QUOTED_CATEGORIES: ReadonlySet<FindingCategory> = new Set([
  'location',
  'time',
  'device',
  'author',
  'software',
]);
/** Findings read per category for quotes; a file that has more has said enough. */
const FACTS_READ_PER_CATEGORY = 500;

/** A value worth quoting in a sentence: readable text, short. */
// eslint-disable-next-line no-control-regex -- control characters are what makes a value unquotable
const QUOTABLE = /^[^\u0000-\u001f\ufffd]{1,80}$/;

export function summaryFacts(
  format: FormatId,
  removed: readonly Finding[],
  fieldFor: (f: Finding) => FieldId = fieldOf,
): SummaryFacts {
  const parts = new Set<SummaryPart>();
  const texts = new Map<FieldId, string>();
  const dates = new Map<FieldId, ParsedDate>();
  let place: LatLon | null = null;
  let otherCount = 0;
  const read = new Map<FindingCategory, number>();
  for (const f of removed) {
    if (f.label === C2PA_LABEL) {
      parts.add('credentials');
      if (
        !texts.has('content-credentials') &&
        f.value &&
        QUOTABLE.test(f.value)
      )
        texts.set('content-credentials', f.value.trim());
      continue;
    }
    const part = PART_OF_CATEGORY[f.category];
    if (part) parts.add(part);
    else otherCount += 1;
    // The sentence quotes the first values of a few categories; the rest only count.
    const count = (read.get(f.category) ?? 0) + 1;
    read.set(f.category, count);
    if (!QUOTED_CATEGORIES.has(f.category) || count > FACTS_READ_PER_CATEGORY)
      continue;
    const field = fieldFor(f);
    if (field === 'place' && !place) place = parseLatLon(f.value);
    if (f.category === 'time' && !dates.has(field)) {
      const parsed = parseDate(f.value);
      if (parsed) dates.set(field, parsed);
    }
    if (!texts.has(field) && f.value && QUOTABLE.test(f.value))
      texts.set(field, f.value.trim());
  }
  const when = WHEN_PREFERENCE.map((field) => dates.get(field)).find(Boolean);
  return {
    kind: fileKindOf(format),
    parts: PART_ORDER.filter((part) => parts.has(part)),
    place,
    when: when ?? null,
    device: deviceName(firstValue(texts, 'make'), firstValue(texts, 'model')),
    author: firstValue(texts, 'author', 'copyright'),
    software: firstValue(texts, 'editing-app'),
    generator: firstValue(texts, 'content-credentials'),
    otherCount,
  };
}

const known = (value: string | null) => (value ? 'yes' : 'no');

/**
 * Bidi isolates (Unicode UAX #9): a Latin model name or a coordinate inside Arabic text keeps its
 * own order and does not drag the parentheses around it. A value with right-to-left letters is
 * isolated right to left outright: its first strong character may be a left-to-right mark.
 */
const FSI = '\u2068';
const RLI = '\u2067';
const PDI = '\u2069';

function isolated(value: string | null): string | null {
  if (value === null) return null;
  const open = valueDirection(value) === 'rtl' ? RLI : FSI;
  return `${open}${value}${PDI}`;
}

/** One part of the sentence in the visitor's language. */
function partText(
  intl: IntlShape,
  part: SummaryPart,
  facts: SummaryFacts,
): string {
  const { kind } = facts;
  switch (part) {
    case 'location': {
      const place = facts.place
        ? isolated(formatLatLon(intl, facts.place))
        : null;
      return intl.formatMessage(
        { id: 'report.summary.location' },
        { kind, known: known(place), place },
      );
    }
    case 'time': {
      const date = facts.when ? isolated(formatDate(intl, facts.when)) : null;
      return intl.formatMessage(
        { id: 'report.summary.time' },
        { kind, known: known(date), date },
      );
    }
    case 'device':
      return intl.formatMessage(
        { id: 'report.summary.device' },
        { kind, known: known(facts.device), device: isolated(facts.device) },
      );
    case 'author':
      return intl.formatMessage(
        { id: 'report.summary.author' },
        { kind, known: known(facts.author), author: isolated(facts.author) },
      );
    case 'software':
      return intl.formatMessage(
        { id: 'report.summary.software' },
        {
          kind,
          known: known(facts.software),
          software: isolated(facts.software),
        },
      );
    default:
      return intl.formatMessage({ id: `report.summary.${part}` }, { kind });
  }
}

/** The sentence: "This photo revealed where it was taken (near …), when (…) and …". */
export function summarySentence(intl: IntlShape, facts: SummaryFacts): string {
  const parts = facts.parts.map((part) => partText(intl, part, facts));
  if (facts.otherCount > 0)
    parts.push(
      intl.formatMessage(
        { id: 'report.summary.other' },
        { kind: facts.kind, count: facts.otherCount },
      ),
    );
  if (parts.length === 0)
    return intl.formatMessage(
      { id: 'report.summary.clean' },
      { kind: facts.kind },
    );
  return intl.formatMessage(
    { id: 'report.summary.sentence' },
    {
      kind: facts.kind,
      parts: intl.formatList(parts, { type: 'conjunction' }),
    },
  );
}
