/**
 * A Void element's data is padding no reader reads (RFC 8794 11.3.2), but an editor that voids an
 * element in place may write only the Void's header over it (libebml's `EbmlVoid::Overwrite`
 * leaves "the rest of the data ... not rewritten"), so an old Info, Tags or title stays in the
 * bytes. A Void that holds anything, beside the Segment, among its level-1 elements or nested in
 * a master that stays, is written again as a Void of its size, zero-filled, and reported. A Void
 * of zeros (room a muxer reserved) stays as it is.
 */
import { EngineError, throwIfAborted } from '../../errors';
import { finding } from '../../findings';
import { MAX_METADATA_BYTES } from '../../limits';
import type { EbmlCursor } from './cursor';
import type { Element } from './ebml';
import { VOID } from './ids';
import type { Analysis } from './targets';

/** Bytes read at a time while looking for anything but zeros. */
const CHECK_CHUNK = 1024 * 1024;

async function holdsAnything(
  cursor: EbmlCursor,
  element: Element,
): Promise<boolean> {
  for (let at = element.dataOffset; at < element.end; at += CHECK_CHUNK) {
    throwIfAborted(cursor.signal);
    const bytes = await cursor.src.readExact(
      at,
      Math.min(CHECK_CHUNK, element.end - at),
    );
    if (bytes.some((b) => b !== 0)) return true;
  }
  return false;
}

/**
 * When `element` is a Void holding anything, plans it zero-filled, reported at `location`; true
 * when it did (the master's CRC-32 then changes).
 */
export async function emptyVoid(
  cursor: EbmlCursor,
  element: Element,
  location: string,
  into: Analysis,
): Promise<boolean> {
  if (element.id !== VOID || !(await holdsAnything(cursor, element)))
    return false;
  const bytes = element.end - element.dataOffset;
  if (bytes > MAX_METADATA_BYTES)
    throw new EngineError('too-large', `Void element at ${element.offset}`);
  into.targets.push({
    element,
    findings: [
      finding('other.data', 'Void contents', location, `${bytes} bytes`),
    ],
  });
  return true;
}
