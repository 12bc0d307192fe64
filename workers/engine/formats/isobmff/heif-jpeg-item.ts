/**
 * A HEIF `jpeg` item (ISO/IEC 23008-12 Annex H) holds a whole JPEG file: a camera's or converter's
 * thumbnail or preview, or the picture itself, with its own EXIF (GPS, device), XMP and comments.
 * It is cleaned by the JPEG module through the nested engine and written back where it lies,
 * zero-padded to its old length, so no iloc entry or offset changes; a JPEG ends at its EOI
 * marker, so decoders stop before the zeros, and zeros after it are padding a clean may have
 * written, not handed to the module. A JPEG that would grow when cleaned fails the clean.
 */
import { startsWith } from '../../bytes';
import { EngineError, placedError } from '../../errors';
import { relocated, removable, type Finding } from '../../findings';
import type { NestedEngine } from '../../format-module';

const JPEG_START = [0xff, 0xd8, 0xff];

export interface JpegItemPlan {
  readonly findings: Finding[];
  /** The item's bytes as they are to be (its length), or null when nothing was removed. */
  readonly replacement: Uint8Array | null;
}

/** The JPEG without the zeros a clean padded it with. */
function withoutPadding(bytes: Uint8Array): Uint8Array {
  if (!startsWith(bytes, JPEG_START)) return bytes;
  let end = bytes.length;
  while (end > 0 && bytes[end - 1] === 0) end--;
  return bytes.subarray(0, end);
}

/** Cleans the JPEG a `jpeg` item holds; its findings are named after the item. */
export async function planJpegItem(
  data: Uint8Array,
  id: number,
  where: string,
  nested: NestedEngine,
): Promise<JpegItemPlan> {
  let cleaned;
  try {
    cleaned = await nested.clean(withoutPadding(data));
  } catch (error) {
    throw placedError(error, where);
  }
  const findings = relocated(cleaned.findings, where, {
    name: `item ${id}`,
    kind: 'image',
  });
  if (!cleaned.findings.some(removable)) return { findings, replacement: null };
  if (cleaned.bytes.length > data.length)
    throw new EngineError('unsupported', `${where}: grows when cleaned`);
  const replacement = new Uint8Array(data.length);
  replacement.set(cleaned.bytes);
  return { findings, replacement };
}
