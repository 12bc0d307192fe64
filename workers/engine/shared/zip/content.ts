import type { ByteSource } from '../../byte-source';
import { MAX_DECOMPRESSED_BYTES } from '../../limits';
import { METHOD_STORED } from './format';
import { readMember, streamEndsAtLastByte } from './member';
import type { ZipEntry } from './read';
import type { WholeMember } from './whole';
import { copiedMember, newMember, type OutMember } from './write';

/**
 * A member copied as it is, compressed: only when its deflate stream ends exactly at its
 * compressed size. Bytes after the stream's last block, inside the size the header declares,
 * are read by no inflater and could hold anything; such a member is deflated again from what
 * was inflated. `whole` is the member already read and inflated, when the caller has it:
 * nothing is read again. `streamEndsAtSize` is what the inflate that read the member said of it
 * (`readMemberContent`, or `whole`'s), when it could tell: then the stream is not inflated again;
 * else `streamEndsAtLastByte` tells.
 */
export async function copiedContentMember(
  src: ByteSource,
  entry: ZipEntry,
  whole?: WholeMember,
  streamEndsAtSize = whole?.streamEndsAtSize,
): Promise<OutMember> {
  if (entry.method === METHOD_STORED || entry.compressedSize === 0)
    return copiedMember(entry);
  if (streamEndsAtSize === true) return copiedMember(entry);
  if (streamEndsAtSize === false)
    return newMember(
      entry.name,
      whole?.bytes ?? (await readMember(src, entry, MAX_DECOMPRESSED_BYTES)),
    );
  const raw =
    whole?.raw ?? (await src.readExact(entry.dataStart, entry.compressedSize));
  if (streamEndsAtLastByte(raw, entry.uncompressedSize))
    return copiedMember(entry);
  return newMember(
    entry.name,
    whole?.bytes ?? (await readMember(src, entry, MAX_DECOMPRESSED_BYTES)),
  );
}
