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

/** The sheet's rule: as it is when nothing in it goes, else its cleaned bytes; `findings` says what went. */
export async function styleSheetRule(
  pkg: PackageReader,
  entry: ZipEntry,
  findings: Finding[],
): Promise<MemberRule> {
  const bytes = await pkg.bytes(entry);
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
