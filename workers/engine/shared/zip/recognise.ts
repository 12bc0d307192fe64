/**
 * Whether a document's binary part is something the engine recognises by its bytes: a file a
 * module cleans (`nested.ts`) or a font checked by its structure (`fonts.ts`). A part declared as
 * a picture, a font, media or an object whose bytes are neither is not copied: the policies leave
 * it out and name it, so it passes neither unexamined nor under a name it does not deserve.
 */
import type { ByteSource } from '../../byte-source';
import { WindowedReader } from '../../windowed-reader';
import { METHOD_STORED } from './format';
import type { ZipEntry } from './read';
import { deobfuscated, isFont } from './fonts';
import { contentOf } from './member';
import { bytesLookNested, HEAD_BYTES, headOf } from './nested';
import { SMALL_MEMBER_BYTES } from './whole';

/**
 * One read-ahead window per package: the heads of small members lying side by side (a document
 * of many photos) come in a few reads, as the driver reads their data later.
 */
const windows = new WeakMap<ByteSource, WindowedReader>();

export async function recognisedContent(
  src: ByteSource,
  entry: ZipEntry,
): Promise<boolean> {
  if (entry.uncompressedSize === 0) return false;
  let window = windows.get(src);
  if (!window) windows.set(src, (window = new WindowedReader(src)));
  const head = await startOf(window, entry);
  if (bytesLookNested(head) || isFont(head, entry.uncompressedSize))
    return true;
  const restored = deobfuscated(head, entry.name);
  return restored !== null && isFont(restored, entry.uncompressedSize);
}

/**
 * A small deflated member is inflated whole by the host's inflate, which is what the driver does
 * with it later anyway: a streamed inflate of its first bytes allocates a window and buffers per
 * member, and a document of 60,000 small photos spent seconds collecting them.
 */
async function startOf(
  window: WindowedReader,
  entry: ZipEntry,
): Promise<Uint8Array> {
  if (
    entry.method === METHOD_STORED ||
    entry.compressedSize > SMALL_MEMBER_BYTES ||
    entry.uncompressedSize > SMALL_MEMBER_BYTES
  )
    return headOf(window, entry);
  const raw = await window.readExact(entry.dataStart, entry.compressedSize);
  return (await contentOf(raw, entry, false)).bytes.subarray(0, HEAD_BYTES);
}

/** The rule of a part nothing recognises: left out, named as a file that cannot be checked. */
export const UNCHECKED_PART = {
  kind: 'removed',
  field: 'document.unchecked-part',
} as const;

/** `content` when the member's bytes are recognised, else left out and named. */
export async function contentRule<R>(
  src: ByteSource,
  entry: ZipEntry,
  content: R,
): Promise<R | typeof UNCHECKED_PART> {
  return (await recognisedContent(src, entry)) ? content : UNCHECKED_PART;
}
