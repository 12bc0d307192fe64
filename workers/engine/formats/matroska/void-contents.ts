/**
 * A Void element's data is padding no reader reads (RFC 8794 11.3.2), but an editor that voids an
 * element in place may write only the Void's header over it (libebml's `EbmlVoid::Overwrite`
 * leaves "the rest of the data ... not rewritten"), so an old Info, Tags or title stays in the
 * bytes. A Void beside or among the Segment's level-1 elements that holds anything is written
 * again as a Void of its size, zero-filled, and reported.
 */
import type { ByteReader } from '../../byte-source';
import { EngineError, throwIfAborted } from '../../errors';
import { finding } from '../../findings';
import { MAX_METADATA_BYTES } from '../../limits';
import type { Element } from './ebml';
import type { Analysis } from './targets';

/** Bytes read at a time while looking for anything but zeros. */
const CHECK_CHUNK = 1024 * 1024;

async function holdsAnything(
  src: ByteReader,
  element: Element,
  signal: AbortSignal | undefined,
): Promise<boolean> {
  for (let at = element.dataOffset; at < element.end; at += CHECK_CHUNK) {
    throwIfAborted(signal);
    const bytes = await src.readExact(
      at,
      Math.min(CHECK_CHUNK, element.end - at),
    );
    if (bytes.some((b) => b !== 0)) return true;
  }
  return false;
}

export async function emptyVoids(
  src: ByteReader,
  voids: readonly Element[],
  into: Analysis,
  signal: AbortSignal | undefined,
): Promise<void> {
  for (const element of voids) {
    if (!(await holdsAnything(src, element, signal))) continue;
    const bytes = element.end - element.dataOffset;
    if (bytes > MAX_METADATA_BYTES)
      throw new EngineError('too-large', `Void element at ${element.offset}`);
    into.targets.push({
      element,
      findings: [
        finding('other.data', 'Void contents', 'Segment', `${bytes} bytes`),
      ],
    });
  }
}
