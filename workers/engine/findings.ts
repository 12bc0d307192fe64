import { FIELDS, type FieldId, type FindingCategory } from './fields';
import { isImpossiblePosition } from './metadata/position-range';

export type { FindingCategory } from './fields';

export type { FieldId } from './fields';

/**
 * Why something is kept on purpose; the report translates it. `review`: part of what the file
 * shows or does (comments, form values, macros, hidden sheets, active content), kept because
 * removing it would change the document; the visitor should check it before sharing.
 */
export type KeepReason =
  | 'orientation'
  | 'color-profile'
  | 'playback'
  | 'accessibility'
  | 'structure'
  | 'review';

/** What kind of thing a nested item is, as the format catalog sorts formats. */
export type ItemKind = 'image' | 'video' | 'audio' | 'document' | 'file';

/**
 * The file inside a container a finding belongs to: the photo `word/media/image1.jpeg` inside a
 * document, the image object inside a PDF. Absent for the file's own metadata. An item inside an
 * item inside the file is named by its path through them (`a.docx / word/media/image1.jpeg`) and
 * has the innermost item's kind.
 */
export interface FindingItem {
  readonly name: string;
  readonly kind: ItemKind;
}

export interface Finding {
  readonly category: FindingCategory;
  /**
   * What the finding describes (`gps.position`, `author.name`), set by its producer; readers
   * take its words and value form from `FIELDS`, never from `label`.
   */
  readonly field: FieldId;
  /** Set when the finding belongs to a file inside this one. */
  readonly item?: FindingItem;
  /** The field's own name as the format calls it (e.g. `GPSLatitude`, `©xyz`, `dc:creator`). */
  readonly label: string;
  /**
   * A readable value (GPS as decimal degrees, dates as ISO 8601); empty when the field is there
   * and holds nothing (the report says "empty"); absent for binary blobs and bytes not read as text.
   */
  readonly value?: string;
  /** Where in the file it lives (e.g. `APP1 Exif / IFD0`, `moov/udta`). */
  readonly location: string;
  /** Set only on items kept on purpose; everything else is removable. */
  readonly kept?: KeepReason;
}

export const removable = (f: Finding): boolean => f.kept === undefined;
export const keptOnPurpose = (f: Finding): boolean => f.kept !== undefined;

/** Cap on a finding's value so a hostile 10 MB comment cannot flood the report. */
export const MAX_FINDING_VALUE_CHARS = 500;

/**
 * A removable finding; `value` is readable text, capped, and absent for binary blobs. `field` is
 * the field it describes (its category follows from the field).
 */
export function finding(
  field: FieldId,
  label: string,
  location: string,
  value?: string,
  kept?: KeepReason,
): Finding {
  const filed = positionOrNot(field, value);
  const v =
    value === undefined
      ? undefined
      : value.length > MAX_FINDING_VALUE_CHARS
        ? `${value.slice(0, MAX_FINDING_VALUE_CHARS)}…`
        : value;
  return {
    category: FIELDS[filed].category,
    field: filed,
    label,
    location,
    ...(v === undefined ? {} : { value: v }),
    ...(kept ? { kept } : {}),
  };
}

/**
 * Every position of every format becomes a finding here, so this is where a value no place has
 * (latitude 999) stops being a place: it is filed as a location field holding no valid position.
 */
function positionOrNot(field: FieldId, value: string | undefined): FieldId {
  return FIELDS[field].value === 'position' &&
    value !== undefined &&
    isImpossiblePosition(value)
    ? 'gps.invalid-position'
    : field;
}

/** A finding kept on purpose, with its reason and, when it has one, a readable value. */
export function keptFinding(
  field: FieldId,
  label: string,
  location: string,
  kept: KeepReason,
  value?: string,
): Finding {
  return finding(field, label, location, value, kept);
}

/**
 * Findings of a file inside this one, as this file reports them: located under `where` (a zip
 * member's name, `image (object 12)`) and belonging to `item`. A finding that already belongs to
 * an item deeper down keeps its kind; its name gains the path through this container.
 */
export function relocated(
  findings: readonly Finding[],
  where: string,
  item: FindingItem,
  separator = ' / ',
): Finding[] {
  return findings.map((f) => ({
    ...f,
    location: `${where}${separator}${f.location}`,
    item: f.item
      ? { name: `${item.name} / ${f.item.name}`, kind: f.item.kind }
      : item,
  }));
}

/**
 * Items of one kind counted through a walk and reported once per kind with the count, such as
 * the hidden rows of a sheet or the hidden paragraphs of a text, kept for review.
 */
export class FindingCounts {
  private readonly counts = new Map<string, number>();

  add(label: string): void {
    this.counts.set(label, (this.counts.get(label) ?? 0) + 1);
  }

  findings(field: FieldId, location: string, kept?: KeepReason): Finding[] {
    return [...this.counts].map(([label, count]) =>
      finding(field, label, location, String(count), kept),
    );
  }
}

/** The label of a document's accepted tracked changes; its value starts with their count. */
export const TRACKED_CHANGES = 'tracked changes';

/**
 * How many tracked changes a clean accepted (their deleted words are not in the copy): the
 * report and the CLI say so in words.
 */
export function acceptedChanges(findings: readonly Finding[]): number {
  let count = 0;
  for (const f of findings)
    if (f.label === TRACKED_CHANGES && f.kept === undefined)
      count += Number(/^\d+/.exec(f.value ?? '')?.[0] ?? 0);
  return count;
}
