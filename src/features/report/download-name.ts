import type { Sniffed } from '../../../workers/engine/index';
import { extensionOf } from '../../catalog/accepted-types';
import { misleadingExtension } from './groups';

/**
 * The clean copy's name: the engine's `cleaned_<name>`, with the real type's extension when the
 * original name's extension lied (a PNG named `.jpg` downloads as `cleaned_x.png`), so the
 * visitor's system opens it with the right program.
 */
export function downloadName(
  cleanedName: string,
  originalName: string,
  format: Sniffed,
): string {
  if (misleadingExtension(originalName, format) === null) return cleanedName;
  const ext = extensionOf(cleanedName);
  const stem = ext ? cleanedName.slice(0, -(ext.length + 1)) : cleanedName;
  return `${stem}.${format.extension}`;
}
