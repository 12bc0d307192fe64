/**
 * Which HEIF items the picture is made of: the primary item (pitm, ISO/IEC 14496-12 8.11.4) and
 * every item a derived image takes as input (`dimg` references in iref, 8.11.12; 23008-12
 * 6.6.1). An item of a type no rule knows may be hidden only when it is none of these.
 */
import { u16be, u32be, u8 } from '../../bytes';
import { corrupt } from '../../errors';
import {
  FULL_BOX_BYTES,
  childBoxes,
  firstChild,
  payloadBytes,
  type Box,
} from './box';
import type { Region } from './region';

const DERIVED_IMAGE_INPUT = 'dimg';

const idAt = (bytes: Uint8Array, at: number, wide: boolean) =>
  wide ? u32be(bytes, at) : u16be(bytes, at);

/** The primary item's id, and every item a `dimg` reference names as an input. */
export function pictureItems(
  region: Region,
  children: readonly Box[],
): Set<number> {
  const ids = new Set<number>();
  const pitm = firstChild(children, 'pitm');
  if (pitm) {
    const p = payloadBytes(region.bytes, region.base, pitm);
    const wide = p.length > 0 && u8(p, 0) !== 0;
    if (p.length < FULL_BOX_BYTES + (wide ? 4 : 2))
      throw corrupt('pitm too short');
    ids.add(idAt(p, FULL_BOX_BYTES, wide));
  }
  const iref = firstChild(children, 'iref');
  if (!iref) return ids;
  const wide = u8(region.bytes, iref.payload - region.base) !== 0;
  const idBytes = wide ? 4 : 2;
  for (const ref of childBoxes(
    region.bytes,
    region.base,
    iref.payload + FULL_BOX_BYTES,
    iref.end,
  )) {
    if (ref.type !== DERIVED_IMAGE_INPUT) continue;
    const p = payloadBytes(region.bytes, region.base, ref);
    if (p.length < idBytes + 2) throw corrupt('dimg reference too short');
    const count = u16be(p, idBytes);
    if (p.length < idBytes + 2 + count * idBytes)
      throw corrupt('dimg reference runs past its box');
    for (let i = 0; i < count; i++)
      ids.add(idAt(p, idBytes + 2 + i * idBytes, wide));
  }
  return ids;
}
