/**
 * Vorbis comments (xiph.org "Ogg Vorbis I format specification: comment field and header"):
 * a length-prefixed vendor string, then a count of length-prefixed `KEY=value` entries. The same
 * structure sits in FLAC's VORBIS_COMMENT block and in Ogg Vorbis and Opus comment headers.
 */
import { decodeText, u32le } from '../bytes';
import { corrupt } from '../errors';
import type { FieldId } from '../fields';
import { finding, type Finding } from '../findings';

const LENGTH_BYTES = 4;

const FIELDS_BY_KEY: Record<string, FieldId> = {};
function assign(field: FieldId, keys: string): void {
  for (const key of keys.split(' ')) FIELDS_BY_KEY[key] = field;
}
assign(
  'author.name',
  'ARTIST PERFORMER COMPOSER ALBUMARTIST LYRICIST CONDUCTOR ARRANGER ' +
    'ENCODED-BY ENCODED_BY ENCODEDBY',
);
assign('author.copyright', 'COPYRIGHT');
assign('author.organization', 'ORGANIZATION PUBLISHER');
assign('author.contact', 'CONTACT');
assign('content.title', 'TITLE');
assign('content.description', 'DESCRIPTION');
assign('content.comment', 'COMMENT COMMENTS LYRICS');
assign('time.created', 'DATE YEAR CREATION_TIME');
assign('time.date', 'ORIGINALDATE');
assign('software.encoder', 'ENCODER ENCODING');
assign('software.detail', 'ENCODER_OPTIONS');
assign('place.name', 'LOCATION');
assign('thumbnail.image', 'METADATA_BLOCK_PICTURE COVERART');
assign('thumbnail.image', 'COVERARTMIME');
assign('identifier.unique', 'ISRC ACOUSTID_ID');

/** Keys whose values are binary (base64 images): reported without a value. */
const BINARY_KEYS = new Set(['METADATA_BLOCK_PICTURE', 'COVERART']);

/** The field of a key; album, genre, track numbers and the like are details. */
function fieldOfKey(key: string): FieldId {
  if (key.startsWith('MUSICBRAINZ_')) return 'identifier.unique';
  return FIELDS_BY_KEY[key] ?? 'content.detail';
}

export interface VorbisComments {
  readonly vendor: string;
  readonly entries: readonly string[];
  /** Offset just past the last entry (where Vorbis puts its framing bit). */
  readonly end: number;
}

/** Parses the comment structure at `at` in `b`; every length is checked against the buffer. */
export function parseVorbisComments(b: Uint8Array, at = 0): VorbisComments {
  const readString = (offset: number): [string, number] => {
    const length = u32le(b, offset);
    const start = offset + LENGTH_BYTES;
    if (length > b.length - start)
      throw corrupt(`comment at ${offset} runs past its packet`);
    return [decodeText(b.subarray(start, start + length)), start + length];
  };
  const [vendor, afterVendor] = readString(at);
  const count = u32le(b, afterVendor);
  if (count > (b.length - afterVendor) / LENGTH_BYTES)
    throw corrupt(`comment count ${count} does not fit its packet`);
  const entries: string[] = [];
  let offset = afterVendor + LENGTH_BYTES;
  for (let i = 0; i < count; i++) {
    const [entry, next] = readString(offset);
    entries.push(entry);
    offset = next;
  }
  return { vendor, entries, end: offset };
}

/** The vendor (software) and every entry as findings; an empty structure gives none. */
export function vorbisCommentFindings(
  comments: VorbisComments,
  location: string,
): Finding[] {
  const found: Finding[] = [];
  if (comments.vendor)
    found.push(
      finding('software.encoder', 'vendor', location, comments.vendor),
    );
  for (const entry of comments.entries) {
    const split = entry.indexOf('=');
    const key = (split < 0 ? entry : entry.slice(0, split)).toUpperCase();
    const value =
      split < 0 || BINARY_KEYS.has(key) ? undefined : entry.slice(split + 1);
    found.push(finding(fieldOfKey(key), key, location, value));
  }
  return found;
}

/** An empty comment structure: no vendor, no entries (8 zero bytes). */
export function emptyVorbisComments(): Uint8Array {
  return new Uint8Array(2 * LENGTH_BYTES);
}
