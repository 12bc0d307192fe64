/** Which PNG chunks stay and why (PNG spec, 4.3 and 11; APNG spec for acTL, fcTL, fdAT). */
import { isCritical } from './chunks';

/** Critical chunks a decoder must understand (PNG spec, 5.6). */
const CRITICAL = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND']);

/**
 * Ancillary chunks that change how the image looks or plays: colour space, transparency,
 * physical size, background, HDR levels, and APNG animation. Everything else ancillary (text,
 * time, EXIF, private chunks) is dropped.
 */
const RENDERING = new Set([
  'iCCP',
  'sRGB',
  'gAMA',
  'cHRM',
  'sBIT',
  'cICP',
  'mDCV',
  'cLLI',
  'tRNS',
  'pHYs',
  'bKGD',
  'hIST',
  'sTER',
  'acTL',
  'fcTL',
  'fdAT',
]);

export type ChunkRole =
  'keep' | 'text' | 'exif' | 'time' | 'other-metadata' | 'unknown-critical';

export const TEXT_CHUNKS = new Set(['tEXt', 'zTXt', 'iTXt']);

export function chunkRole(type: string): ChunkRole {
  if (CRITICAL.has(type) || RENDERING.has(type)) return 'keep';
  if (isCritical(type)) return 'unknown-critical';
  if (TEXT_CHUNKS.has(type)) return 'text';
  if (type === 'eXIf') return 'exif';
  if (type === 'tIME') return 'time';
  return 'other-metadata';
}
