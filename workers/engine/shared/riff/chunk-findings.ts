/** Findings for the metadata chunks WAV and AIFF files carry. */
import type { FieldId } from '../../fields';
import { decodeLatin1, decodeText } from '../../bytes';
import { isEngineError } from '../../errors';
import { finding, type Finding } from '../../findings';
import type { RiffChunk } from './chunks';
import { id3Findings } from '../../metadata/audio-tags/id3v2';

/** Printable runs this long in padding are text someone wrote there. */
const TEXT_RUN = /[\x20-\x7e]{12,}/g;

/** A padding chunk (`JUNK`, `PAD `, `FLLR`): reported only when it holds text. */
export function paddingFindings(
  chunk: RiffChunk,
  bytes: Uint8Array,
  location: string,
): Finding[] {
  const text = (decodeLatin1(bytes).match(TEXT_RUN) ?? []).join(' ');
  return text ? [finding('other.data', chunk.id, location, text)] : [];
}

/** An ID3v2 tag inside a chunk; the chunk goes whole, so a malformed tag is reported, not fatal. */
export function id3ChunkFindings(
  chunk: RiffChunk,
  bytes: Uint8Array,
  location: string,
): Finding[] {
  const where = `${location}/${chunk.id.trim()}`;
  try {
    return id3Findings(bytes, where);
  } catch (error) {
    if (!isEngineError(error)) throw error;
    return [finding('other.data', chunk.id, where)];
  }
}

/** A chunk that is all text (AIFF NAME, AUTH, ANNO, iXML, XMP). */
export function textFinding(
  field: FieldId,
  chunk: RiffChunk,
  bytes: Uint8Array,
  location: string,
): Finding {
  return finding(field, chunk.id, location, decodeText(bytes));
}
