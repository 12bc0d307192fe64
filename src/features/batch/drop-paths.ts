/** A dropped file as react-dropzone hands it: `path` says where it sat in a dropped folder. */
type WithPath = File & { readonly path?: string };

/**
 * The file's path in the drop, folders kept and made safe to reuse as an archive or folder path:
 * `/` between parts, no leading `/` or `./`, no empty, `.` or `..` parts.
 */
export function dropPath(file: File): string {
  const raw =
    (file as WithPath).path || file.webkitRelativePath || file.name || 'file';
  const parts = raw
    .replaceAll('\\', '/')
    .split('/')
    .filter((part) => part !== '' && part !== '.' && part !== '..');
  return parts.length ? parts.join('/') : 'file';
}

/** `trip/cleaned_IMG_0042.HEIC` for `trip/IMG_0042.HEIC` cleaned as `cleaned_IMG_0042.HEIC`. */
export function besideName(path: string, name: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? name : `${path.slice(0, slash + 1)}${name}`;
}

/** The name with ` (n)` before its extension: `a (2).jpg`, as file managers name copies. */
export function numbered(path: string, n: number): string {
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  const cut = dot > slash + 1 ? dot : path.length;
  return `${path.slice(0, cut)} (${n})${path.slice(cut)}`;
}

/** Each path made unique in the list, case-insensitively (as most file systems compare names). */
export function uniquePaths(paths: readonly string[]): string[] {
  const taken = new Set<string>();
  return paths.map((path) => {
    let candidate = path;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++)
      candidate = numbered(path, n);
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}
