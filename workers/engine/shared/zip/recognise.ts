/**
 * Whether a document's binary part is something the engine recognises by its bytes: a file a
 * module cleans (`nested.ts`) or a font checked by its structure (`fonts.ts`). A part declared as
 * a picture, a font, media or an object whose bytes are neither is not copied: the policies leave
 * it out and name it, so it passes neither unexamined nor under a name it does not deserve.
 */
import type { ByteSource } from '../../byte-source';
import { WindowedReader } from '../../windowed-reader';
import type { ZipEntry } from './read';
import { deobfuscated, isFont } from './fonts';
import { bytesLookNested, headOf } from './nested';

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
  const head = await headOf(window, entry);
  if (bytesLookNested(head) || isFont(head, entry.uncompressedSize))
    return true;
  const restored = deobfuscated(head, entry.name);
  return restored !== null && isFont(restored, entry.uncompressedSize);
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
