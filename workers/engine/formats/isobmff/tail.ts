/**
 * What follows the last whole top-level box, up to the trailers found from the file's end:
 * zeros a recorder padded the file with, a `free` or `skip` box whose size runs past the end
 * (its contents irrelevant, 14496-12 8.1.2), a dashcam's GPS records (`trailers.ts`), a box of a
 * known type cut short, or bytes no rule explains. Nothing in the file points into a tail (the
 * analysis checks that no chunk or item lies in it), so the copy ends where it starts.
 */
import { u32be, writeU32be } from '../../bytes';
import { EngineError, corrupt, throwIfAborted } from '../../errors';
import { MAX_METADATA_BYTES } from '../../limits';
import type { Patch } from '../../shared/in-place';
import { HEADER_BYTES, isZero } from './box';
import { dashcamTrailer, type Trailer } from './trailers';
import { isUnknownTopLevel } from './unknown-boxes';
import type { ByteRange } from './sample-table';
import type { WindowedReader } from '../../windowed-reader';
import { FREE_SPACE_TYPES } from './free-contents';

const HEAD_BYTES = 32;
const ZERO_CHECK_CHUNK = 1024 * 1024;
const TYPE_AT = 4;
/** Size value meaning "a 64-bit size follows the type" (14496-12 4.2). */
const SIZE_IS_LARGE = 1;

export type Tail =
  /** Zeros, or a free box cut short: nothing to report, and nothing the copy needs. */
  | {
      readonly kind: 'space';
      readonly range: ByteRange;
      /** For a free box cut short: its header made to fit, and its type. */
      readonly patch?: Patch;
      readonly type?: string;
    }
  | { readonly kind: 'trailer'; readonly trailer: Trailer };

async function allZero(
  reader: WindowedReader,
  range: ByteRange,
  signal: AbortSignal | undefined,
): Promise<boolean> {
  if (range.end - range.start > MAX_METADATA_BYTES)
    throw new EngineError(
      'too-large',
      `bytes after the last box at ${range.start}`,
    );
  for (let at = range.start; at < range.end; at += ZERO_CHECK_CHUNK) {
    throwIfAborted(signal);
    const length = Math.min(ZERO_CHECK_CHUNK, range.end - at);
    const bytes = await reader.readExact(at, length);
    if (!isZero(bytes, 0, length)) return false;
  }
  return true;
}

const typeOf = (head: Uint8Array) =>
  String.fromCharCode(...head.subarray(TYPE_AT, HEADER_BYTES));

/** The free box's header with the size of the space it has, for a clean in place. */
function fitFreeBox(head: Uint8Array, range: ByteRange): Patch {
  const header = head.slice(0, HEADER_BYTES);
  // A 64-bit size becomes a 32-bit one: the 8 bytes it took are payload, whose contents are irrelevant.
  writeU32be(header, 0, range.end - range.start);
  return { offset: range.start, data: header };
}

/** What the bytes in `range` (after the last whole box) are; throws when no rule explains them. */
export async function readTail(
  reader: WindowedReader,
  range: ByteRange,
  signal: AbortSignal | undefined,
): Promise<Tail> {
  if (range.start === 0) throw corrupt('no box at the start of the file');
  const head = await reader.read(
    range.start,
    Math.min(HEAD_BYTES, range.end - range.start),
  );
  if (isZero(head, 0, head.length) && (await allZero(reader, range, signal)))
    return { kind: 'space', range };
  const trailer = dashcamTrailer(head, range);
  if (trailer) return { kind: 'trailer', trailer };
  if (head.length >= HEADER_BYTES) {
    const type = typeOf(head);
    const size32 = u32be(head, 0);
    // The walk stopped here, so a free box with a size runs past the end.
    if (
      FREE_SPACE_TYPES.has(type) &&
      (size32 === SIZE_IS_LARGE || size32 >= HEADER_BYTES)
    )
      return { kind: 'space', range, patch: fitFreeBox(head, range), type };
    if (!isUnknownTopLevel({ type }))
      throw corrupt(
        `'${type}' box at ${range.start} is cut short: the file ends before it does`,
      );
  }
  throw new EngineError(
    'unsupported',
    `${range.end - range.start} bytes after the last box at ${range.start} that are no box and no known camera trailer`,
  );
}
