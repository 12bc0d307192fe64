/**
 * SHA-256 of each content part of a file. The hash itself is lent by the host (Web Crypto in the
 * worker, `node:crypto` in the CLI): the engine only reads the parts, a slice at a time for parts
 * held as ranges, so memory follows the slice, not the file, wherever the host can hash in pieces.
 */
import { ByteSource } from '../byte-source';
import { isEngineError, type EngineErrorCode } from '../errors';
import type { ByteRange } from '../engine-types';
import type { FormatId } from '../format-catalog';
import type { RandomAccess } from '../random-access';
import {
  rangesLength,
  type ContentKind,
  type ContentPart,
} from './content-part';
import {
  locateContent,
  UnlocatedContent,
  type UnlocatedReason,
} from './locate';
import { interleave, rangeSlices, tagged } from './read-ranges';

export { HASH_SLICE_BYTES } from './read-ranges';

/** A host's SHA-256: fed the part's bytes in order, answers the digest in lowercase hex. */
export interface Sha256Host {
  /**
   * The largest part the host hashes: Web Crypto takes one buffer, so the browser bounds it;
   * `node:crypto` hashes in pieces and takes any size.
   */
  readonly maxBytes: number;
  sha256(pieces: AsyncIterable<Uint8Array>, size: number): Promise<string>;
  /**
   * A hash fed in pieces that several can be fed side by side, where the host has one
   * (`node:crypto`): then the ranges of all a file's parts are read in one pass.
   */
  start?(): Sha256Stream;
}

/** One SHA-256 in progress. */
export interface Sha256Stream {
  update(bytes: Uint8Array): void;
  /** The digest in lowercase hex. */
  digest(): string;
}

/** Why a part has no hash: a typed engine error, or larger than the host hashes. */
export type PartHashError = EngineErrorCode | 'too-large-to-hash';

/** One content part of one file and its SHA-256. */
export interface PartHash {
  readonly kind: ContentKind;
  readonly key: string;
  readonly page?: number;
  readonly track?: number;
  readonly member?: string;
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
  /** Why a known format's content is not located: it keeps no part whole (an SVG). */
  readonly reason?: UnlocatedReason;
}

/** The bytes of one part's ranges, in order. */
async function* partSlices(
  src: ByteSource,
  ranges: readonly ByteRange[],
  signal?: AbortSignal,
) {
  for await (const [, bytes] of rangeSlices(src, tagged(ranges, 0), signal))
    yield bytes;
}

async function* once(bytes: Uint8Array) {
  yield bytes;
}

const namedPart = (part: ContentPart): PartHash => ({
  kind: part.kind,
  key: part.key,
  ...(part.page === undefined ? {} : { page: part.page }),
  ...(part.track === undefined ? {} : { track: part.track }),
  ...(part.member === undefined ? {} : { member: part.member }),
  ...(part.name === undefined ? {} : { name: part.name }),
});

type RangesPart = ContentPart & { bytes: { kind: 'ranges' } };

const held = (part: ContentPart): part is RangesPart =>
  part.bytes.kind === 'ranges';

/**
 * The parts held as ranges hashed side by side in one pass over the file, or null when the host
 * cannot or the parts' ranges do not interleave in file order. A read that fails fails them all.
 */
async function hashTogether(
  src: ByteSource,
  parts: readonly RangesPart[],
  host: Sha256Host,
  signal?: AbortSignal,
): Promise<PartHash[] | null> {
  const lengths = parts.map((p) => rangesLength(p.bytes.ranges));
  if (!host.start || lengths.some((n) => n > host.maxBytes)) return null;
  const merged = interleave(parts.map((p) => p.bytes.ranges));
  if (!merged) return null;
  const streams = parts.map(() => host.start!());
  try {
    for await (const [tag, bytes] of rangeSlices(src, merged, signal))
      streams[tag]!.update(bytes);
  } catch (error) {
    if (!isEngineError(error) || error.code === 'cancelled') throw error;
    return parts.map((p) => ({ ...namedPart(p), error: error.code }));
  }
  return parts.map((p, i) => ({
    ...namedPart(p),
    bytes: lengths[i]!,
    sha256: streams[i]!.digest(),
  }));
}

async function hashPart(
  src: ByteSource,
  part: ContentPart,
  host: Sha256Host,
  signal?: AbortSignal,
): Promise<PartHash> {
  const named = namedPart(part);
  try {
    if (part.bytes.kind === 'ranges') {
      const bytes = rangesLength(part.bytes.ranges);
      if (bytes > host.maxBytes)
        return { ...named, bytes, error: 'too-large-to-hash' };
      const sha256 = await host.sha256(
        partSlices(src, part.bytes.ranges, signal),
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
    return {
      parts: [],
      error: error.code,
      ...(error instanceof UnlocatedContent ? { reason: error.reason } : {}),
    };
  }
  const ranged = located.parts.filter(held);
  const together =
    ranged.length > 1 ? await hashTogether(src, ranged, host, signal) : null;
  const hashed = new Map<ContentPart, PartHash>(
    together ? ranged.map((part, i) => [part, together[i]!]) : [],
  );
  const parts: PartHash[] = [];
  for (const part of located.parts)
    parts.push(hashed.get(part) ?? (await hashPart(src, part, host, signal)));
  return { format: located.format, parts };
}
