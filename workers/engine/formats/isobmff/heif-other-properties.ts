/**
 * HEIF item properties (iprp/ipco, ISO/IEC 23008-12 6.5) other than the picture's: a user's
 * description and tags (`udes`), creation and modification times (`crtt`, `mdft`), accessibility
 * text (`altt`), and any property no rule knows (a vendor's, a camera's matrices). Each becomes a
 * `free` box of the same size with a zeroed payload (a `free` or `skip` one already there is
 * emptied, whatever an editor left in it), so every ipma index stays right (14496-12
 * 8.1.2). A property some item marks essential (ipma, 8.11.14) is needed to show the item, so one
 * of an unknown type fails as `unsupported` instead.
 */
import { u16be, u32be, u8 } from '../../bytes';
import { EngineError, corrupt } from '../../errors';
import type { FieldId } from '../../fields';
import { finding, type Finding } from '../../findings';
import { FULL_BOX_BYTES, childrenOf, payloadBytes, type Box } from './box';
import { FREE_SPACE_TYPES, emptyFreeBox } from './free-contents';
import type { Region } from './region';

const WHERE = 'meta/iprp/ipco';
/**
 * What a decoder or renderer reads (23008-12 6.5 and the codec specifications): decoder
 * configurations, sizes, channels, colour (its ICC words scrubbed apart), crop, rotation,
 * mirroring, aspect, auxiliary type (alpha, depth, gain map), layers and operating points, HDR
 * light and mastering levels, uncompressed layouts.
 */
const PICTURE_PROPERTIES = new Set([
  'hvcC',
  'lhvC',
  'avcC',
  'av1C',
  'vvcC',
  'vvnC',
  'evcC',
  'jpgC',
  'j2kH',
  'ispe',
  'pixi',
  'colr',
  'clap',
  'irot',
  'imir',
  'pasp',
  'auxC',
  'rloc',
  'lsel',
  'oinf',
  'tols',
  'a1op',
  'a1lx',
  'clli',
  'mdcv',
  'cclv',
  'amve',
  'reve',
  'uncC',
  'cmpd',
  'cpal',
  'splz',
  'sbpm',
  'snuc',
  'cloc',
]);
/** Properties that hold metadata (23008-12 6.5.20 to 6.5.23). */
const METADATA_PROPERTIES: Readonly<Record<string, FieldId>> = {
  udes: 'content.description',
  crtt: 'time.created',
  mdft: 'time.modified',
  altt: 'content.description',
};
const ESSENTIAL_SMALL = 0x80;
const ESSENTIAL_LARGE = 0x8000;
const LARGE_INDEX_FLAG = 1;

/** The 1-based ipco indices some item's association marks essential (ipma, 8.11.14). */
function essentialIndices(region: Region, ipmas: readonly Box[]): Set<number> {
  const essential = new Set<number>();
  for (const ipma of ipmas) {
    const p = payloadBytes(region.bytes, region.base, ipma);
    const version = u8(p, 0);
    const large = (u32be(p, 0) & LARGE_INDEX_FLAG) !== 0;
    const count = u32be(p, FULL_BOX_BYTES);
    let at = FULL_BOX_BYTES + 4;
    for (let i = 0; i < count; i++) {
      at += version < 1 ? 2 : 4;
      if (at >= p.length) throw corrupt('ipma runs past its box');
      const associations = u8(p, at);
      at += 1;
      for (let a = 0; a < associations; a++) {
        if (at + (large ? 2 : 1) > p.length)
          throw corrupt('ipma runs past its box');
        if (large) {
          const v = u16be(p, at);
          if (v & ESSENTIAL_LARGE) essential.add(v & ~ESSENTIAL_LARGE);
        } else {
          const v = u8(p, at);
          if (v & ESSENTIAL_SMALL) essential.add(v & ~ESSENTIAL_SMALL);
        }
        at += large ? 2 : 1;
      }
    }
  }
  return essential;
}

/** Frees the properties that are not the picture's, in the region's copy; what they were. */
export function freeOtherProperties(
  region: Region,
  iprp: Box | undefined,
): Finding[] {
  if (!iprp) return [];
  const parts = childrenOf(region.bytes, region.base, iprp);
  const ipco = parts.find((b) => b.type === 'ipco');
  if (!ipco) return [];
  const essential = essentialIndices(
    region,
    parts.filter((b) => b.type === 'ipma'),
  );
  const found: Finding[] = [];
  childrenOf(region.bytes, region.base, ipco).forEach((property, i) => {
    if (PICTURE_PROPERTIES.has(property.type)) return;
    if (FREE_SPACE_TYPES.has(property.type)) {
      const emptied = emptyFreeBox(region, property, WHERE);
      if (emptied) found.push(emptied);
      return;
    }
    const field = METADATA_PROPERTIES[property.type];
    if (!field && essential.has(i + 1))
      throw new EngineError(
        'unsupported',
        `essential item property of unknown type '${property.type}'`,
      );
    found.push(
      field
        ? finding(field, property.type, WHERE)
        : finding('other.data', property.type, WHERE, 'unknown property'),
    );
    region.free(property);
  });
  return found;
}
