/**
 * Small members read and inflated once. A document of tens of thousands of small photos
 * must not pay, for each, a read and inflate of its start, another of the whole member, and two
 * more when the output is verified and written: the driver reads such a member once, inflates it
 * once, and holds what its clean made while the package's allowance lasts.
 */
import { MAX_HELD_MEMBER_BYTES } from '../../limits';
import { contentOf } from './member';
import type { ForwardReader } from './forward-reader';
import type { ZipEntry } from './read';

/** A member this small (compressed and inflated) is read, and inflated, whole and once. */
export const SMALL_MEMBER_BYTES = 256 * 1024;

/**
 * A member as stored in the archive (`raw`) and its content (`bytes`), CRC-32 checked, with what
 * its inflate said of where its deflate stream ends, when it could tell (see `MemberContent`).
 */
export interface WholeMember {
  readonly raw: Uint8Array;
  readonly bytes: Uint8Array;
  readonly streamEndsAtSize?: boolean;
}

/** What is left of one package's allowance (`MAX_HELD_MEMBER_BYTES`) for cleaned members. */
export class HeldBytes {
  private left = MAX_HELD_MEMBER_BYTES;

  /** True (and spent) when `size` more bytes may be held. */
  take(size: number): boolean {
    if (size > this.left) return false;
    this.left -= size;
    return true;
  }
}

/**
 * A small member, read (and inflated) once; null for a larger one. Stored members too: cleaning
 * thousands of small photos where they lie would read each in dozens of small pieces.
 */
export async function wholeSmallMember(
  reader: ForwardReader,
  entry: ZipEntry,
): Promise<WholeMember | null> {
  if (
    entry.compressedSize > SMALL_MEMBER_BYTES ||
    entry.uncompressedSize > SMALL_MEMBER_BYTES
  )
    return null;
  const raw = await reader.readExact(entry.dataStart, entry.compressedSize);
  return { raw, ...(await contentOf(raw, entry, true)) };
}
