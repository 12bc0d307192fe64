/**
 * Content chunks of a RIFF file: a WebP's image chunks (`VP8 `, `VP8L`, `ALPH`, animation frames
 * `ANMF`) and a WAV's `data` chunk, found by a walk of the chunk list of its own.
 */
import type { ByteReader } from '../byte-source';
import { u32le } from '../bytes';
import type { ByteRange } from '../engine-types';
import { corrupt } from '../errors';
import { MAX_ENTRIES } from '../limits';

/** `RIFF`, the form's size and its type (RIFF: the form header). */
const FORM_HEADER_BYTES = 12;
const CHUNK_HEADER_BYTES = 8;

/** The data of every top-level chunk whose id is in `ids`, in file order. */
export async function riffChunkRanges(
  src: ByteReader,
  ids: ReadonlySet<string>,
): Promise<ByteRange[]> {
  const form = await src.readExact(0, FORM_HEADER_BYTES);
  const formEnd = Math.min(src.size, CHUNK_HEADER_BYTES + u32le(form, 4));
  const ranges: ByteRange[] = [];
  let at = FORM_HEADER_BYTES;
  for (let n = 0; n < MAX_ENTRIES; n++) {
    if (at + CHUNK_HEADER_BYTES > formEnd) return ranges;
    const head = await src.readExact(at, CHUNK_HEADER_BYTES);
    const id = String.fromCharCode(...head.subarray(0, 4));
    const start = at + CHUNK_HEADER_BYTES;
    const end = start + u32le(head, 4);
    if (end > formEnd) throw corrupt(`RIFF chunk ${id} runs past its form`);
    if (ids.has(id)) ranges.push({ start, end });
    // Chunks are padded to an even length (RIFF: chunk alignment).
    at = end + (end % 2);
  }
  throw corrupt('too many RIFF chunks');
}

export const WEBP_IMAGE_CHUNKS: ReadonlySet<string> = new Set([
  'VP8 ',
  'VP8L',
  'ALPH',
  'ANMF',
]);
export const WAV_SAMPLE_CHUNKS: ReadonlySet<string> = new Set(['data']);
