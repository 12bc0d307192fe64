/**
 * What a finding describes, whatever format it came from: a stable dotted id the producer sets
 * (the EXIF dictionary says `GPSSpeed` is `gps.speed`), so no consumer has to guess a meaning
 * from a tag name. The report and the CLI read one table keyed by these ids: the category it is
 * grouped under, the words it is shown with, and the form its value takes.
 */

/** What a finding is about; the report groups by it and translates it. */
export type FindingCategory =
  | 'location'
  | 'time'
  | 'device'
  | 'author'
  | 'software'
  | 'history'
  | 'comment'
  | 'identifier'
  | 'thumbnail'
  | 'other';

/**
 * How a field's value is written by the engine, and so how a reader may show it:
 * - `text`: readable text (a name, a caption), shown as it is;
 * - `software`: an app's own version string, which a reader may shorten to product and version;
 * - `date`: ISO 8601 (`2024-05-01T10:20:30`, optionally with a zone);
 * - `position`: decimal degrees, `"lat, lon"`;
 * - `metres`: `"<n> m"`, negative below sea level;
 * - `speed`: `"<n> km/h"`, `"<n> mph"` or `"<n> kn"`, the unit always present;
 * - `bearing`: `"<n>"` degrees, then ` true` or ` magnetic` when the reference is known;
 * - `exposure`, `aperture`, `iso`, `focal-length`: a bare decimal the reader gives its unit;
 * - `minutes`: a bare count of minutes (time spent editing);
 * - `revision`: a bare revision number;
 * - `event`: one step of an editing history, its parts `, `-separated: its ISO 8601 date first
 *   when it has one, then what was done, with which app, to which part, each in its place (empty
 *   when the file does not say and a later part follows);
 * - `binary`: a block nobody reads (`"<n> bytes"` when its size is known); a picture the file
 *   describes, its MIME type first (`"image/jpeg 1024x768 \"Front cover\""`, size and description
 *   when given);
 * - `detail`: a value that means nothing alone (a GPS version, a sub-second, a word count, a
 *   language tag, a camera's white-balance code): a reader counts these, and shows the raw form
 *   only where fields are listed by their own names;
 * - `phrase`: the engine's words for what the file holds, where the value itself is not read (a
 *   timecode track): one of `phrases.ts`, which a reader shows in its own words.
 */
export type FieldValueForm =
  | 'text'
  | 'software'
  | 'date'
  | 'position'
  | 'metres'
  | 'speed'
  | 'bearing'
  | 'exposure'
  | 'aperture'
  | 'iso'
  | 'focal-length'
  | 'minutes'
  | 'revision'
  | 'event'
  | 'binary'
  | 'detail'
  | 'phrase';

export interface FieldInfo {
  /** The group the report lists it under. */
  readonly category: FindingCategory;
  /** The words for it: the message `report.field.<label>` (several fields may share one). */
  readonly label: string;
  readonly value: FieldValueForm;
}

const field = <L extends string>(
  category: FindingCategory,
  label: L,
  value: FieldValueForm,
): FieldInfo & { readonly label: L } => ({ category, label, value });

/** The vocabulary. Add an id here (and its label's message, if new) before a producer uses it. */
export const FIELDS = {
  // Where: coordinates and their neighbours, and place names written as text.
  'gps.position': field('location', 'place', 'position'),
  /** A position field holding coordinates no place has (latitude past 90°): its value as written. */
  'gps.invalid-position': field('location', 'invalid-position', 'text'),
  'gps.altitude': field('location', 'altitude', 'metres'),
  'gps.speed': field('location', 'speed', 'speed'),
  /** The direction the camera faced (EXIF GPSImgDirection). */
  'gps.direction': field('location', 'direction', 'bearing'),
  /** The direction the device moved in (EXIF GPSTrack). */
  'gps.track': field('location', 'track', 'bearing'),
  /** Where the picture shows or points to (EXIF GPSDest*). */
  'gps.destination': field('location', 'destination', 'detail'),
  /** How precise the position is, which satellites, datum, method, version: receiver detail. */
  'gps.detail': field('location', 'gps-detail', 'detail'),
  /** A flight or trip logged as text in a subtitle track: its first and last position. */
  'gps.track-log': field('location', 'flight-log', 'position'),
  /** A place written in words: city, state, country, sublocation, an area's name. */
  'place.name': field('location', 'place-name', 'text'),

  // When.
  'time.taken': field('time', 'taken', 'date'),
  'time.created': field('time', 'created', 'date'),
  'time.digitized': field('time', 'date', 'date'),
  'time.modified': field('time', 'modified', 'date'),
  'time.printed': field('time', 'printed', 'date'),
  'time.gps': field('time', 'gps-time', 'date'),
  'time.zone': field('time', 'time-zone', 'text'),
  'time.date': field('time', 'date', 'date'),
  /** A part of a date, meaningless alone: fractions of a second, a time of day without its day. */
  'time.detail': field('time', 'date-detail', 'detail'),
  /**
   * A timecode track (QuickTime `tmcd`): cameras count it from the time of day the recording
   * started, so it tells when the video was shot even where no date is written.
   */
  'time.recording-start': field('time', 'recording-start', 'phrase'),

  // The device and how it was set.
  'device.make': field('device', 'make', 'text'),
  'device.model': field('device', 'model', 'text'),
  /** A device named without maker and model apart (a host computer, a recorder's name). */
  'device.name': field('device', 'device', 'text'),
  'device.lens': field('device', 'lens', 'text'),
  /** Who made the lens (EXIF LensMake): a maker's name, not the lens. */
  'device.lens-make': field('device', 'lens-make', 'text'),
  'device.exposure': field('device', 'exposure', 'exposure'),
  'device.aperture': field('device', 'aperture', 'aperture'),
  'device.iso': field('device', 'iso', 'iso'),
  'device.focal-length': field('device', 'focal-length', 'focal-length'),
  /** Flash, metering, white balance, scene mode...: codes, folded into one count. */
  'device.setting': field('device', 'camera-setting', 'detail'),
  'device.maker-notes': field('device', 'maker-notes', 'binary'),
  /** A subtitle track logging the camera's settings or the time, sample by sample, no position. */
  'device.track-log': field('device', 'camera-log', 'detail'),

  // Who.
  'author.name': field('author', 'author', 'text'),
  'author.last-editor': field('author', 'last-editor', 'text'),
  'author.copyright': field('author', 'copyright', 'text'),
  /** An e-mail address, a phone number, a postal address, a web page of the author. */
  'author.contact': field('author', 'contact', 'text'),
  'author.organization': field('author', 'organization', 'text'),
  /** The author's manager, a person's name (OLE and OOXML document properties' Manager). */
  'author.manager': field('author', 'manager', 'text'),
  /** A job title (XMP photoshop:AuthorsPosition): about the author, not the author's name. */
  'author.job-title': field('author', 'job-title', 'text'),
  /** A person named where the format has no role for them (an editor, a reviewer, a user). */
  'author.person': field('author', 'person', 'text'),
  /** A digital signature's certificates, times and build data: about the signer. */
  'author.signature': field('author', 'signature', 'text'),

  // What links the file to others.
  'identifier.unique': field('identifier', 'unique-id', 'text'),
  /**
   * A job or transmission reference an agency or client gives a picture (IPTC IIM 2:103
   * Original Transmission Reference, IPTC Core's Job Identifier): it names the assignment.
   */
  'identifier.job': field('identifier', 'job-reference', 'text'),
  'identifier.serial': field('identifier', 'serial', 'text'),
  /** A file name or path the file remembers (an original raw file, a linked template). */
  'identifier.file-name': field('identifier', 'file-name', 'text'),
  /** Ids an app gives a document's pieces (list ids, element ids, links to removed parts). */
  'identifier.detail': field('identifier', 'identifier-detail', 'detail'),

  // With what.
  'software.creator': field('software', 'editing-app', 'software'),
  'software.producer': field('software', 'producer', 'software'),
  'software.encoder': field('software', 'encoder', 'software'),
  'software.template': field('software', 'template', 'text'),
  /**
   * An MP4 track's handler name (`VideoHandler`, `Core Media Video`, `GoPro MET`): the writer's
   * label for the track, which often names the app or device but is no encoder.
   */
  'software.handler-name': field('software', 'handler-name', 'text'),
  /** An app's settings, versions and counters: nothing a person reads. */
  'software.detail': field('software', 'software-detail', 'detail'),

  // How it came to be.
  'history.edits': field('history', 'history', 'text'),
  /** One event of an XMP history (xmpMM:History): when, what, with which app. */
  'history.event': field('history', 'history', 'event'),
  'history.revision': field('history', 'revision', 'revision'),
  'history.edit-time': field('history', 'edit-time', 'minutes'),
  'history.credentials': field('history', 'content-credentials', 'text'),
  /** Tracked changes, earlier versions, the files it was made from. */
  'history.changes': field('history', 'changes', 'detail'),
  /** Marks of which editing session changed each piece of a document (Word's rsids). */
  'history.edit-sessions': field('history', 'edit-sessions', 'detail'),

  // What it says about itself.
  'content.title': field('comment', 'title', 'text'),
  'content.description': field('comment', 'description', 'text'),
  'content.comment': field('comment', 'comment', 'text'),
  /** A comment's text emptied where it lies: the comment itself stays, with nothing in it. */
  'content.emptied-comment': field('comment', 'emptied-comment', 'text'),
  'content.keywords': field('comment', 'keywords', 'text'),
  /** A rating, a language tag, a category code: nothing to read alone. */
  'content.detail': field('comment', 'content-detail', 'detail'),

  'thumbnail.image': field('thumbnail', 'thumbnail', 'binary'),

  // The rest: counted, listed by their own names in the technical details.
  /** Page, word and character counts of a document. */
  'other.statistics': field('other', 'other', 'detail'),
  /** An app's private block (a PNG private chunk, a vendor box). */
  'other.private': field('other', 'other', 'detail'),
  'other.data': field('other', 'other', 'detail'),

  // Kept on purpose (see `KeepReason`): listed by their reason.
  'image.orientation': field('other', 'other', 'detail'),
  'image.color-profile': field('other', 'other', 'detail'),
  /** Subtitles or captions, kept for review; the value is their language. */
  'media.subtitles': field('comment', 'subtitles', 'detail'),
  /** Chapter titles, kept for review; the value is the titles. */
  'media.chapters': field('comment', 'chapters', 'text'),
  /** What a player needs: chapters, loops, cue points, track names. */
  'media.playback': field('other', 'other', 'detail'),
  'document.structure': field('other', 'other', 'detail'),
  /** Part of what a document shows or does (a comment, a form value, a macro, a hidden sheet). */
  'document.content': field('comment', 'other', 'detail'),

  // Parts of a document left out whole: the value is the part's name in the package.
  /** A part the format's structure does not define or reach: nothing says what it holds. */
  'document.unknown-part': field('other', 'unknown-part', 'text'),
  /** A part declared as a picture, a font or media whose bytes no module recognises. */
  'document.unchecked-part': field('other', 'unchecked-part', 'text'),
  /** A part with data beside the document (custom properties, custom XML, RDF, a cache). */
  'document.extra-part': field('other', 'extra-part', 'text'),
  'document.comments-part': field('comment', 'comments-part', 'text'),
  /** A part that names people: authors, users, signers, co-authors. */
  'document.people-part': field('author', 'people-part', 'text'),
  /** A part with earlier versions, deleted content or a log of changes. */
  'document.history-part': field('history', 'history-part', 'text'),
  'document.printer-part': field('device', 'printer-part', 'text'),
  /** A sensitivity label (the organisation's directory and who applied it). */
  'document.label-part': field('identifier', 'label-part', 'text'),
  /** An entry (a PDF key, an XML element) the format does not define: the value names it. */
  'document.unknown-key': field('other', 'unknown-key', 'text'),
  /** An attached file left out because the engine cannot clean it: the value is its name. */
  'document.attachment': field('other', 'attachment', 'text'),
  /** Attributes in namespaces the format does not use, counted. */
  'document.unknown-markup': field('other', 'unknown-markup', 'detail'),

  // What a batch or an archive leaves out whole (the item is the file left out).
  /** A file beside a photo that holds its metadata (`.AAE`, a Takeout record): its value names the photo. */
  'archive.sidecar': field('other', 'sidecar', 'text'),
  /** A file left out of an archive: an operating system's record, or one the person chose to drop. */
  'archive.member': field('other', 'left-out-file', 'detail'),
} as const satisfies Record<string, FieldInfo>;

/** A field id (`gps.position`, `author.name`): see `FIELDS`. */
export type FieldId = keyof typeof FIELDS;

/** The words fields are shown with: the message `report.field.<label>`. */
export type FieldLabel = (typeof FIELDS)[FieldId]['label'];

export const fieldInfo = (id: FieldId): FieldInfo => FIELDS[id];

export function isFieldId(text: string): text is FieldId {
  return Object.hasOwn(FIELDS, text);
}
