import { entryForName } from './accepted-types';

/** System files a folder drop carries along; dropped silently, neither kept nor refused. */
const IGNORED_NAMES: ReadonlySet<string> = new Set(['.DS_Store', 'Thumbs.db']);

export function isIgnoredFile(file: File): boolean {
  return IGNORED_NAMES.has(file.name);
}

/** The file's MIME type, or one guessed from its extension when the browser gave none. */
export function mimeOf(file: File): string {
  return file.type || entryForName(file.name)?.mime || '';
}

const BYTES_PER_MB = 1024 * 1024;

/** Megabytes for display (two decimals), in the same unit as the 100 MB limit. */
export function toMegabytes(bytes: number): number {
  return bytes / BYTES_PER_MB;
}

/** Intl options for a file's size in MB with two decimals. */
export const MEGABYTES_FORMAT = {
  style: 'unit',
  unit: 'megabyte',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
} as const;
