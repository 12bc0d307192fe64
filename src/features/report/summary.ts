/**
 * The facts the summary sentence names, most sensitive first: where, when, the device, who, a
 * unique id, the app, the history, captions, previews. Read in one pass over the findings; the
 * file's own and those of the files inside it (a photo in a document) are told apart, so a
 * document is never said to have been written where its photo was taken.
 */
import type { IntlShape } from 'react-intl';
import { formatCatalog } from '../../../workers/engine/format-catalog';
import type {
  Finding,
  FindingCategory,
  FormatId,
} from '../../../workers/engine/index';
import { valueDirection } from './direction';
import { FIELDS, type FieldId } from '../../../workers/engine/fields';
import type { ItemKind } from '../../../workers/engine/index';
import { softwareName } from './software-name';
import {
  formatDate,
  formatLatLon,
  parseDate,
  parseLatLon,
  isEmptyValue,
  isReadable,
  LONE_TOKEN,
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

/** Images that are drawn, not taken: SVG and the Windows metafiles. */
const DRAWING_IDS: ReadonlySet<FormatId> = new Set(['svg', 'emf', 'wmf']);

/** What the visitor would call the file: an MP4 holding only sound is still "this video". */
export function fileKindOf(format: FormatId): FileKind {
  if (DOCUMENT_IDS.has(format)) return 'document';
  // An archive takes the documents' limits but is no document, and a drawing is an image but no
  // photo: "this file".
  if (format === 'zip' || DRAWING_IDS.has(format)) return 'file';
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
  | 'thumbnail'
  | 'route-log'
  | 'camera-log';

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

/** Fields whose part of the sentence is their own, whatever their category and value form say. */
const PART_OF_FIELD: Partial<Readonly<Record<FieldId, SummaryPart | null>>> = {
  'history.credentials': 'credentials',
  'gps.track-log': 'route-log',
  'device.track-log': 'camera-log',
  // A job title says something about the author, not who the author is.
  'author.job-title': null,
};

const PART_ORDER: readonly SummaryPart[] = [
  'route-log',
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
  'camera-log',
];

/** Which date says "when" best: when it was taken, made, changed, else any. */
const WHEN_PREFERENCE: readonly FieldId[] = [
  'time.taken',
  'time.created',
  'time.gps',
  'time.digitized',
  'time.modified',
  'time.date',
];

const KIND_OF_ITEM: Readonly<Record<ItemKind, FileKind>> = {
  image: 'photo',
  video: 'video',
  audio: 'audio',
  document: 'document',
  file: 'file',
};

export interface PartFacts {
  readonly kind: FileKind;
  readonly parts: readonly SummaryPart[];
  readonly place: LatLon | null;
  /** A place named in words (a city, a country) when there are no coordinates. */
  readonly placeName: string | null;
  readonly when: ParsedDate | null;
  readonly device: string | null;
  readonly author: string | null;
  readonly software: string | null;
  readonly generator: string | null;
  /** Removed items that no part names (private chunks, vendor blocks, counts). */
  readonly otherCount: number;
}

export interface SummaryFacts extends PartFacts {
  /** What the files of the most revealing kind inside this one revealed, and how many they are. */
  readonly inside: (PartFacts & { readonly count: number }) | null;
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

/** Findings read per category for quotes; a file that has more has said enough. */
const FACTS_READ_PER_CATEGORY = 500;

/** A value worth quoting in a sentence: readable text, short. */
// eslint-disable-next-line no-control-regex -- control characters are what makes a value unquotable
const QUOTABLE = /^[^\u0000-\u001f\ufffd]{1,80}$/;

/** Facts gathered from one owner's findings (the file, or the files inside it). */
class FactsReader {
  private readonly parts = new Set<SummaryPart>();
  private readonly texts = new Map<FieldId, string>();
  private readonly dates = new Map<FieldId, ParsedDate>();
  private readonly read = new Map<FindingCategory, number>();
  private place: LatLon | null = null;
  private otherCount = 0;

  add(f: Finding, field: FieldId): void {
    // An empty field told nothing: "revealed who wrote it" would be untrue.
    if (isEmptyValue(f.value)) return;
    const info = FIELDS[field];
    // A code or a count says nothing a person can name: counted, not told.
    const part = Object.hasOwn(PART_OF_FIELD, field)
      ? PART_OF_FIELD[field]!
      : info.value === 'detail'
        ? null
        : PART_OF_CATEGORY[info.category];
    if (part) this.parts.add(part);
    else this.otherCount += 1;
    const count = (this.read.get(info.category) ?? 0) + 1;
    this.read.set(info.category, count);
    if (!part || count > FACTS_READ_PER_CATEGORY || !isReadable(f.value))
      return;
    if (info.value === 'position' && !this.place)
      this.place = parseLatLon(f.value);
    if (info.value === 'date' && !this.dates.has(field)) {
      const parsed = parseDate(f.value);
      if (parsed) this.dates.set(field, parsed);
    }
    // A bare version number ("14.4.2", an iPhone's Software tag) names no app: not quoted.
    if (
      !this.texts.has(field) &&
      QUOTABLE.test(f.value) &&
      !LONE_TOKEN.test(f.value)
    )
      this.texts.set(field, f.value.trim());
  }

  get empty(): boolean {
    return this.parts.size === 0 && this.otherCount === 0;
  }

  facts(kind: FileKind): PartFacts {
    const { texts } = this;
    const when = WHEN_PREFERENCE.map((f) => this.dates.get(f)).find(Boolean);
    const software = firstValue(
      texts,
      'software.creator',
      'software.producer',
      'software.encoder',
    );
    return {
      kind,
      parts: PART_ORDER.filter((part) => this.parts.has(part)),
      place: this.place,
      placeName: this.place ? null : firstValue(texts, 'place.name'),
      when: when ?? null,
      device: deviceName(
        firstValue(texts, 'device.make'),
        firstValue(texts, 'device.model', 'device.name'),
      ),
      author: firstValue(
        texts,
        'author.name',
        'author.last-editor',
        'author.copyright',
      ),
      software: software ? softwareName(software) : null,
      generator: firstValue(texts, 'history.credentials'),
      otherCount: this.otherCount,
    };
  }
}

/** Of the kinds of item that revealed something, the one whose facts come first. */
function leadingKind(
  readers: ReadonlyMap<ItemKind, FactsReader>,
): ItemKind | null {
  let best: ItemKind | null = null;
  let bestRank = Number.POSITIVE_INFINITY;
  for (const [kind, reader] of readers) {
    const first = reader.facts(KIND_OF_ITEM[kind]).parts[0];
    const rank = first ? PART_ORDER.indexOf(first) : PART_ORDER.length;
    if (rank < bestRank) {
      best = kind;
      bestRank = rank;
    }
  }
  return best;
}

export function summaryFacts(
  format: FormatId,
  removed: readonly Finding[],
): SummaryFacts {
  const own = new FactsReader();
  const inside = new Map<ItemKind, FactsReader>();
  // The items of each kind: the sentence counts those whose facts it tells, not every item.
  const items = new Map<ItemKind, Set<string>>();
  for (const f of removed) {
    const { field } = f;
    if (!f.item) {
      own.add(f, field);
      continue;
    }
    const ofKind = items.get(f.item.kind) ?? new Set<string>();
    ofKind.add(f.item.name);
    items.set(f.item.kind, ofKind);
    let reader = inside.get(f.item.kind);
    if (!reader) {
      reader = new FactsReader();
      inside.set(f.item.kind, reader);
    }
    reader.add(f, field);
  }
  const kind = leadingKind(inside);
  const insideFacts =
    kind === null
      ? null
      : {
          ...inside.get(kind)!.facts(KIND_OF_ITEM[kind]),
          count: items.get(kind)!.size,
        };
  return { ...own.facts(fileKindOf(format)), inside: insideFacts };
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

/**
 * How many files a part speaks of, as the words agree with it: one file ("where it was taken"),
 * two (Arabic's dual) or more ("where they were taken"). A grammatical number, not a count: the
 * messages select on it, and a language without a dual reads `two` as `many`.
 */
type Owners = 'one' | 'two' | 'many';

const ownersOf = (count: number): Owners =>
  count === 1 ? 'one' : count === 2 ? 'two' : 'many';

/** One part of the sentence in the visitor's language. */
function partText(
  intl: IntlShape,
  part: SummaryPart,
  facts: PartFacts,
  owners: Owners,
): string {
  const { kind } = facts;
  switch (part) {
    case 'location': {
      const place = facts.place
        ? isolated(formatLatLon(intl, facts.place))
        : isolated(facts.placeName);
      return intl.formatMessage(
        { id: 'report.summary.location' },
        { kind, owners, known: known(place), place },
      );
    }
    case 'time': {
      const date = facts.when ? isolated(formatDate(intl, facts.when)) : null;
      return intl.formatMessage(
        { id: 'report.summary.time' },
        { kind, owners, known: known(date), date },
      );
    }
    case 'device':
      return intl.formatMessage(
        { id: 'report.summary.device' },
        {
          kind,
          owners,
          known: known(facts.device),
          device: isolated(facts.device),
        },
      );
    case 'author':
      return intl.formatMessage(
        { id: 'report.summary.author' },
        {
          kind,
          owners,
          known: known(facts.author),
          author: isolated(facts.author),
        },
      );
    case 'software':
      return intl.formatMessage(
        { id: 'report.summary.software' },
        {
          kind,
          owners,
          known: known(facts.software),
          software: isolated(facts.software),
        },
      );
    default:
      return intl.formatMessage(
        { id: `report.summary.${part}` },
        { kind, owners },
      );
  }
}

/**
 * The parts `count` files of one kind revealed, joined: "where it was taken (near …), when (…)
 * and …"; of several, "where they were taken (e.g. near …)": the values quoted are one file's.
 */
function partsText(
  intl: IntlShape,
  facts: PartFacts,
  count: number,
): string | null {
  const owners = ownersOf(count);
  const parts = facts.parts.map((part) => partText(intl, part, facts, owners));
  if (facts.otherCount > 0)
    parts.push(
      intl.formatMessage(
        { id: 'report.summary.other' },
        { kind: facts.kind, count: facts.otherCount },
      ),
    );
  return parts.length === 0
    ? null
    : intl.formatList(parts, { type: 'conjunction' });
}

/**
 * The sentence: "This document revealed who wrote it (…); a photo inside it revealed where it was
 * taken (near …) …". The file's own facts and those of what it holds are told apart.
 */
export function summarySentence(intl: IntlShape, facts: SummaryFacts): string {
  const own = partsText(intl, facts, 1);
  const inner = facts.inside
    ? partsText(intl, facts.inside, facts.inside.count)
    : null;
  const { kind } = facts;
  if (inner && facts.inside) {
    const values = {
      kind,
      inner: facts.inside.kind,
      count: facts.inside.count,
      innerParts: inner,
    };
    return own
      ? intl.formatMessage(
          { id: 'report.summary.sentence-inside' },
          { ...values, parts: own },
        )
      : intl.formatMessage({ id: 'report.summary.inside-only' }, values);
  }
  if (own)
    return intl.formatMessage(
      { id: 'report.summary.sentence' },
      { kind, parts: own },
    );
  return intl.formatMessage({ id: 'report.summary.clean' }, { kind });
}
