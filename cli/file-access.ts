import { open, type FileHandle } from 'node:fs/promises';
import type { RandomAccess } from '../workers/engine/index';

/**
 * Random access over a file through one file handle. Node 20's `fs.openAsBlob` misreports sizes
 * past 4 GiB (nodejs/node#52585) and reads several times slower, so the CLI reads files itself.
 */
export interface FileAccess extends RandomAccess {
  close(): Promise<void>;
}

export async function openFileAccess(path: string): Promise<FileAccess> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    return {
      size,
      read: (offset, length) => readFully(handle, offset, length),
      close: () => handle.close(),
    };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

async function readFully(
  handle: FileHandle,
  offset: number,
  length: number,
): Promise<Uint8Array> {
  const out = new Uint8Array(length);
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await handle.read(
      out,
      filled,
      length - filled,
      offset + filled,
    );
    if (bytesRead === 0) return out.subarray(0, filled);
    filled += bytesRead;
  }
  return out;
}
