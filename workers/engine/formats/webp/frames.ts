/**
 * Animation frames (ANMF): a 16-byte frame header, then the frame's own chunks. The container
 * specification lets "unknown chunks" sit among them, so they are walked and judged like the
 * top-level ones: ALPH, VP8 and VP8L stay, anything else is removed.
 */
import type { ByteSource } from '../../byte-source';
import { finding, type Finding } from '../../findings';
import { readChunks, type RiffChunk } from '../../shared/riff/chunks';

/** Frame X, Y, width, height (3 bytes each), duration (3), flags (1). */
export const ANMF_HEADER_BYTES = 16;
export const ANMF_CHUNK = 'ANMF';
const FRAME_DATA_CHUNKS: ReadonlySet<string> = new Set([
  'ALPH',
  'VP8 ',
  'VP8L',
]);

export interface Frame {
  readonly chunk: RiffChunk;
  readonly kept: readonly RiffChunk[];
  readonly removed: readonly RiffChunk[];
}

export async function readFrame(
  src: ByteSource,
  anmf: RiffChunk,
  signal?: AbortSignal,
): Promise<Frame> {
  const start = anmf.dataOffset + ANMF_HEADER_BYTES;
  const end = anmf.dataOffset + anmf.size;
  const parts =
    start <= end
      ? await readChunks(src, start, end, { signal, depth: anmf.depth + 1 })
      : [];
  return {
    chunk: anmf,
    kept: parts.filter((c) => FRAME_DATA_CHUNKS.has(c.id)),
    removed: parts.filter((c) => !FRAME_DATA_CHUNKS.has(c.id)),
  };
}

export function frameFindings(frame: Frame): Finding[] {
  return frame.removed.map((c) =>
    finding(
      'other.data',
      c.id.trim() || 'chunk',
      ANMF_CHUNK,
      `${c.size} bytes`,
    ),
  );
}

/** The frame's size once its removed chunks are gone. */
export function cleanFrameSize(frame: Frame): number {
  return (
    ANMF_HEADER_BYTES + frame.kept.reduce((n, c) => n + (c.end - c.offset), 0)
  );
}
