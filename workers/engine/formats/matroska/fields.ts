/** Reading the small leaf values the report shows: text, dates, ids. */
import { decodeText } from '../../bytes';
import type { Element } from './ebml';
import { readSignedBig } from './ebml';
import type { EbmlCursor } from './cursor';

/** Leaf values longer than this are shown cut; the element is still voided whole. */
const MAX_SHOWN_BYTES = 4096;
/** Matroska dates count nanoseconds from 2001-01-01T00:00:00 UTC (RFC 9559 5.1.2.3). */
const MATROSKA_EPOCH_MS = Date.UTC(2001, 0, 1);
const NANOS_PER_MS = 1_000_000n;
const DATE_BYTES = 8;

export async function leafBytes(
  cursor: EbmlCursor,
  element: Element,
): Promise<Uint8Array> {
  const length = Math.min(element.end - element.dataOffset, MAX_SHOWN_BYTES);
  return cursor.src.readExact(element.dataOffset, length);
}

export async function leafText(
  cursor: EbmlCursor,
  element: Element,
): Promise<string> {
  return decodeText(await leafBytes(cursor, element));
}

export async function leafDate(
  cursor: EbmlCursor,
  element: Element,
): Promise<string> {
  const bytes = await leafBytes(cursor, element);
  if (bytes.length !== DATE_BYTES) return '';
  const ms = MATROSKA_EPOCH_MS + Number(readSignedBig(bytes) / NANOS_PER_MS);
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

export async function leafHex(
  cursor: EbmlCursor,
  element: Element,
): Promise<string> {
  const bytes = await leafBytes(cursor, element);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** How the report names an element no rule knows: by its id, as the file writes it. */
export const unknownElementLabel = (id: number): string =>
  `element 0x${id.toString(16).toUpperCase()}`;
