/**
 * Bytes past a kept chunk's layout (layouts.ts; `strf`: stream-format.ts), which no player reads:
 * zeroed in place, the chunk and its length kept, so no offset moves.
 */
import type { ByteReader } from '../../byte-source';
import { EngineError } from '../../errors';
import { finding, type Finding } from '../../findings';
import { MAX_METADATA_BYTES } from '../../limits';
import type { RiffChunk } from '../../shared/riff/chunks';
import { LAYOUT_HEAD_BYTES, layoutBytes } from './layouts';
import { textRuns } from './values';

const MAX_READ_BYTES = 64 * 1024;

export interface ExtraTarget {
  readonly chunk: RiffChunk;
  readonly findings: Finding[];
  /** Zero the payload from here to the chunk's end. */
  readonly zeroFrom: number;
}

export async function extraTarget(
  src: ByteReader,
  chunk: RiffChunk,
  layout: number | undefined,
  location: string,
): Promise<ExtraTarget | null> {
  if (layout === undefined || chunk.size <= layout) return null;
  const extraBytes = chunk.size - layout;
  if (extraBytes > MAX_METADATA_BYTES)
    throw new EngineError('too-large', `${chunk.id} at ${chunk.offset}`);
  const extra = await src.readExact(
    chunk.dataOffset + layout,
    Math.min(extraBytes, MAX_READ_BYTES),
  );
  if (extra.every((b) => b === 0) && extraBytes <= MAX_READ_BYTES) return null;
  const label = `${chunk.id} extra bytes`;
  const value = textRuns(extra) || `${extraBytes} bytes`;
  return {
    chunk,
    findings: [finding('other.data', label, location, value)],
    zeroFrom: chunk.dataOffset + layout,
  };
}

/** The extra bytes of a chunk whose layout layouts.ts knows from its id, size and first bytes. */
export async function layoutExtra(
  src: ByteReader,
  chunk: RiffChunk,
  location: string,
): Promise<ExtraTarget | null> {
  const head = await src.readExact(
    chunk.dataOffset,
    Math.min(chunk.size, LAYOUT_HEAD_BYTES),
  );
  const layout = layoutBytes(chunk.id, head, chunk.size);
  return extraTarget(src, chunk, layout, location);
}
