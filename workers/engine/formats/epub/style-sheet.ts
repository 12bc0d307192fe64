/**
 * A book's style sheet (`text/css`, EPUB 3.3 core media types) is kept, but CSS comments and
 * links into the author's folders are no part of how the book looks: they go as an SVG's do
 * (shared/css/sheet.ts), the sheet read as the file's bytes, with no XML references in it.
 */
import { concatBytes } from '../../bytes';
import type { ByteRange } from '../../engine-types';
import type { Finding } from '../../findings';
import { sheetRemovals } from '../../shared/css/sheet';
import type { MemberRule, PackageReader, ZipEntry } from '../../shared/zip';

const CSS_TYPE = /^text\/css$/i;

export const isStyleSheet = (type: string): boolean => CSS_TYPE.test(type);

/** The bytes without `ranges` (in order, apart). */
function without(bytes: Uint8Array, ranges: readonly ByteRange[]): Uint8Array {
  const kept: Uint8Array[] = [];
  let at = 0;
  for (const { start, end } of ranges) {
    kept.push(bytes.subarray(at, start));
    at = end;
  }
  kept.push(bytes.subarray(at));
  return concatBytes(kept);
}

/** Byte order marks of UTF-16, which decide a sheet's encoding over all else (CSS Syntax 3, 3.2). */
const UTF16_MARKS: readonly [number, number, string][] = [
  [0xff, 0xfe, 'utf-16le'],
  [0xfe, 0xff, 'utf-16be'],
];
const UTF8_MARK = new Uint8Array([0xef, 0xbb, 0xbf]);

/**
 * A sheet in UTF-16 as the same text in UTF-8, its byte order mark first (which a reader obeys
 * before any @charset, and a @charset naming UTF-16 is read as UTF-8 anyway): the sheet reader
 * reads bytes as ASCII does, and in UTF-16 would see no comment at all. Others as they are.
 */
function readable(bytes: Uint8Array): Uint8Array {
  const mark = UTF16_MARKS.find(([a, b]) => bytes[0] === a && bytes[1] === b);
  if (!mark) return bytes;
  const text = new TextDecoder(mark[2]).decode(bytes.subarray(2));
  return concatBytes([UTF8_MARK, new TextEncoder().encode(text)]);
}

/** The sheet's rule: as it is when nothing in it goes, else its cleaned bytes; `findings` says what went. */
export async function styleSheetRule(
  pkg: PackageReader,
  entry: ZipEntry,
  findings: Finding[],
): Promise<MemberRule> {
  const bytes = readable(await pkg.bytes(entry));
  const removals = sheetRemovals(
    bytes,
    [{ start: 0, end: bytes.length, references: false }],
    entry.name,
  );
  if (!removals.length) return { kind: 'content', text: true };
  for (const removal of removals) findings.push(removal.finding);
  const ranges = removals
    .flatMap((r) => r.removals)
    .sort((a, b) => a.start - b.start);
  return { kind: 'bytes', bytes: without(bytes, ranges) };
}
