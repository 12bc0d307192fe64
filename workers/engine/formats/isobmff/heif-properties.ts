/**
 * What HEIF keeps on purpose, for the report: the ICC profile (colr), rotation (irot) and mirroring
 * (imir), ISO/IEC 23008-12 6.5.5, 6.5.10, 6.5.12. They live in iprp/ipco; only the ICC profile's
 * words (metadata/icc-text.ts) are zeroed there, in place, and an HEVC configuration's SEI user
 * data (an encoder's version and options, hevc-sei.ts) blanked.
 */
import { fourcc, u8 } from '../../bytes';
import { finding, keptFinding, type Finding } from '../../findings';
import { childrenOf, firstChild, payloadBytes, type Box } from './box';
import type { Region } from './region';
import { scrubIccText } from '../../metadata/icc-text';
import { blankHvcCUserData } from './hevc-sei';

const QUARTER_TURN_DEGREES = 90;
const ANGLE_MASK = 0x3;
const ICC_COLOUR_TYPES = new Set(['prof', 'rICC']);
/** colr: colour_type (4 bytes), then the profile (14496-12 12.1.5). */
const COLOUR_TYPE_BYTES = 4;
const WHERE = 'meta/iprp/ipco';

/** Zeroes the profile's words in the region's copy; what they said, for the report. */
function scrubProfile(region: Region, colr: Box): Finding[] {
  const at = colr.payload + COLOUR_TYPE_BYTES;
  const profile = region.bytes.subarray(
    at - region.base,
    colr.end - region.base,
  );
  const scrubbed = scrubIccText(profile, WHERE);
  if (scrubbed.profile) region.write(scrubbed.profile, at);
  return scrubbed.findings;
}

/** What HEIF keeps on purpose: the ICC profile, rotation and mirroring (23008-12 6.5.5, 6.5.10, 6.5.12). */
export function keptProperties(
  region: Region,
  iprp: Box | undefined,
): Finding[] {
  if (!iprp) return [];
  const ipco = firstChild(childrenOf(region.bytes, region.base, iprp), 'ipco');
  if (!ipco) return [];
  return childrenOf(region.bytes, region.base, ipco).flatMap((p): Finding[] => {
    const payload = payloadBytes(region.bytes, region.base, p);
    if (p.type === 'colr' && ICC_COLOUR_TYPES.has(fourcc(payload, 0)))
      return [
        keptFinding(
          'image.color-profile',
          'colr ICC profile',
          WHERE,
          'color-profile',
        ),
        ...scrubProfile(region, p),
      ];
    if (p.type === 'hvcC') return blankHvcCUserData(region, p, `${WHERE}/hvcC`);
    if (p.type === 'irot') {
      const degrees = (u8(payload, 0) & ANGLE_MASK) * QUARTER_TURN_DEGREES;
      if (degrees === 0) return [];
      return [
        finding(
          'image.orientation',
          'irot',
          'meta/iprp/ipco',
          `${degrees}°`,
          'orientation',
        ),
      ];
    }
    if (p.type === 'imir')
      return [
        finding(
          'image.orientation',
          'imir',
          'meta/iprp/ipco',
          'mirrored',
          'orientation',
        ),
      ];
    return [];
  });
}
