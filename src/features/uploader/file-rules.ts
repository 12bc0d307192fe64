import { entryForName } from '../../catalog/accepted-types';

/** System files a folder drop carries along; dropped silently, neither kept nor refused. */
const IGNORED_NAMES: ReadonlySet<string> = new Set(['.DS_Store', 'Thumbs.db']);

export function isIgnoredFile(file: File): boolean {
  return IGNORED_NAMES.has(file.name);
}

/** The file's MIME type, or one guessed from its extension when the browser gave none. */
export function mimeOf(file: File): string {
  return file.type || entryForName(file.name)?.mime || '';
}
