/**
 * The Sound Data chunk (AIFF 1.3, `SSND`): an offset and a block size, then the sample frames from
 * `offset` bytes on. The bytes the offset skips, and in an AIFF the bytes after the last frame the
 * Common chunk counts, are no samples and no reader looks at them: when they hold anything they
 * are cut (the chunk written with offset 0) and reported; the samples are copied as they are.
 */
import { u32be } from '../../bytes';
import { EngineError, corrupt } from '../../errors';
import { finding, type Finding } from '../../findings';
import { MAX_METADATA_BYTES } from '../../limits';
import type { RiffChunk } from '../../shared/riff/chunks';
import type { TrimmedChunk } from '../../shared/riff/form';
import { COMM_FRAME_BYTES, framesEnd } from './frames-end';

/** offset (4) and blockSize (4) before the sound data. */
const SSND_HEADER_BYTES = 8;
const WHERE = 'FORM AIFF';

type Read = (at: number, length: number) => Promise<Uint8Array>;

/** An uncompressed AIFF's Common chunk, the bytes framesEnd reads; null when there is none. */
async function commonFrames(
  read: Read,
  kept: readonly RiffChunk[],
  formType: string,
): Promise<Uint8Array | null> {
  const comm = kept.find((c) => c.id === 'COMM');
  if (formType !== 'AIFF' || !comm || comm.size < COMM_FRAME_BYTES) return null;
  return read(comm.dataOffset, COMM_FRAME_BYTES);
}

async function holdsAnything(read: Read, from: number, to: number) {
  if (to - from > MAX_METADATA_BYTES)
    throw new EngineError(
      'too-large',
      `SSND bytes around the samples at ${from}`,
    );
  return to > from && (await read(from, to - from)).some((b) => b !== 0);
}

/** The chunk without the bytes around its samples, or null when those hold nothing. */
export async function trimSoundData(
  chunk: RiffChunk,
  read: Read,
  kept: readonly RiffChunk[],
  formType: string,
): Promise<TrimmedChunk | null> {
  if (chunk.size < SSND_HEADER_BYTES) throw corrupt('SSND chunk too short');
  const header = await read(chunk.dataOffset, SSND_HEADER_BYTES);
  const chunkEnd = chunk.dataOffset + chunk.size;
  const start = chunk.dataOffset + SSND_HEADER_BYTES + u32be(header, 0);
  if (start > chunkEnd) throw corrupt('SSND offset past its chunk');
  const end = framesEnd(
    await commonFrames(read, kept, formType),
    start,
    chunkEnd,
  );
  const before = await holdsAnything(
    read,
    chunk.dataOffset + SSND_HEADER_BYTES,
    start,
  );
  const after = await holdsAnything(read, end, chunkEnd);
  if (!before && !after) return null;
  const cut = start - chunk.dataOffset - SSND_HEADER_BYTES + chunkEnd - end;
  const findings: Finding[] = [
    finding('other.data', 'SSND extra bytes', WHERE, `${cut} bytes`),
  ];
  const head = new Uint8Array(SSND_HEADER_BYTES);
  head.set(header.subarray(4, 8), 4);
  return { head, from: start, to: end, findings };
}
