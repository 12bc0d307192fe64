/**
 * What an archive must be before any member is read: the reader (`shared/zip/read.ts`) already
 * refuses names that escape the archive (`../`, absolute, drive letters), exact duplicates,
 * encrypted members, overlapping members and more declared bytes than one file may inflate;
 * these add what extracting into a folder needs on top.
 */
import { EngineError, corrupt } from '../../errors';
import { METHOD_DEFLATED, type ZipArchive } from '../../shared/zip';
import { MAX_U16 } from '../../shared/zip/format';

/**
 * The most members an archive we write may hold without zip64 (APPNOTE 4.4.21); the reader
 * refuses more before it reads any member.
 */
export const MAX_ARCHIVE_MEMBERS = MAX_U16 - 1;

/**
 * The most a member may inflate per compressed byte. Photos, sound, video and documents are
 * compressed already and inflate a few times at most; deflate itself stops near 1032:1 (a run
 * of one byte), which only a bomb or a blank raw image comes close to.
 */
export const MAX_COMPRESSION_RATIO = 250;
/** Members smaller than this inflate quickly whatever their ratio (an empty page, a blank icon). */
export const RATIO_FLOOR_BYTES = 1024 * 1024;

/**
 * One key per name as a case-insensitive file system sees it: two members differing only in
 * case (or in Unicode normalisation) would overwrite each other when extracted on Windows or
 * macOS, so which one is seen depends on the order of extraction.
 */
function folded(name: string): string {
  return name.replace(/\/+$/, '').normalize('NFC').toLowerCase();
}

/** Throws a typed error for an archive no member of which may be cleaned. */
export function checkArchive(zip: ZipArchive): void {
  const seen = new Map<string, string>();
  for (const entry of zip.entries) {
    const key = folded(entry.name);
    const other = seen.get(key);
    if (other !== undefined)
      throw corrupt(
        `zip members ${other.slice(0, 80)} and ${entry.name.slice(0, 80)} have one name on a case-insensitive disk`,
      );
    seen.set(key, entry.name);
    if (
      entry.method === METHOD_DEFLATED &&
      entry.uncompressedSize > RATIO_FLOOR_BYTES &&
      entry.uncompressedSize >
        Math.max(entry.compressedSize, 1) * MAX_COMPRESSION_RATIO
    )
      throw new EngineError(
        'too-large',
        `zip member ${entry.name.slice(0, 80)} inflates ${Math.round(entry.uncompressedSize / Math.max(entry.compressedSize, 1))} times its size (a zip bomb)`,
      );
  }
}
