/** The parts of a File System Access directory handle a walk needs (not in every DOM typing). */
interface DirectoryHandle {
  readonly kind: 'directory';
  readonly name: string;
  values(): AsyncIterable<DirectoryHandle | FileHandle>;
}
interface FileHandle {
  readonly kind: 'file';
  readonly name: string;
  getFile(): Promise<File>;
}

type ReadPicker = () => Promise<DirectoryHandle>;

/** The directory picker for reading, where the browser has one. */
export function readPicker(): ReadPicker | null {
  if (typeof window === 'undefined') return null;
  const picker = (window as { showDirectoryPicker?: ReadPicker })
    .showDirectoryPicker;
  return typeof picker === 'function' ? picker.bind(window) : null;
}

/** Beyond this depth a folder is not walked: real photo folders are far shallower. */
const MAX_DEPTH = 32;

/**
 * Every file under the picked folder, each carrying its path (`trip/day1/a.jpg`) as `path`, the
 * property react-dropzone's drop gives a file from a dropped folder. Files are only opened, not read.
 */
export async function filesOf(
  dir: DirectoryHandle,
  prefix = dir.name,
  depth = 0,
): Promise<File[]> {
  const out: File[] = [];
  if (depth > MAX_DEPTH) return out;
  for await (const handle of dir.values()) {
    const path = `${prefix}/${handle.name}`;
    if (handle.kind === 'directory') {
      out.push(...(await filesOf(handle, path, depth + 1)));
      continue;
    }
    const file = await handle.getFile();
    Object.defineProperty(file, 'path', { value: path, enumerable: true });
    out.push(file);
  }
  return out;
}
