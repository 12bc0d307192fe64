/** Turns an analysis into same-size patches: Voids over the targets, then fresh CRC-32 values. */
import type { ByteSource } from '../../byte-source';
import { applyPatches, type Patch } from '../../shared/in-place';
import type { Analysis, CrcSite } from './targets';
import { crc32 } from '../../shared/crc32';
import { voidElement } from './ebml';

const CRC_BYTES = 4;
/** Masters larger than this (attachments with big fonts) get their CRC-32 voided, not recomputed. */
const MAX_CRC_CONTENT_BYTES = 8 * 1024 * 1024;

export async function matroskaPatches(
  src: ByteSource,
  analysis: Analysis,
): Promise<Patch[]> {
  const patches: Patch[] = analysis.targets.map(({ element, replacement }) =>
    replacement
      ? { offset: element.dataOffset, data: replacement }
      : {
          offset: element.offset,
          data: voidElement(element.end - element.offset),
        },
  );
  // Inner masters first: their CRC-32 bytes are part of their parent's checked data.
  const sites = [...analysis.crcSites].sort((a, b) => b.depth - a.depth);
  for (const site of sites) patches.push(await crcPatch(src, site, patches));
  return patches;
}

async function crcPatch(
  src: ByteSource,
  { crc, master }: CrcSite,
  patches: readonly Patch[],
): Promise<Patch> {
  const length = master.end - crc.end;
  if (crc.size !== CRC_BYTES || length > MAX_CRC_CONTENT_BYTES) {
    return { offset: crc.offset, data: voidElement(crc.end - crc.offset) };
  }
  const content = applyPatches(
    await src.readExact(crc.end, length),
    crc.end,
    patches,
  );
  const value = new Uint8Array(CRC_BYTES);
  new DataView(value.buffer).setUint32(0, crc32(content), true);
  return { offset: crc.dataOffset, data: value };
}
