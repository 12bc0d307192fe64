/**
 * HEIF item information (iinf/infe, ISO/IEC 14496-12 8.11.6) and item locations (iloc, 8.11.3):
 * enough to find the Exif and XMP items, their bytes, and the item_type field used to hide them.
 */
import { decodeText, fourcc, u16be, u32be, u64be, u8 } from '../../bytes';
import { corrupt } from '../../errors';
import { MAX_ENTRIES } from '../../limits';
import {
  FULL_BOX_BYTES,
  childBoxes,
  payloadBytes,
  type Box,
  type View,
} from './box';

export interface ItemInfo {
  readonly id: number;
  /** Empty for infe versions 0 and 1, which have no item_type. */
  readonly type: string;
  /** File offset of the item_type field (infe version 2 and 3). */
  readonly typeOffset: number;
  readonly contentType: string;
  /** The item_name's bytes in the file, its terminating NUL left out. */
  readonly name: { readonly start: number; readonly end: number };
}

export interface Extent {
  readonly offset: number;
  readonly length: number;
}

export interface ItemLocation {
  readonly method: number;
  readonly dataReference: number;
  readonly extents: readonly Extent[];
}

const INFE_TYPED_VERSION = 2;
const INFE_32BIT_ID_VERSION = 3;
const NUL = 0;

function cString(bytes: Uint8Array, at: number): [string, number] {
  let end = at;
  while (end < bytes.length && bytes[end] !== NUL) end++;
  return [decodeText(bytes.subarray(at, end)), end + 1];
}

/** File offsets of a name read from `at` to its NUL (`after` is past it), within the payload. */
function nameRange(infe: Box, at: number, after: number, length: number) {
  const end = Math.min(after - 1, length);
  return { start: infe.payload + at, end: infe.payload + Math.max(at, end) };
}

function readInfe(view: View, infe: Box): ItemInfo {
  const payload = payloadBytes(view.bytes, view.base, infe);
  const version = u8(payload, 0);
  if (version < INFE_TYPED_VERSION) {
    const id = u16be(payload, FULL_BOX_BYTES);
    const nameAt = FULL_BOX_BYTES + 4;
    const [, afterName] = cString(payload, nameAt);
    const [contentType] = cString(payload, afterName);
    const name = nameRange(infe, nameAt, afterName, payload.length);
    return { id, type: '', typeOffset: -1, contentType, name };
  }
  const wide = version >= INFE_32BIT_ID_VERSION;
  const id = wide
    ? u32be(payload, FULL_BOX_BYTES)
    : u16be(payload, FULL_BOX_BYTES);
  const typeAt = FULL_BOX_BYTES + (wide ? 4 : 2) + 2;
  const type = fourcc(payload, typeAt);
  const nameAt = typeAt + 4;
  const [, afterName] = cString(payload, nameAt);
  const contentType = type === 'mime' ? cString(payload, afterName)[0] : '';
  const name = nameRange(infe, nameAt, afterName, payload.length);
  return { id, type, typeOffset: infe.payload + typeAt, contentType, name };
}

export function readItemInfos(view: View, iinf: Box): ItemInfo[] {
  const payload = payloadBytes(view.bytes, view.base, iinf);
  const countBytes = u8(payload, 0) === 0 ? 2 : 4;
  const first = iinf.payload + FULL_BOX_BYTES + countBytes;
  return childBoxes(view.bytes, view.base, first, iinf.end)
    .filter((b) => b.type === 'infe')
    .map((infe) => readInfe(view, infe));
}

function sized(bytes: Uint8Array, at: number, size: number): number {
  if (size === 0) return 0;
  if (size === 4) return u32be(bytes, at);
  if (size === 8) return u64be(bytes, at);
  throw corrupt(`iloc field size ${size}`);
}

/** item_ID -> where its bytes are (8.11.3.3). */
export function readItemLocations(
  view: View,
  iloc: Box,
): Map<number, ItemLocation> {
  const p = payloadBytes(view.bytes, view.base, iloc);
  const version = u8(p, 0);
  const offsetSize = u8(p, 4) >> 4;
  const lengthSize = u8(p, 4) & 0xf;
  const baseSize = u8(p, 5) >> 4;
  const indexSize = version === 1 || version === 2 ? u8(p, 5) & 0xf : 0;
  const wide = version === 2;
  let at = FULL_BOX_BYTES + 2;
  const count = wide ? u32be(p, at) : u16be(p, at);
  at += wide ? 4 : 2;
  if (count > MAX_ENTRIES) throw corrupt(`iloc claims ${count} items`);
  const items = new Map<number, ItemLocation>();
  let totalExtents = 0;
  for (let i = 0; i < count; i++) {
    const id = wide ? u32be(p, at) : u16be(p, at);
    at += wide ? 4 : 2;
    const method = version === 0 ? 0 : u16be(p, at) & 0xf;
    if (version !== 0) at += 2;
    const dataReference = u16be(p, at);
    const base = sized(p, at + 2, baseSize);
    at += 2 + baseSize;
    const extentCount = u16be(p, at);
    at += 2;
    totalExtents += extentCount;
    if (totalExtents > MAX_ENTRIES) throw corrupt('iloc has too many extents');
    const extents: Extent[] = [];
    for (let e = 0; e < extentCount; e++) {
      at += indexSize;
      const offset = base + sized(p, at, offsetSize);
      const length = sized(p, at + offsetSize, lengthSize);
      at += offsetSize + lengthSize;
      extents.push({ offset, length });
    }
    if (at > p.length) throw corrupt('iloc runs past its box');
    items.set(id, { method, dataReference, extents });
  }
  return items;
}
