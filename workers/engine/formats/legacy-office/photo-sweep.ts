/**
 * The last guard over a stream whose pictures were placed by its structure: every JPEG (SOI and
 * a marker, [JPEG] B.1.1.3) and PNG ([PNG] 5.2 signature) that starts in it must lie inside a
 * picture the walk placed and cleaned. One that does not is a photo the engine could not place,
 * and the clean fails rather than copy it unexamined.
 */
import type { ByteReader } from '../../byte-source';
import { EngineError, throwIfAborted } from '../../errors';

const JPEG_START = [0xff, 0xd8, 0xff];
const PNG_START = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Read this much at a time, overlapping by a signature's length. */
const CHUNK = 1 << 20;
const OVERLAP = PNG_START.length;

function startsAt(b: Uint8Array, i: number, sig: readonly number[]): boolean {
  return sig.every((x, k) => b[i + k] === x);
}

/** Where in `b` a JPEG or PNG signature starts, first to last. */
function* signatures(b: Uint8Array): Generator<[number, string]> {
  for (const [sig, name] of [
    [JPEG_START, 'JPEG'],
    [PNG_START, 'PNG'],
  ] as const)
    for (let i = b.indexOf(sig[0]); i >= 0; i = b.indexOf(sig[0], i + 1))
      if (startsAt(b, i, sig)) yield [i, name];
}

export async function sweepPhotos(
  reader: ByteReader,
  placed: (offset: number) => boolean,
  location: string,
  signal?: AbortSignal,
): Promise<void> {
  for (let at = 0; at < reader.size; at += CHUNK) {
    throwIfAborted(signal);
    const length = Math.min(CHUNK + OVERLAP, reader.size - at);
    const b = await reader.readExact(at, length);
    for (const [i, name] of signatures(b))
      if (!placed(at + i))
        throw new EngineError(
          'unclean',
          `${location}: a ${name} the engine could not place`,
        );
  }
}
