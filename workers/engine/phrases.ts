/**
 * Words the engine writes itself, where a file has no name for what it found: the bytes after a
 * picture's end, a hidden sheet, speaker notes, a telemetry track. Such a label (or, for a track of
 * metadata, its value) is English; each has an id here whose words the report shows in the
 * visitor's language (the message `report.phrase.<id>`), so no page reads an English phrase. A
 * `{name}` stands for a name from the file (a chunk's, a track's, an object's number), kept as
 * written. A label that is a name the file or its format gives (`hdlr name`, `CodecName`) is not
 * a phrase and is shown as written.
 */
import type { FieldId } from './fields';

/** The phrases by id, in the English the findings carry. */
export const PHRASES = {
  'bytes-after-end': 'bytes after the end',
  'bytes-after-comment': 'bytes after a comment',
  'bytes-after-group-description': 'bytes after a group description',
  'bytes-after-emf-plus': 'bytes after an EMF+ record',
  'trailing-data': 'trailing data',
  'data-after-iend': 'data after IEND',
  'data-after-trailer': 'data after trailer',
  'not-whole-frame': 'not a whole frame',
  'application-data': 'application data',
  'private-data': 'private data',
  chunk: 'chunk',
  comment: 'comment',
  'public-comment': 'public comment',
  'emf-plus-comment': 'EMF+ comment',
  'xml-comment': 'XML comment',
  'css-comment': 'CSS comment',
  'css-path': 'CSS path',
  description: 'description',
  'group-description': 'group description',
  program: 'program',
  'picture-name': 'picture name',
  'printer-escape': 'printer escape data',
  'enhanced-metafile-copy': 'enhanced metafile copy',
  'windows-metafile-copy': 'Windows metafile copy',
  'icc-profile': 'ICC profile',
  'colr-icc-profile': 'colr ICC profile',
  'linked-profile': 'linked profile',
  'insta360-trailer': 'Insta360 trailer',
  'kenwood-trailer': 'Kenwood trailer',
  'ligogps-trailer': 'LigoGPS trailer',
  'riff-trailer': 'RIFF trailer',
  'samsung-trailer': 'Samsung trailer',
  'opus-tags-binary': 'OpusTags binary data',
  'peak-time-stamp': 'PEAK time stamp',
  'smpl-sampler-data': 'smpl sampler data',
  'gopro-telemetry': 'GoPro GPMF telemetry',
  'android-camera-motion': 'Android camera motion metadata',
  'apple-timed-metadata': 'Apple timed metadata',
  'dji-flight-telemetry': 'DJI flight and camera telemetry',
  'dji-debug-telemetry': 'DJI debug telemetry',
  'sony-realtime-metadata': 'Sony real-time metadata',
  timecode: 'timecode track',
  'timed-metadata': 'timed metadata',
  'unknown-samples': 'samples of an unknown kind',
  annotations: 'annotations',
  attachment: 'attachment',
  macros: 'macros',
  line: 'line',
  'unknown-attributes': 'attributes in unknown namespaces',
  'unknown-elements': 'elements in unknown namespaces',
  'no-namespace-elements': 'elements in no namespace',
  'comment-anchor': 'comment anchor',
  'comments-authors-removed': 'comments (authors removed)',
  'comment-author': 'Comment author',
  'comment-initials': 'Comment initials',
  'content-off-slide': 'content off the slide',
  'speaker-notes': 'speaker notes',
  'header-footer-text': 'header or footer text',
  'hidden-column': 'hidden column',
  'hidden-row': 'hidden row',
  'hidden-sheet': 'hidden sheet',
  'hidden-slide': 'hidden slide',
  'hidden-section': 'hidden section',
  'hidden-paragraph': 'hidden paragraph',
  'hidden-text': 'hidden text',
  'hidden-variable': 'hidden variable',
  'user-field': 'user field',
  'field-instruction': 'field instruction',
  'name-fields': 'fields showing a name',
  'tracked-changes': 'tracked changes',
  'rsid-list': 'rsid list',
  'password-hash': 'password hash of an editing restriction',
  'external-link': 'external link',
  'link-path': 'link path',
  'link-source': 'link source',
  'linked-file': 'linked file',
  'embedded-from': 'embedded from',
  'embedded-object': 'embedded object',
  'package-path': 'Package path',
  'manifest-entries': 'manifest entries',
  'removed-part-reference': 'reference to a removed part',
  'part-without-type': 'part without a content type',
  'odf-foreign-part': 'part in a namespace OpenDocument does not use',
  'storage-dates': 'storage dates',
  'unallocated-space': 'unallocated space',
  'unknown-stream': 'unknown stream',
  'unreadable-property-set': 'unreadable property set',
  'unused-table-stream': 'unused table stream',
  'fib-last-saved': 'FIB last saved',
  'extra-bytes': '{name} extra bytes',
  'adobe-extra-bytes': '{name} Adobe extra bytes',
  'block-type': 'block type {name}',
  element: 'element 0x{name}',
  extension: 'extension 0x{name}',
  object: 'object {name}',
  'member-of-type': 'member of type {name}',
  'part-of-type': 'part of type {name}',
  'resource-of-type': 'resource of type {name}',
  'first-position': '{name} first position',
  'last-position': '{name} last position',
  'track-time': '{name} time',
  'xml-comments': '{name} XML comments',
  'box-contents': '{name} box contents',
  'xml-metadata': 'XML metadata',
  'item-name': 'item name',
  'void-contents': 'Void contents',
  'unknown-box': 'unknown box',
  script: 'script',
  'bytes-after-note-text': 'bytes past a note text',
  'comment-story': 'comment story',
  'content-control-data-binding': 'content control data binding',
  'note-frames': 'note frames',
  'smpl-maker-product': 'smpl manufacturer and product',
} as const;

export type PhraseId = keyof typeof PHRASES;

/**
 * The fields a phrase with a name is written for, where its English could also be a name a file
 * gives a field (a PNG keyword "Capture time"): elsewhere the text is the file's.
 */
const PHRASE_FIELDS: Partial<Record<PhraseId, readonly FieldId[]>> = {
  'first-position': ['gps.track-log'],
  'last-position': ['gps.track-log'],
  'track-time': ['time.taken'],
};

/** A phrase found in a label or value: its id, and the name from the file it holds. */
export interface Phrase {
  readonly id: PhraseId;
  readonly name?: string;
}

const NAME = '{name}';
const EXACT = new Map<string, PhraseId>();
const WITH_NAME: { id: PhraseId; pattern: RegExp }[] = [];
for (const [id, english] of Object.entries(PHRASES) as [PhraseId, string][]) {
  if (!english.includes(NAME)) EXACT.set(english, id);
  else {
    const [before = '', after = ''] = english
      .split(NAME)
      .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    WITH_NAME.push({ id, pattern: new RegExp(`^${before}(.+)${after}$`) });
  }
}
// The longest English first: "{name} Adobe extra bytes" before "{name} extra bytes".
WITH_NAME.sort((a, b) => b.pattern.source.length - a.pattern.source.length);

/** The phrase a finding's label or value is, or `null` when it is the file's own text. */
export function phraseOf(text: string, field: FieldId): Phrase | null {
  const exact = EXACT.get(text);
  if (exact) return { id: exact };
  for (const { id, pattern } of WITH_NAME) {
    const match = pattern.exec(text);
    const fields = PHRASE_FIELDS[id];
    if (match && (!fields || fields.includes(field)))
      return { id, name: match[1]! };
  }
  return null;
}
