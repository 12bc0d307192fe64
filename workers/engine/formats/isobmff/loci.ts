/**
 * The 3GPP location box `loci` (3GPP TS 26.244, LocationInformationBox): after the FullBox
 * header, a language code, a NUL-terminated place name, a role byte, then longitude, latitude and
 * altitude as signed 16.16 fixed point.
 */
import { decodeText, u32be } from '../../bytes';
import { finding, type Finding } from '../../findings';

const LANGUAGE_AT = 4;
const NAME_AT = 6;
const ROLE_BYTES = 1;
const FIXED_16_16_ONE = 0x10000;
const DECIMALS = 6;

export function lociFinding(payload: Uint8Array, path: string): Finding {
  let end = NAME_AT;
  while (end < payload.length && payload[end] !== 0) end++;
  const name = decodeText(payload.subarray(NAME_AT, end));
  const at = end + 1 + ROLE_BYTES;
  if (at + 8 > payload.length || LANGUAGE_AT > payload.length)
    return finding('place.name', 'loci', path, name || undefined);
  const longitude = (u32be(payload, at) | 0) / FIXED_16_16_ONE;
  const latitude = (u32be(payload, at + 4) | 0) / FIXED_16_16_ONE;
  const point = `${latitude.toFixed(DECIMALS)}, ${longitude.toFixed(DECIMALS)}`;
  return finding(
    'gps.position',
    'loci',
    path,
    name ? `${point} (${name})` : point,
  );
}
