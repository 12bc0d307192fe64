/**
 * Words the engine writes for where in a file it found something ("first frame at 211", "comment
 * extension", "start of file"), where the file has no name for the place. Each has an id whose
 * words the report shows in the visitor's language (the message `report.where.<id>`); a `{name}`
 * holds a name from the file (a number, a box path, an attachment's name), kept as written. A place
 * the file or its format names (`Segment/Info`, `APP1 Exif`, `meta/iprp/ipco`) is shown as written.
 * A location nests places, joined by ` / `, `: ` or `, ` (a picture inside a document).
 */

/** The places by id, in the English the findings carry. */
export const LOCATION_PHRASES = {
  'start-of-file': 'start of file',
  'end-of-file': 'end of file',
  'top-level': 'top level',
  'after-end-of-image': 'after end of image',
  'after-last-box': 'after the last box',
  'after-form': 'after the {name}-byte form',
  after: 'after {name}',
  'first-frame-at': 'first frame at {name}',
  'audio-frames-at': 'audio frames, at {name}',
  'id3v2-at': 'ID3v2 at {name}',
  'flac-block-at': 'FLAC block at {name}',
  'emf-bitmap-at': 'EMF bitmap at {name}',
  'emf-plus-record-at': 'EMF+ record at {name}',
  'emr-comment-at': 'EMR_COMMENT at {name}',
  'meta-escape-at': 'META_ESCAPE at {name}',
  'escape-record-at': 'escape record at {name}',
  'emr-header-description': 'EMR_HEADER description',
  'vorbis-comment-header': 'Vorbis comment header',
  'vorbis-identification-header': 'Vorbis identification header',

  'comment-extension': 'comment extension',
  'plain-text-extension': 'plain text extension',
  'application-extension': 'application extension {name}',
  'xml-box': 'XML box',
  codestream: 'codestream',
  'extended-xmp': '{name} extended XMP',
  'date-in-chapter-titles': 'date in chapter titles',
  'date-in-subtitles': 'date in subtitles',
  'zip-member': 'zip member',
  'svg-embedded': 'svg embedded {name}',
  picture: 'picture {name}',
  annotation: 'annotation',
  'info-earlier-revision': 'Info (earlier revision)',
  'information-dictionary': 'information dictionary',
  'cross-reference': 'cross-reference',
  'file-specification': 'file specification',
  'name-tree': 'name tree',
  'launch-action': 'launch action',
  'layer-usage': 'layer usage',
  actions: 'actions',
  form: 'form',
  pages: 'pages',
  page: 'page {name}',
  signature: 'signature',
  'signature-field': 'signature field "{name}"',
  attachment: 'attachment "{name}"',
  object: 'object {name}',
  'an-object': 'object',
  'image-object': 'image (object {name})',
  'inline-image-on': 'inline image on {name}',
  'icc-profile-object': 'ICC profile (object {name})',
  'xmp-object': 'XMP (object {name})',
  'type3-glyph': 'glyph {name} of a Type 3 font',
} as const;

export type LocationPhraseId = keyof typeof LOCATION_PHRASES;

/**
 * Places a tag's name follows in one step ("start of file ID3v2.4", "end of file APE"): only these
 * may be followed by a space, so a file's own name that begins with a phrase's word stays whole.
 */
const LEADING: ReadonlySet<LocationPhraseId> = new Set([
  'start-of-file',
  'end-of-file',
]);

/** A piece of a location: the engine's words by id (with the file's name they hold), or text as written. */
export type LocationPart =
  | { readonly id: LocationPhraseId; readonly name?: string }
  | { readonly text: string };

const SEPARATOR = / \/ |: |, /;
const END = '(?=$| / |: |, )';
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const MATCHERS = (
  Object.entries(LOCATION_PHRASES) as [LocationPhraseId, string][]
)
  .map(([id, english]) => {
    const body = english.split('{name}').map(escape).join('(.+?)');
    const end = LEADING.has(id) ? `(?=$| / |: |, | )` : END;
    return { id, pattern: new RegExp(`^${body}${end}`), size: english.length };
  })
  // The longest English first: "after end of image" before "after {name}".
  .sort((a, b) => b.size - a.size);

/** The location in pieces: the engine's words where it wrote them, the rest as written. */
export function locationParts(location: string): LocationPart[] {
  const parts: LocationPart[] = [];
  const text = (t: string) => {
    const last = parts.at(-1);
    if (last && 'text' in last)
      parts[parts.length - 1] = { text: last.text + t };
    else if (t) parts.push({ text: t });
  };
  let rest = location;
  while (rest) {
    const hit = MATCHERS.map((m) => ({ m, match: m.pattern.exec(rest) })).find(
      (h) => h.match,
    );
    let consumed: number;
    if (hit?.match) {
      const name = hit.match[1];
      parts.push(
        name === undefined ? { id: hit.m.id } : { id: hit.m.id, name },
      );
      consumed = hit.match[0].length;
    } else {
      const next = SEPARATOR.exec(rest);
      consumed = next ? next.index : rest.length;
      text(rest.slice(0, consumed));
    }
    rest = rest.slice(consumed);
    const separator = SEPARATOR.exec(rest);
    if (separator?.index === 0) {
      text(separator[0]);
      rest = rest.slice(separator[0].length);
    } else if (rest.startsWith(' ')) {
      // After a leading place: the tag's name, as written, up to the next separator.
      const next = SEPARATOR.exec(rest);
      const upTo = next ? next.index : rest.length;
      text(rest.slice(0, upTo));
      rest = rest.slice(upTo);
    }
  }
  return parts;
}
