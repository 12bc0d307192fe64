import type { BlobRange } from './engine/index';
import {
  inflateBlobAsyncChecked,
  inflateRawAsync,
  inflateRawAsyncChecked,
} from './browser-codecs';

/**
 * One inflate asked of a helper worker (`inflate.worker.ts`): the raw deflate stream, the size it
 * must inflate to, and, for the checked form, the CRC-32 its content must have.
 */
export interface RawInflateRequest {
  readonly id: number;
  readonly raw: Uint8Array;
  readonly size: number;
  readonly crc32?: number;
}

/**
 * The checked inflate of a stream the helper reads itself: `stream` is its range of the person's
 * file, whose Blob crosses by reference, so the clean worker neither slices, reads nor copies it.
 */
export interface BlobInflateRequest {
  readonly id: number;
  readonly stream: BlobRange;
  readonly size: number;
  readonly crc32: number;
}

export type InflateRequest = RawInflateRequest | BlobInflateRequest;

/**
 * A helper's answer: the inflated bytes (null past the size), or that the inflate rejected. Only
 * the fact of a rejection crosses back: the engine decides the error with its own inflate. After a
 * whole answer the request's buffer comes back too (`spare`), for the next request to reuse; to a
 * request of a Blob, the stream as the helper read it (`raw`).
 */
export type InflateReply =
  | {
      readonly id: number;
      readonly bytes: Uint8Array | null;
      readonly spare?: ArrayBuffer;
      readonly raw?: Uint8Array;
    }
  | { readonly id: number; readonly rejected: true };

/** What the helper answers `request`, as the clean worker's own DecompressionStream would. */
export async function answerInflate(
  request: InflateRequest,
): Promise<InflateReply> {
  const { id, size } = request;
  try {
    if ('stream' in request) {
      const { raw, bytes } = await inflateBlobAsyncChecked(
        request.stream,
        size,
        request.crc32,
      );
      // Only a whole answer is of use to the engine, which reads the stream again otherwise.
      return bytes?.length === size ? { id, bytes, raw } : { id, bytes };
    }
    const { raw, crc32 } = request;
    const bytes =
      crc32 === undefined
        ? await inflateRawAsync(raw, size)
        : await inflateRawAsyncChecked(raw, size, crc32);
    // Only a whole answer has fed the stream all of `raw`: a stream stopped early may still hold
    // pieces of it, so its buffer is not handed back.
    return bytes?.length === size
      ? { id, bytes, spare: raw.buffer as ArrayBuffer }
      : { id, bytes };
  } catch {
    return { id, rejected: true };
  }
}

/** The buffers a reply hands over rather than copies. */
export function replyTransfer(reply: InflateReply): Transferable[] {
  if (!('bytes' in reply)) return [];
  const { bytes, spare, raw } = reply;
  return [
    ...(bytes ? [bytes.buffer as ArrayBuffer] : []),
    ...(spare ? [spare] : []),
    ...(raw ? [raw.buffer as ArrayBuffer] : []),
  ];
}
