/**
 * The style sheet reader (`sheet.ts`) over a decoded text rather than a file's bytes: a part
 * walked as a string (an EPUB chapter) gives its sheet's pieces as places in the string. The
 * pieces' text is read as its UTF-8 bytes, and what goes comes back as places in the string.
 */
import type { ByteRange as Range } from '../../engine-types';
import type { Finding } from '../../findings';
import { sheetRemovals, type SheetPiece } from './sheet';

export interface TextSheetRemoval {
  /** Ranges of the string that go. */
  readonly removals: Range[];
  readonly finding: Finding;
}

const ONE_BYTE = 0x80;
const TWO_BYTES = 0x800;
const SURROGATES = { high: 0xd800, low: 0xdc00, last: 0xdfff };

/** The UTF-8 length of the character at `i`, and how many code units it takes. */
function characterAt(
  text: string,
  i: number,
): { bytes: number; units: number } {
  const c = text.charCodeAt(i);
  if (c < ONE_BYTE) return { bytes: 1, units: 1 };
  if (c < TWO_BYTES) return { bytes: 2, units: 1 };
  const next = text.charCodeAt(i + 1);
  const pair =
    c >= SURROGATES.high &&
    c < SURROGATES.low &&
    next >= SURROGATES.low &&
    next <= SURROGATES.last;
  // A lone surrogate is encoded as U+FFFD, three bytes, as TextEncoder does.
  return pair ? { bytes: 4, units: 2 } : { bytes: 3, units: 1 };
}

/**
 * Walks `text` from `from`, a character at a time, turning ascending places of one kind into the
 * other: string indices into byte offsets (`toBytes`), or byte offsets into the index of the first
 * character boundary at or past them (so a cut never keeps part of what goes).
 */
function convert(
  text: string,
  from: number,
  places: readonly number[],
  toBytes: boolean,
): number[] {
  const out: number[] = [];
  let index = from;
  let byte = 0;
  for (const place of places) {
    while (toBytes ? index < place : byte < place) {
      const { bytes, units } = characterAt(text, index);
      index += units;
      byte += bytes;
    }
    out.push(toBytes ? byte : index);
  }
  return out;
}

const ascending = (a: number, b: number): number => a - b;
const utf8 = new TextEncoder();

function shift<T extends Range>(ranges: readonly T[], by: number): T[] {
  return ranges.map((r) => ({ ...r, start: r.start + by, end: r.end + by }));
}

/**
 * What goes from the sheet made of `pieces` (ranges of `text`, in order, apart): as
 * `sheetRemovals`, its comments and the folders of local paths, in ranges of `text`.
 */
export function textSheetRemovals(
  text: string,
  pieces: readonly SheetPiece[],
  location: string,
): TextSheetRemoval[] {
  if (!pieces.length) return [];
  const from = pieces[0]!.start;
  const to = pieces.at(-1)!.end;
  const bytes = utf8.encode(text.slice(from, to));
  // All ASCII (most sheets): a byte is a character, and a place is the same in both.
  if (bytes.length === to - from)
    return sheetRemovals(bytes, shift(pieces, -from), location).map((r) => ({
      removals: shift(r.removals, from),
      finding: r.finding,
    }));
  const edges = convert(
    text,
    from,
    pieces.flatMap((p) => [p.start, p.end]),
    true,
  );
  const bytePieces = pieces.map((p, i) => ({
    start: edges[2 * i]!,
    end: edges[2 * i + 1]!,
    references: p.references,
  }));
  const removals = sheetRemovals(bytes, bytePieces, location);
  const offsets = [
    ...new Set(
      removals.flatMap((r) => r.removals.flatMap((x) => [x.start, x.end])),
    ),
  ].sort(ascending);
  const indices = convert(text, from, offsets, false);
  const indexOf = new Map(offsets.map((offset, i) => [offset, indices[i]!]));
  return removals.map((r) => ({
    removals: r.removals.map((x) => ({
      start: indexOf.get(x.start)!,
      end: indexOf.get(x.end)!,
    })),
    finding: r.finding,
  }));
}
