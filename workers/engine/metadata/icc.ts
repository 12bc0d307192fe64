/**
 * The description of an ICC profile (ICC.1:2010 sections 7.2-7.3 and 10.13, ICC v2 `desc`), so the
 * report can say which colour profile was kept ("sRGB IEC61966-2.1"). Never throws: a profile cut
 * across JPEG chunks or damaged simply has no description.
 */
import { decodeLatin1, fourcc, u32be } from '../bytes';
import { finding, type Finding } from '../findings';

const HEADER_BYTES = 128;
const TAG_ENTRY_BYTES = 12;
/** More tags than any real profile has; bounds the walk of a hostile table. */
const MAX_TAGS = 256;
const DESCRIPTION_TAG = 'desc';
/** `desc` type (v2): signature, reserved, ASCII length, ASCII text. */
const TEXT_DESCRIPTION_AT = 12;
/** `mluc` type (v4): signature, reserved, record count, record size, then records. */
const MLUC_FIRST_RECORD_AT = 16;
const MLUC_LENGTH_AT = 4;
const MLUC_OFFSET_AT = 8;
const MAX_DESCRIPTION_BYTES = 256;

function textDescription(profile: Uint8Array, at: number): string | undefined {
  const length = Math.min(u32be(profile, at + 8), MAX_DESCRIPTION_BYTES);
  const start = at + TEXT_DESCRIPTION_AT;
  if (start + length > profile.length) return undefined;
  return decodeLatin1(profile.subarray(start, start + length)) || undefined;
}

function mlucDescription(profile: Uint8Array, at: number): string | undefined {
  const record = at + MLUC_FIRST_RECORD_AT;
  const length = Math.min(
    u32be(profile, record + MLUC_LENGTH_AT),
    MAX_DESCRIPTION_BYTES,
  );
  const start = at + u32be(profile, record + MLUC_OFFSET_AT);
  if (start + length > profile.length) return undefined;
  const text = new TextDecoder('utf-16be').decode(
    profile.subarray(start, start + length),
  );
  return text.replace(/\0+$/, '').trim() || undefined;
}

function describe(profile: Uint8Array): string | undefined {
  const count = Math.min(u32be(profile, HEADER_BYTES), MAX_TAGS);
  for (let i = 0; i < count; i++) {
    const entry = HEADER_BYTES + 4 + i * TAG_ENTRY_BYTES;
    if (fourcc(profile, entry) !== DESCRIPTION_TAG) continue;
    const at = u32be(profile, entry + 4);
    const type = fourcc(profile, at);
    if (type === 'desc') return textDescription(profile, at);
    if (type === 'mluc') return mlucDescription(profile, at);
    return undefined;
  }
  return undefined;
}

/** The profile's description, or undefined when it cannot be read from these bytes. */
export function iccDescription(profile: Uint8Array): string | undefined {
  try {
    return describe(profile);
  } catch {
    // A bounds-checked read ran past a truncated profile: no description, not an error.
    return undefined;
  }
}

/** The kept-on-purpose finding for an ICC profile, with its description when readable. */
export function iccProfileFinding(
  profile: Uint8Array,
  location: string,
): Finding {
  const label = 'ICC_Profile';
  return finding(
    'image.color-profile',
    label,
    location,
    iccDescription(profile),
    'color-profile',
  );
}
