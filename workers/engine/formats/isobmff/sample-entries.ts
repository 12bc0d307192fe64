/**
 * Sample descriptions (stsd, ISO/IEC 14496-12 8.5.2) are kept for playback, except the encoder name
 * a VisualSampleEntry carries in `compressorname` (12.1.3: informative only), the SEI user data an
 * HEVC configuration (`hvcC`) carries (x265's version and options, hevc-sei.ts) and the reel name a
 * QuickTime timecode entry carries in its `name` atom (cameras write the reel's or card's name
 * there), which are blanked.
 */
import { decodeText, fourcc, u8 } from '../../bytes';
import { EngineError } from '../../errors';
import { finding, type Finding } from '../../findings';
import { FULL_BOX_BYTES, childBoxes, isZero, type Box } from './box';
import { blankHvcCUserData } from './hevc-sei';
import type { Region } from './region';

/** stsd: FullBox header, then entry_count, then the entries. */
const STSD_ENTRIES_AT = FULL_BOX_BYTES + 4;
/** From a VisualSampleEntry's start: header 8, SampleEntry 8, then 34 bytes of fixed fields. */
const COMPRESSOR_NAME_AT = 50;
const COMPRESSOR_NAME_BYTES = 32;
const VIDEO_HANDLER = 'vide';
/**
 * QuickTime File Format, Timecode sample description: header 8, reserved 6, data reference index
 * 2, reserved 4, flags 4, time scale 4, frame duration 4, number of frames 1, reserved 1; then
 * optional atoms, of which `name` (the source reference: string length 2, language 2, text).
 */
const TIMECODE_ATOMS_AT = 34;
const TIMECODE_ENTRY = 'tmcd';
const REEL_NAME_ATOM = 'name';
const REEL_NAME_TEXT_AT = 4;

export function sampleEntries(region: Region, stsd: Box | undefined): Box[] {
  if (!stsd) return [];
  return childBoxes(
    region.bytes,
    region.base,
    stsd.payload + STSD_ENTRIES_AT,
    stsd.end,
  );
}

export function firstEntryType(region: Region, stsd: Box | undefined): string {
  if (!stsd || stsd.end - stsd.payload < STSD_ENTRIES_AT + 8) return '';
  return fourcc(region.bytes, stsd.payload - region.base + STSD_ENTRIES_AT + 4);
}

/** Reports and blanks the compressorname of every visual sample entry of a video track. */
export function blankCompressorNames(
  region: Region,
  handler: string,
  stsd: Box | undefined,
  path: string,
  findings: Finding[],
): void {
  if (handler !== VIDEO_HANDLER) return;
  for (const entry of sampleEntries(region, stsd)) {
    const from = entry.start + COMPRESSOR_NAME_AT;
    const to = from + COMPRESSOR_NAME_BYTES;
    if (to > entry.end) continue;
    if (isZero(region.bytes, from - region.base, to - region.base)) continue;
    const length = Math.min(
      u8(region.bytes, from - region.base),
      COMPRESSOR_NAME_BYTES - 1,
    );
    const name = decodeText(
      region.bytes.subarray(
        from - region.base + 1,
        from - region.base + 1 + length,
      ),
    );
    findings.push(
      finding(
        'software.encoder',
        'compressorname',
        `${path}/${entry.type}`,
        name,
      ),
    );
    region.zero(from, to);
  }
}

/** A VisualSampleEntry's boxes follow its 70 bytes of fixed fields (12.1.3.2). */
const VISUAL_BOXES_AT = 86;
/** Sample entries of HEVC (14496-15 8.4.1, and Dolby Vision's), which carry an hvcC box. */
const HEVC_ENTRIES = new Set(['hvc1', 'hev1', 'hvc2', 'hev2', 'dvh1', 'dvhe']);

/** The boxes inside a visual sample entry; none when an entry of another codec holds no boxes. */
function visualEntryBoxes(region: Region, entry: Box): Box[] {
  try {
    return childBoxes(
      region.bytes,
      region.base,
      entry.start + VISUAL_BOXES_AT,
      entry.end,
    );
  } catch (error) {
    if (error instanceof EngineError && !HEVC_ENTRIES.has(entry.type))
      return [];
    throw error;
  }
}

/** Reports and blanks the SEI user data in every hvcC of a video track's sample entries. */
export function blankEncoderUserData(
  region: Region,
  handler: string,
  stsd: Box | undefined,
  path: string,
  findings: Finding[],
): void {
  if (handler !== VIDEO_HANDLER) return;
  for (const entry of sampleEntries(region, stsd)) {
    if (entry.end - entry.start <= VISUAL_BOXES_AT) continue;
    for (const box of visualEntryBoxes(region, entry))
      if (box.type === 'hvcC')
        findings.push(
          ...blankHvcCUserData(region, box, `${path}/${entry.type}/hvcC`),
        );
  }
}

/**
 * The atoms after a timecode entry's fixed fields, or none when those bytes are no atoms: they
 * were always kept with the description (a writer's own playback data), and a camera file whose
 * timecode entry ends oddly is no damaged file, so only a `name` atom that parses is blanked.
 */
function timecodeAtoms(region: Region, entry: Box): Box[] {
  try {
    return childBoxes(
      region.bytes,
      region.base,
      entry.start + TIMECODE_ATOMS_AT,
      entry.end,
    );
  } catch (error) {
    if (error instanceof EngineError) return [];
    throw error;
  }
}

/** Reports and blanks (length, language and text zeroed) a timecode entry's reel name. */
export function blankReelNames(
  region: Region,
  stsd: Box | undefined,
  path: string,
  findings: Finding[],
): void {
  for (const entry of sampleEntries(region, stsd)) {
    if (entry.type !== TIMECODE_ENTRY) continue;
    if (entry.end - entry.start <= TIMECODE_ATOMS_AT) continue;
    const atoms = timecodeAtoms(region, entry);
    for (const name of atoms.filter((a) => a.type === REEL_NAME_ATOM)) {
      const from = name.payload - region.base;
      if (isZero(region.bytes, from, name.end - region.base)) continue;
      const text = decodeText(
        region.bytes.subarray(from + REEL_NAME_TEXT_AT, name.end - region.base),
      );
      findings.push(
        finding(
          'identifier.detail',
          'tmcd name',
          `${path}/${entry.type}/${name.type}`,
          text,
        ),
      );
      region.zero(name.payload, name.end);
    }
  }
}
