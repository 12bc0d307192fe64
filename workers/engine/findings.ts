/** What a finding is about; the report groups by it and translates it. */
export type FindingCategory =
  | 'location'
  | 'time'
  | 'device'
  | 'author'
  | 'software'
  | 'history'
  | 'comment'
  | 'identifier'
  | 'thumbnail'
  | 'other';

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

export interface Finding {
  readonly category: FindingCategory;
  /** The field's own name as the format calls it (e.g. `GPSLatitude`, `©xyz`, `dc:creator`). */
  readonly label: string;
  /** A readable value (GPS as decimal degrees, dates as ISO 8601); absent for binary blobs. */
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

/** A removable finding; `value` is readable text, capped, and absent for binary blobs. */
export function finding(
  category: FindingCategory,
  label: string,
  location: string,
  value?: string,
  kept?: KeepReason,
): Finding {
  const v =
    value === undefined
      ? undefined
      : value.length > MAX_FINDING_VALUE_CHARS
        ? `${value.slice(0, MAX_FINDING_VALUE_CHARS)}…`
        : value;
  return {
    category,
    label,
    location,
    ...(v === undefined ? {} : { value: v }),
    ...(kept ? { kept } : {}),
  };
}

/** A finding kept on purpose, with its reason and, when it has one, a readable value. */
export function keptFinding(
  category: FindingCategory,
  label: string,
  location: string,
  kept: KeepReason,
  value?: string,
): Finding {
  return finding(category, label, location, value, kept);
}

/**
 * The findings of a file nested in another (a photo in a PDF, a zip member), located in the
 * outer file: `where` then the inner location, joined by `joiner`.
 */
export function relocated(
  findings: readonly Finding[],
  where: string,
  joiner = ' / ',
): Finding[] {
  return findings.map((f) => ({
    ...f,
    location: `${where}${joiner}${f.location}`,
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

  findings(
    category: FindingCategory,
    location: string,
    kept?: KeepReason,
  ): Finding[] {
    return [...this.counts].map(([label, count]) =>
      finding(category, label, location, String(count), kept),
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
