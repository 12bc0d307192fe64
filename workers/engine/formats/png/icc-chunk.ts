/**
 * The iCCP chunk (PNG specification 11.3.3.3): a profile name (1-79 Latin-1 characters), a NUL,
 * compression method 0, and the profile as a zlib stream. The profile's words are zeroed as in
 * every photo (metadata/icc-text.ts) and a name that is not a usual one ("ICC profile") is
 * replaced by it, since a program may name the profile after its owner; the chunk is then written
 * again with the profile compressed anew. A profile that cannot be inflated cannot be checked.
 */
import { zlibSync } from 'fflate';
import { ascii, concatBytes, decodeLatin1, writeU32be } from '../../bytes';
import { corrupt } from '../../errors';
import { finding, type Finding } from '../../findings';
import { MAX_METADATA_BYTES } from '../../limits';
import { scrubIccText } from '../../metadata/icc-text';
import { crc32 } from '../../shared/crc32';
import { inflateLimited } from '../../shared/inflate';

const ICCP_TYPE = ascii('iCCP');
const DEFAULT_NAME = 'ICC profile';
/** Names that libpng, GIMP, Photoshop, ImageMagick and browsers' encoders write. */
const USUAL_NAMES = new Set([
  DEFAULT_NAME,
  'ICC Profile',
  'icc',
  'ICC',
  'Photoshop ICC profile',
  'Embedded Profile',
  'sRGB',
  'sRGB IEC61966-2.1',
  'GIMP built-in sRGB',
  'Display P3',
]);
const LENGTH_BYTES = 4;
const CRC_BYTES = 4;

export interface IccChunk {
  readonly findings: Finding[];
  /** The whole chunk written again, or null when it stays as it is. */
  readonly bytes: Uint8Array | null;
}

function chunkBytes(data: Uint8Array): Uint8Array {
  const body = concatBytes([ICCP_TYPE, data]);
  const length = new Uint8Array(LENGTH_BYTES);
  const crc = new Uint8Array(CRC_BYTES);
  writeU32be(length, 0, data.length);
  writeU32be(crc, 0, crc32(body));
  return concatBytes([length, body, crc]);
}

export function cleanIccChunk(data: Uint8Array): IccChunk {
  const nul = data.indexOf(0);
  if (nul < 1 || nul + 2 > data.length) throw corrupt('iCCP without a name');
  const name = decodeLatin1(data.subarray(0, nul));
  const profile = inflateLimited(data.subarray(nul + 2), MAX_METADATA_BYTES);
  const scrubbed = scrubIccText(profile, 'iCCP');
  const usualName = USUAL_NAMES.has(name);
  if (usualName && !scrubbed.profile)
    return { findings: scrubbed.findings, bytes: null };
  const findings = usualName
    ? scrubbed.findings
    : [
        finding('content.description', 'iCCP name', 'iCCP', name),
        ...scrubbed.findings,
      ];
  const rewritten = concatBytes([
    ascii(usualName ? name : DEFAULT_NAME),
    new Uint8Array(2),
    zlibSync(scrubbed.profile ?? profile),
  ]);
  return { findings, bytes: chunkBytes(rewritten) };
}
