import { u32le } from '../bytes';
import type { FormatModule } from '../format-module';
import { finding, keptFinding, type Finding } from '../findings';
import { corrupt, EngineError } from '../errors';
import type { ByteSource } from '../byte-source';
import { MAX_METADATA_BYTES } from '../limits';
import { scrubIccText } from '../metadata/icc-text';
import { patchPlan, type Patch } from '../shared/in-place';
import { bmpSniffer, FILE_HEADER_BYTES } from './bmp/sniff';

const PIXEL_OFFSET_AT = 10;
const V5_HEADER_BYTES = 124;
/** BITMAPV5HEADER fields (relative to the DIB header): bV5CSType, bV5ProfileData, bV5ProfileSize. */
const CS_TYPE_AT = 56;
const PROFILE_DATA_AT = 112;
const PROFILE_SIZE_AT = 116;
const PROFILE_EMBEDDED = 0x4d424544;
/** A linked profile is a file name (often a full Windows path) that says who made the file where. */
const PROFILE_LINKED = 0x4c494e4b;
const PROFILE_WHERE = 'BITMAPV5HEADER';

interface Profile {
  readonly kind: 'embedded' | 'linked';
  readonly start: number;
  readonly size: number;
}

async function readProfile(src: ByteSource): Promise<Profile | null> {
  const head = await src.readExact(0, FILE_HEADER_BYTES + 4);
  if (u32le(head, PIXEL_OFFSET_AT) > src.size)
    throw corrupt('BMP pixel data offset past the file');
  if (u32le(head, FILE_HEADER_BYTES) !== V5_HEADER_BYTES) return null;
  const dib = await src.readExact(FILE_HEADER_BYTES, V5_HEADER_BYTES);
  const csType = u32le(dib, CS_TYPE_AT);
  if (csType !== PROFILE_EMBEDDED && csType !== PROFILE_LINKED) return null;
  const start = FILE_HEADER_BYTES + u32le(dib, PROFILE_DATA_AT);
  const size = u32le(dib, PROFILE_SIZE_AT);
  if (start + size > src.size)
    throw corrupt('BMP colour profile past the file');
  return {
    kind: csType === PROFILE_EMBEDDED ? 'embedded' : 'linked',
    start,
    size,
  };
}

/** The linked profile's file name, or '' when the field is already blank. */
async function linkedPath(src: ByteSource, profile: Profile): Promise<string> {
  const bytes = await src.read(profile.start, profile.size);
  const text = new TextDecoder('windows-1252').decode(bytes);
  return text.replace(/\0+/g, ' ').trim();
}

/** An embedded profile's words (metadata/icc-text.ts): what they said, and the patch zeroing them. */
async function embeddedWords(
  src: ByteSource,
  profile: Profile,
): Promise<{ findings: Finding[]; patches: Patch[] }> {
  if (profile.size > MAX_METADATA_BYTES)
    throw new EngineError('too-large', 'BMP colour profile too large');
  const scrubbed = scrubIccText(
    await src.readExact(profile.start, profile.size),
    PROFILE_WHERE,
  );
  return {
    findings: scrubbed.findings,
    patches: scrubbed.profile
      ? [{ offset: profile.start, data: scrubbed.profile }]
      : [],
  };
}

async function bmpFindings(
  src: ByteSource,
  profile: Profile | null,
): Promise<Finding[]> {
  if (profile?.kind === 'embedded')
    return [
      keptFinding(
        'image.color-profile',
        'ICC profile',
        PROFILE_WHERE,
        'color-profile',
      ),
    ];
  if (profile?.kind !== 'linked') return [];
  const path = await linkedPath(src, profile);
  return path
    ? [finding('identifier.file-name', 'linked profile', PROFILE_WHERE, path)]
    : [];
}

/**
 * BMP has no metadata field: the output is the input, byte for byte, but for its colour profile.
 * A V5 linked profile's file name is blanked, and an embedded profile keeps its colours without
 * its words, as in every photo; both in place (same size, so nothing moves).
 */
export const bmp: FormatModule = {
  ...bmpSniffer,
  async analyze(src) {
    const profile = await readProfile(src);
    const words =
      profile?.kind === 'embedded'
        ? await embeddedWords(src, profile)
        : { findings: [], patches: [] };
    const patches: Patch[] =
      profile?.kind === 'linked'
        ? [{ offset: profile.start, data: new Uint8Array(profile.size) }]
        : words.patches;
    return {
      findings: [...(await bmpFindings(src, profile)), ...words.findings],
      plan: () => patchPlan(src.size, patches),
    };
  },
};
