import type { Output } from './archive';
import { numbered } from './drop-paths';

type DirectoryPicker = (options: {
  mode: 'readwrite';
}) => Promise<FileSystemDirectoryHandle>;

/** The File System Access directory picker, where the browser has one (Chromium desktop). */
export function directoryPicker(): DirectoryPicker | null {
  if (typeof window === 'undefined') return null;
  const picker = (window as { showDirectoryPicker?: DirectoryPicker })
    .showDirectoryPicker;
  return typeof picker === 'function' ? picker.bind(window) : null;
}

/** Gives the event loop a turn between files, so the page stays responsive through a long save. */
const yieldToPage = () => new Promise((resolve) => setTimeout(resolve, 0));

async function exists(
  dir: FileSystemDirectoryHandle,
  name: string,
): Promise<boolean> {
  try {
    await dir.getFileHandle(name);
    return true;
  } catch {
    return false;
  }
}

/** A name in `dir` no file has yet: `a.jpg`, else `a (2).jpg`, `a (3).jpg`, ... */
async function freeName(
  dir: FileSystemDirectoryHandle,
  name: string,
): Promise<string> {
  let candidate = name;
  for (let n = 2; await exists(dir, candidate); n++)
    candidate = numbered(name, n);
  return candidate;
}

/**
 * Writes every copy into the folder the visitor picked, its subfolders made as needed, never over
 * a file already there. Each copy is streamed from its Blob by the browser, one at a time.
 */
export async function saveIntoFolder(
  root: FileSystemDirectoryHandle,
  outputs: readonly Output[],
  signal?: AbortSignal,
): Promise<void> {
  for (const { path, blob } of outputs) {
    if (signal?.aborted) return;
    const parts = path.split('/');
    const name = parts.pop() as string;
    let dir = root;
    for (const part of parts)
      dir = await dir.getDirectoryHandle(part, { create: true });
    const handle = await dir.getFileHandle(await freeName(dir, name), {
      create: true,
    });
    const writable = await handle.createWritable();
    await writable.write(blob);
    await writable.close();
    await yieldToPage();
  }
}
