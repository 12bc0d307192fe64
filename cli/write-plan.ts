import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, open, rename, rm } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { inPlacePatches, type OutputPlan } from '../workers/engine/index';

/** Large reads: the default 64 KB chunks make copying a 100 MB photo several times slower. */
const COPY_CHUNK_BYTES = 4 * 1024 * 1024;

/** The mode a new file gets by default (before the umask), as the streamed path creates it. */
const OUTPUT_MODE = 0o666;

/**
 * Writes a cleaned file to `out` through a temporary file beside it, so a failure leaves no
 * output at all (fail closed). Same-size plans are written as a kernel copy of the input plus
 * patches of the changed ranges; others stream each segment.
 */
export async function writePlan(
  input: string,
  inputSize: number,
  plan: OutputPlan,
  out: string,
): Promise<void> {
  const temp = `${out}.metaclean-${process.pid}.tmp`;
  try {
    const patches = inPlacePatches(inputSize, plan);
    if (patches) await copyAndPatch(input, temp, patches);
    else await streamSegments(input, plan, temp);
    await rename(temp, out);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

async function copyAndPatch(
  input: string,
  temp: string,
  patches: readonly { offset: number; data: Uint8Array }[],
): Promise<void> {
  await copyFile(input, temp);
  const handle = await open(temp, 'r+');
  try {
    // copyFile carries the input's mode over; a read-only original must not give a read-only copy.
    await handle.chmod(OUTPUT_MODE & ~process.umask());
    for (const { offset, data } of patches)
      await handle.write(data, 0, data.length, offset);
  } finally {
    await handle.close();
  }
}

async function streamSegments(
  input: string,
  plan: OutputPlan,
  temp: string,
): Promise<void> {
  const sink = createWriteStream(temp);
  async function* chunks() {
    for (const segment of plan) {
      if (segment.kind === 'bytes') {
        yield segment.data;
        continue;
      }
      // createReadStream's `end` is inclusive.
      yield* createReadStream(input, {
        start: segment.start,
        end: segment.end - 1,
        highWaterMark: COPY_CHUNK_BYTES,
      });
    }
  }
  await pipeline(chunks, sink);
}
