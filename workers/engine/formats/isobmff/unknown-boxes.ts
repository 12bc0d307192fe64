/**
 * Top-level boxes of a type no specification this module reads defines: a vendor's trailer
 * (Samsung's `sefd`, a QuickTime `pnot`/`PICT` preview) or anything else a writer appended. What
 * is not recognised does not pass unexamined: each one that holds none of the movie's samples is
 * reported and becomes a `free` box of the same size with a zeroed payload, so no offset moves
 * (ISO/IEC 14496-12 8.1.2); one that does hold samples is media data and stays, opaque like mdat.
 */
import { ascii } from '../../bytes';
import { EngineError, isEngineError } from '../../errors';
import { finding, type Finding } from '../../findings';
import { MAX_METADATA_BYTES } from '../../limits';
import type { Patch } from '../../shared/in-place';
import type { Box } from './box';
import { dataRanges, holdsData } from './free-space';
import type { Region } from './region';
import { CONTAINER_TYPES } from './sweep';
import type { ByteRange } from './sample-table';

const COPYRIGHT_SIGN = 0xa9;
/** Offset of the four-character type after the 32-bit size (4.2). */
const TYPE_AT = 4;
const FREE_TYPE = ascii('free');
/**
 * Google's Motion Photo format keeps a HEIC's video in a top-level `mpvd` box: it goes as a
 * JPEG's appended video does (jpeg/trailer.ts), the still photo staying.
 */
const MOTION_PHOTO_VIDEO = 'mpvd';

/**
 * Samsung phones keep their trailer (a directory of named records: the capture time, the mobile
 * country code, a Motion Photo's video) in a top-level `sefd` box, as exiftool reads it: maker
 * notes, freed like any box no rule reads.
 */
const SAMSUNG_TRAILER = 'sefd';

/**
 * Top-level types this module reads or keeps on purpose: 14496-12 (ftyp, mdat, moov, moof, mfra,
 * free, skip, pdin, sidx, ssix, styp, emsg, prft, meta, meco, uuid, imda, etyp, otyp), QuickTime
 * (`wide` padding before mdat; udta, ilst, keys and XMP_, which demuxers read at any level).
 */
const KNOWN_TOP_LEVEL = new Set([
  'ftyp',
  'mdat',
  'moov',
  'moof',
  'mfra',
  'free',
  'skip',
  'wide',
  'pdin',
  'sidx',
  'ssix',
  'styp',
  'emsg',
  'prft',
  'meta',
  'meco',
  'uuid',
  'imda',
  'etyp',
  'otyp',
  'udta',
  'ilst',
  'keys',
  'XMP_',
  // Containers the walk reads and sweeps wherever they are (sweep.ts), a stray top-level trak too.
  ...CONTAINER_TYPES,
]);

export function isUnknownTopLevel(box: Pick<Box, 'type'>): boolean {
  return (
    !KNOWN_TOP_LEVEL.has(box.type) && box.type.charCodeAt(0) !== COPYRIGHT_SIGN
  );
}

/**
 * Where every movie's samples lie; throws `unsupported` when a sample table does not add up,
 * since then no box or tail (`what`) can be shown to hold none of them.
 */
export function movieData(
  movies: readonly { region: Region; box: Box }[],
  fileSize: number,
  what = 'an unknown top-level box',
): ByteRange[] {
  try {
    return movies
      .flatMap(({ region, box }) => dataRanges(region, box, [], fileSize))
      .sort((a, b) => a.start - b.start);
  } catch (error) {
    if (!isEngineError(error)) throw error;
    throw new EngineError(
      'unsupported',
      `${what} beside a sample table that does not add up`,
    );
  }
}

/** What the report says of a box it frees: named when a vendor's box is known, else "unknown box". */
function unknownBoxFinding(box: Box): Finding {
  const bytes = `${box.end - box.start} bytes`;
  if (box.type === MOTION_PHOTO_VIDEO)
    return finding('other.data', 'MotionPhotoVideo', box.type, bytes);
  if (box.type === SAMSUNG_TRAILER)
    return finding('device.maker-notes', 'Samsung trailer', box.type, bytes);
  return finding('other.data', box.type, box.type, 'unknown box');
}

/** The findings and same-size patches that turn each unknown top-level box into free space. */
export function freeUnknownBoxes(
  boxes: readonly Box[],
  movies: readonly { region: Region; box: Box }[],
  items: readonly ByteRange[] | null,
  fileSize: number,
): { findings: Finding[]; patches: Patch[] } {
  const unknown = boxes.filter(isUnknownTopLevel);
  const findings: Finding[] = [];
  const patches: Patch[] = [];
  if (unknown.length === 0) return { findings, patches };
  // A file-level meta's items (HEIF) may lie anywhere its iloc says, in a box of any type: a box
  // is freed only when every item is placed in this file and none lies in it.
  if (!items)
    throw new EngineError(
      'unsupported',
      `unknown top-level '${unknown[0]!.type}' box beside items placed elsewhere`,
    );
  const data = [...movieData(movies, fileSize), ...items].sort(
    (a, b) => a.start - b.start,
  );
  for (const box of unknown) {
    if (holdsData(data, box)) continue;
    if (box.end - box.payload > MAX_METADATA_BYTES)
      throw new EngineError(
        'too-large',
        `unknown top-level '${box.type}' box larger than the metadata limit`,
      );
    findings.push(unknownBoxFinding(box));
    patches.push({ offset: box.start + TYPE_AT, data: FREE_TYPE });
    if (box.end > box.payload)
      patches.push({
        offset: box.payload,
        data: new Uint8Array(box.end - box.payload),
      });
  }
  return { findings, patches };
}
