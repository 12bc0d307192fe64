/**
 * An ASS/SSA subtitle track's CodecPrivate (its script header) rewritten in place by
 * `ass-header.ts`: the authors, the title and Aegisub's file paths blanked, the styles kept.
 */
import { EngineError } from '../../errors';
import { finding } from '../../findings';
import { MAX_METADATA_BYTES } from '../../limits';
import { cleanAssHeader } from './ass-header';
import type { EbmlCursor } from './cursor';
import type { Element } from './ebml';
import * as ID from './ids';
import { noteCrc, type Analysis } from './targets';

/** Matroska codec mappings: S_TEXT/ASS and S_TEXT/SSA, and the legacy S_ASS and S_SSA. */
const ASS_CODECS: ReadonlySet<string> = new Set([
  'S_TEXT/ASS',
  'S_TEXT/SSA',
  'S_ASS',
  'S_SSA',
]);
/** TrackEntry is a level-2 element (Segment/Tracks/TrackEntry). */
const TRACK_ENTRY_DEPTH = 2;

/** Blanks an ASS/SSA track's header metadata; true when the TrackEntry changed. */
export async function scanAssHeader(
  cursor: EbmlCursor,
  entry: Element,
  children: readonly Element[],
  codec: string,
  location: string,
  into: Analysis,
): Promise<boolean> {
  if (!ASS_CODECS.has(codec)) return false;
  const header = children.find((c) => c.id === ID.CODEC_PRIVATE);
  if (!header) return false;
  // A compressed header cannot be rewritten in place (ContentEncodingScope may cover it).
  if (children.some((c) => c.id === ID.CONTENT_ENCODINGS))
    throw new EngineError(
      'unsupported',
      `${location}: a compressed or encrypted subtitle track cannot be read`,
    );
  if (header.end - header.dataOffset > MAX_METADATA_BYTES)
    throw new EngineError(
      'too-large',
      `${location}: subtitle header too large`,
    );
  const { bytes, blanked } = cleanAssHeader(await cursor.bytes(header));
  if (blanked.length === 0) return false;
  const findings = blanked.map((b) =>
    finding(
      b.field,
      b.label,
      `${location}/CodecPrivate [${b.section}]`,
      b.value,
    ),
  );
  into.targets.push({ element: header, findings, replacement: bytes });
  if (!into.crcSites.some((s) => s.master === entry))
    noteCrc(into, entry, children, TRACK_ENTRY_DEPTH, true);
  return true;
}
