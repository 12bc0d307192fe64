import {
  EngineError,
  madeBytes,
  MAX_DOCUMENT_BYTES,
  type OutputPlan,
  type RandomAccess,
} from '../workers/engine/index';
import { CliError } from './cli-error';
import { COPY_CHUNK_BYTES } from './write-plan';

/** `-` as an input names standard input; as `-o`, standard output. */
export const STANDARD_STREAM = '-';

/**
 * Standard input cannot be read twice or at random offsets, so it is read whole into memory;
 * beyond this a file path is needed (a video of several GB is cleaned from its file, in place).
 */
export const MAX_STDIN_BYTES = MAX_DOCUMENT_BYTES;

/** Reads standard input to its end; more than `limit` bytes fails `too-large` without reading on. */
export async function readStandardInput(
  stream: NodeJS.ReadableStream = process.stdin,
  limit = MAX_STDIN_BYTES,
): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const bytes =
      typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Uint8Array);
    total += bytes.length;
    if (total > limit)
      throw new EngineError(
        'too-large',
        `standard input is over ${limit / (1024 * 1024)} MB; give the file's path instead`,
      );
    chunks.push(bytes);
  }
  return new Uint8Array(Buffer.concat(chunks, total));
}

/** Bytes in memory, read at random offsets by the engine. */
export function memoryAccess(bytes: Uint8Array): RandomAccess {
  return {
    size: bytes.length,
    read: async (offset, length) => bytes.subarray(offset, offset + length),
  };
}

/**
 * Writes the file a plan over `input` describes to a stream (standard output), a chunk at a time,
 * waiting for the stream to drain so a slow reader holds no more than a chunk in memory.
 */
export async function streamPlan(
  input: RandomAccess,
  plan: OutputPlan,
  out: NodeJS.WritableStream = process.stdout,
): Promise<void> {
  for (const segment of plan) {
    if (segment.kind === 'bytes') await writeDrained(out, segment.data);
    else if (segment.kind === 'deferred')
      await writeDrained(out, await madeBytes(segment));
    else
      for (let at = segment.start; at < segment.end; at += COPY_CHUNK_BYTES)
        await writeDrained(
          out,
          await input.read(at, Math.min(COPY_CHUNK_BYTES, segment.end - at)),
        );
  }
}

function writeDrained(
  out: NodeJS.WritableStream,
  data: Uint8Array,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: unknown) =>
      reject(
        new CliError(
          'unwritable',
          `cannot write to standard output (${(error as NodeJS.ErrnoException).code ?? 'closed'})`,
        ),
      );
    out.once('error', onError);
    const done = () => {
      out.removeListener('error', onError);
      resolve();
    };
    if (out.write(data)) done();
    else out.once('drain', done);
  });
}
