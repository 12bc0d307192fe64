/**
 * SHA-256 of each content part of a file. The hash itself is lent by the host (Web Crypto in the
 * worker, `node:crypto` in the CLI): the engine only reads the parts, a slice at a time for parts
 * held as ranges, so memory follows the slice, not the file, wherever the host can hash in pieces.
 */
import { ByteSource } from '../byte-source';
import { isEngineError, throwIfAborted, type EngineErrorCode } from '../errors';
import type { FormatId } from '../format-catalog';
import type { RandomAccess } from '../random-access';
import {
  rangesLength,
  type ContentKind,
  type ContentPart,
} from './content-part';
import { locateContent } from './locate';

/** Bytes read at a time from a part held as ranges. */
export const HASH_SLICE_BYTES = 4 * 1024 * 1024;

/** A host's SHA-256: fed the part's bytes in order, answers the digest in lowercase hex. */
export interface Sha256Host {
  /**
   * The largest part the host hashes: Web Crypto takes one buffer, so the browser bounds it;
   * `node:crypto` hashes in pieces and takes any size.
   */
  readonly maxBytes: number;
  sha256(pieces: AsyncIterable<Uint8Array>, size: number): Promise<string>;
}

/** Why a part has no hash: a typed engine error, or larger than the host hashes. */
export type PartHashError = EngineErrorCode | 'too-large-to-hash';

/** One content part of one file and its SHA-256. */
export interface PartHash {
  readonly kind: ContentKind;
  readonly key: string;
  readonly page?: number;
  readonly track?: number;
  readonly name?: string;
  /** The part's length in bytes, when it was read. */
  readonly bytes?: number;
  readonly sha256?: string;
  readonly error?: PartHashError;
}

/** A file's content parts and their hashes, or why its content was not located. */
export interface ContentHashes {
  readonly format?: FormatId;
  readonly parts: readonly PartHash[];
  readonly error?: EngineErrorCode;
}

async function* slices(
  src: ByteSource,
  part: ContentPart & { bytes: { kind: 'ranges' } },
  signal?: AbortSignal,
) {
  for (const r of part.bytes.ranges)
    for (let at = r.start; at < r.end; at += HASH_SLICE_BYTES) {
      throwIfAborted(signal);
      yield await src.readExact(at, Math.min(HASH_SLICE_BYTES, r.end - at));
    }
}

async function* once(bytes: Uint8Array) {
  yield bytes;
}

async function hashPart(
  src: ByteSource,
  part: ContentPart,
  host: Sha256Host,
  signal?: AbortSignal,
): Promise<PartHash> {
  const named: PartHash = {
    kind: part.kind,
    key: part.key,
    ...(part.page === undefined ? {} : { page: part.page }),
    ...(part.track === undefined ? {} : { track: part.track }),
    ...(part.name === undefined ? {} : { name: part.name }),
  };
  try {
    if (part.bytes.kind === 'ranges') {
      const bytes = rangesLength(part.bytes.ranges);
      if (bytes > host.maxBytes)
        return { ...named, bytes, error: 'too-large-to-hash' };
      const sha256 = await host.sha256(
        slices(src, { ...part, bytes: part.bytes }, signal),
        bytes,
      );
      return { ...named, bytes, sha256 };
    }
    const data = await part.bytes.read();
    if (data.length > host.maxBytes)
      return { ...named, bytes: data.length, error: 'too-large-to-hash' };
    return {
      ...named,
      bytes: data.length,
      sha256: await host.sha256(once(data), data.length),
    };
  } catch (error) {
    if (!isEngineError(error) || error.code === 'cancelled') throw error;
    return { ...named, error: error.code };
  }
}

/**
 * The SHA-256 of each content part of `input`, part by part. A file whose content is not located
 * answers the error's code and no parts; `cancelled` is thrown, never answered.
 */
export async function hashContent(
  input: Blob | RandomAccess,
  host: Sha256Host,
  signal?: AbortSignal,
): Promise<ContentHashes> {
  const src = new ByteSource(input);
  let located;
  try {
    located = await locateContent(src, signal);
  } catch (error) {
    if (!isEngineError(error) || error.code === 'cancelled') {
      if (isEngineError(error)) throw error;
      return { parts: [], error: 'corrupt' };
    }
    return { parts: [], error: error.code };
  }
  const parts: PartHash[] = [];
  for (const part of located.parts)
    parts.push(await hashPart(src, part, host, signal));
  return { format: located.format, parts };
}
