/**
 * What one walk of a metafile collects: findings, same-size patches, and the embedded pictures
 * (a JPEG or PNG bitmap, an EMF+ image, a metafile inside a metafile) that `embedded.ts` cleans
 * through the nested engine where they lie.
 */
import type { FieldId } from '../../fields';
import { finding, type Finding } from '../../findings';
import type { Patch } from '../../shared/in-place';

/** A picture's bytes: one range, or the pieces of an EMF+ object split over several records. */
export interface EmbeddedPicture {
  readonly ranges: readonly { readonly start: number; readonly end: number }[];
  readonly location: string;
}

export interface Cleaning {
  readonly findings: Finding[];
  readonly patches: Patch[];
  readonly pictures: EmbeddedPicture[];
}

export const newCleaning = (): Cleaning => ({
  findings: [],
  patches: [],
  pictures: [],
});

/** UTF-16LE text with its NULs as separators, trimmed: '' when the bytes are zeros. */
export function utf16Text(bytes: Uint8Array): string {
  return new TextDecoder('utf-16le')
    .decode(bytes)
    .split('\0')
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' / ');
}

const anyNonZero = (bytes: Uint8Array, start: number, end: number): boolean => {
  for (let i = start; i < end; i++) if (bytes[i] !== 0) return true;
  return false;
};

/**
 * Zeroes [start, end) of `bytes` in the output when any of it is not zero already, and names
 * what went: a zeroed range is found again as nothing, so verify-after-clean passes.
 */
export function zeroRange(
  out: Cleaning,
  bytes: Uint8Array,
  start: number,
  end: number,
  what: { field: FieldId; label: string; location: string; value?: string },
): void {
  if (end <= start || !anyNonZero(bytes, start, end)) return;
  out.patches.push({ offset: start, data: new Uint8Array(end - start) });
  out.findings.push(
    finding(
      what.field,
      what.label,
      what.location,
      what.value ?? `${end - start} bytes`,
    ),
  );
}
