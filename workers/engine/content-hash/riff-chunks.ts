/**
 * Content chunks of RIFF and IFF files, found by a walk of the chunk list of its own: a WebP's
 * image chunks (`VP8 `, `VP8L`, `ALPH`, and those of animation frames `ANMF`), a WAV's `data` chunk, an
 * AIFF's `SSND` chunk (IFF, big-endian sizes) and the `movi` lists of an AVI's RIFF forms.
 */
import type { ByteReader } from '../byte-source';
import { u32be, u32le } from '../bytes';
import type { ByteRange } from '../engine-types';
import { corrupt } from '../errors';
import { MAX_ENTRIES } from '../limits';
import { WindowedReader } from '../windowed-reader';

/** `RIFF` (or `FORM`), the form's size and its type (RIFF and EA IFF 85: the form header). */
const FORM_HEADER_BYTES = 12;
const CHUNK_HEADER_BYTES = 8;
/** A `LIST` chunk's data opens with its list type (RIFF: LIST chunk). */
const LIST_TYPE_BYTES = 4;

export type Endian = 'le' | 'be';

export interface Chunk {
  readonly id: string;
  /** The chunk's header. */
  readonly at: number;
  /** Its data, without the pad byte. */
  readonly start: number;
  readonly end: number;
}

const idOf = (b: Uint8Array, at = 0): string =>
  String.fromCharCode(...b.subarray(at, at + 4));

/** The chunks between `from` and `to`, in file order. */
export async function chunks(
  src: ByteReader,
  from: number,
  to: number,
  endian: Endian,
): Promise<Chunk[]> {
  const out: Chunk[] = [];
  let at = from;
  for (let n = 0; n < MAX_ENTRIES; n++) {
    if (at + CHUNK_HEADER_BYTES > to) return out;
    const head = await src.readExact(at, CHUNK_HEADER_BYTES);
    const id = idOf(head);
    const start = at + CHUNK_HEADER_BYTES;
    const end = start + (endian === 'le' ? u32le(head, 4) : u32be(head, 4));
    if (end > to) throw corrupt(`chunk ${id} runs past its form`);
    out.push({ id, at, start, end });
    // Chunks are padded to an even length (RIFF and IFF: chunk alignment).
    at = end + (end % 2);
  }
  throw corrupt('too many chunks');
}

/** The end of the form that starts at `at`, clamped to the file as the cleaners read it. */
export async function formEnd(
  src: ByteReader,
  at: number,
  endian: Endian,
): Promise<number> {
  const form = await src.readExact(at, FORM_HEADER_BYTES);
  const size = endian === 'le' ? u32le(form, 4) : u32be(form, 4);
  return Math.min(src.size, at + CHUNK_HEADER_BYTES + size);
}

/** The data of every top-level chunk of the first form whose id is in `ids`, in file order. */
export async function riffChunkRanges(
  src: ByteReader,
  ids: ReadonlySet<string>,
  endian: Endian = 'le',
): Promise<ByteRange[]> {
  const end = await formEnd(src, 0, endian);
  return (await chunks(src, FORM_HEADER_BYTES, end, endian))
    .filter((c) => ids.has(c.id))
    .map(({ start, end: stop }) => ({ start, end: stop }));
}

/** Chunk headers read in large windows, frames and all: fewer reads than one per header. */
const MOVI_WINDOW_BYTES = 1024 * 1024;
/** A stream's samples in `movi`: `##db`/`##dc` video, `##wb` audio, `##pc` palette, `##sb` XSUB. */
const AVI_SAMPLE_CHUNK = /^\d\d(?:db|dc|wb|pc|sb)$/;

/** The sample chunks of one `movi` list (a `rec ` list opened), headers in, neighbours joined. */
async function moviSampleRanges(
  src: ByteReader,
  movi: Chunk,
  into: ByteRange[],
): Promise<void> {
  const listed = await chunks(
    src,
    movi.start + LIST_TYPE_BYTES,
    movi.end,
    'le',
  );
  for (const c of listed) {
    const record =
      c.id === 'LIST' &&
      c.end - c.start >= LIST_TYPE_BYTES &&
      idOf(await src.readExact(c.start, LIST_TYPE_BYTES)) === 'rec ';
    if (record) await moviSampleRanges(src, c, into);
    if (!AVI_SAMPLE_CHUNK.test(c.id)) continue;
    const end = c.end + (c.end % 2);
    const last = into.at(-1);
    if (last && last.end === c.at) into[into.length - 1] = { ...last, end };
    else into.push({ start: c.at, end });
  }
}

/**
 * The stream samples in the `movi` list of each RIFF form of an AVI (the `AVI ` form, then
 * OpenDML's `AVIX` forms), in file order: what a player decodes, not the padding or the GPS
 * records a camera left between them, which the cleaner blanks.
 */
export async function aviMoviRanges(input: ByteReader): Promise<ByteRange[]> {
  const src = new WindowedReader(input, MOVI_WINDOW_BYTES);
  const ranges: ByteRange[] = [];
  let at = 0;
  for (let n = 0; n < MAX_ENTRIES; n++) {
    // Bytes after the last form (a little padding, or junk the cleaner drops) are not content.
    if (at + FORM_HEADER_BYTES > src.size) return ranges;
    if (idOf(await src.readExact(at, 4)) !== 'RIFF') return ranges;
    const end = await formEnd(src, at, 'le');
    for (const c of await chunks(src, at + FORM_HEADER_BYTES, end, 'le')) {
      if (c.id !== 'LIST' || c.end - c.start < LIST_TYPE_BYTES) continue;
      const type = idOf(await src.readExact(c.start, LIST_TYPE_BYTES));
      if (type === 'movi') await moviSampleRanges(src, c, ranges);
    }
    at = end + (end % 2);
  }
  throw corrupt('too many RIFF forms');
}

/** A WebP's image chunks: a still image's bitstream and alpha. */
const WEBP_IMAGE_CHUNKS: ReadonlySet<string> = new Set([
  'VP8 ',
  'VP8L',
  'ALPH',
]);
const WEBP_FRAME = 'ANMF';
/** An ANMF chunk opens with its frame's position, size, duration and flags (WebP container: ANMF). */
const ANMF_HEADER_BYTES = 16;

/**
 * A WebP's image data: the bitstream and alpha chunks, and of each animation frame its header and
 * its own bitstream and alpha chunks; the unknown chunks a frame may also hold are not the picture.
 */
export async function webpImageRanges(src: ByteReader): Promise<ByteRange[]> {
  const end = await formEnd(src, 0, 'le');
  const ranges: ByteRange[] = [];
  for (const c of await chunks(src, FORM_HEADER_BYTES, end, 'le')) {
    if (WEBP_IMAGE_CHUNKS.has(c.id))
      ranges.push({ start: c.start, end: c.end });
    if (c.id !== WEBP_FRAME || c.end - c.start < ANMF_HEADER_BYTES) continue;
    const frameStart = c.start + ANMF_HEADER_BYTES;
    ranges.push({ start: c.start, end: frameStart });
    for (const inner of await chunks(src, frameStart, c.end, 'le'))
      if (WEBP_IMAGE_CHUNKS.has(inner.id))
        ranges.push({ start: inner.start, end: inner.end });
  }
  return ranges;
}
export const WAV_SAMPLE_CHUNKS: ReadonlySet<string> = new Set(['data']);
