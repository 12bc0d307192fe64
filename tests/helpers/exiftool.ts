/**
 * exiftool as the independent judge of "nothing identifying left": which tags of a file (from
 * `exiftool -a -G1 -j`) carry data about the person, the device, the place or the time.
 * Any format's test can use it; pass `allow` for tags a format keeps on purpose.
 */
import { execFileSync } from 'node:child_process';

const MAX_TOOL_OUTPUT = 64 * 1024 * 1024;

/** Tag names (without group) that identify a person, a device, a place or a moment. */
export const IDENTIFYING_TAG_NAMES: ReadonlySet<string> = new Set([
  'Make',
  'Model',
  'Artist',
  'Author',
  'Creator',
  'Copyright',
  'Rights',
  'Software',
  'CreatorTool',
  'HostComputer',
  'ImageDescription',
  'Description',
  'Title',
  'Comment',
  'UserComment',
  'XPAuthor',
  'XPComment',
  'XPTitle',
  'XPKeywords',
  'XPSubject',
  'DocumentName',
  'PageName',
  'ModifyDate',
  'CreateDate',
  'DateTimeOriginal',
  'DateCreated',
  'MetadataDate',
  'SerialNumber',
  'InternalSerialNumber',
  'LensSerialNumber',
  'CameraSerialNumber',
  'OwnerName',
  'CameraOwnerName',
  'LensModel',
  'LensMake',
  'UniqueCameraModel',
  'ImageUniqueID',
  'DocumentID',
  'InstanceID',
  'OriginalDocumentID',
  'MakerNote',
  'MakerNoteVersion',
  'ThumbnailImage',
  'ThumbnailOffset',
  'ThumbnailLength',
  'PreviewImage',
  'GPSLatitude',
  'GPSLongitude',
  'GPSAltitude',
  'GPSPosition',
  'GPSDateStamp',
  'GPSTimeStamp',
  'By-line',
  'CopyrightNotice',
  'Caption-Abstract',
  'Keywords',
  'City',
  'Country',
]);

/** Groups whose mere presence is a leftover: whole metadata blocks that cleaning removes. */
export const IDENTIFYING_GROUP_PATTERNS: readonly RegExp[] = [
  /^GPS$/,
  /^ExifIFD$/,
  /^IFD1$/,
  /^InteropIFD$/,
  /^XMP(-|$)/,
  /^IPTC$/,
  /^Photoshop$/,
  /^MakerNotes$/,
  /^(Canon|Nikon|Sony|Olympus|Panasonic|Pentax|Fujifilm|Samsung|Apple|Reconyx)/,
  /^FlashPix$/,
  /^MPF0$/,
  /^Ducky$/,
];

/** Groups that describe the file itself, never its author. */
const NEUTRAL_GROUPS = new Set(['ExifTool', 'System', 'File', 'Composite']);
/** exiftool files some metadata under a neutral group (a JPEG COM segment is `File:Comment`). */
const NEUTRAL_GROUP_EXCEPTIONS = new Set(['File:Comment']);

/** Empty or zeroed values are not leftovers (e.g. a blanked date `0000:00:00 00:00:00`). */
function isBlank(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  const text = String(value).trim();
  return text === '' || /^[0:\s]*$/.test(text);
}

/** `exiftool -a -G1 -j` of several files in one process, by path, as `Group:Tag -> value`. */
export function exiftoolTagsOf(
  paths: readonly string[],
  extraArgs: readonly string[] = [],
): Map<string, Record<string, unknown>> {
  const json = execFileSync(
    'exiftool',
    ['-a', '-G1', '-j', ...extraArgs, ...paths],
    { encoding: 'utf8', maxBuffer: MAX_TOOL_OUTPUT },
  );
  const files = JSON.parse(json) as Record<string, unknown>[];
  return new Map(files.map((tags) => [String(tags.SourceFile), tags]));
}

/** `exiftool -a -G1 -j` of one file, as `Group:Tag -> value`. */
export function exiftoolTags(
  path: string,
  extraArgs: readonly string[] = [],
): Record<string, unknown> {
  return exiftoolTagsOf([path], extraArgs).get(path) ?? {};
}

function identifying(
  tags: Record<string, unknown>,
  allowed: ReadonlySet<string>,
): string[] {
  return Object.entries(tags).flatMap(([key, value]) => {
    const [group = '', name = key] = key.includes(':')
      ? key.split(':')
      : ['', key];
    const neutral =
      NEUTRAL_GROUPS.has(group) && !NEUTRAL_GROUP_EXCEPTIONS.has(key);
    if (neutral || allowed.has(key) || isBlank(value)) return [];
    const byName = IDENTIFYING_TAG_NAMES.has(name);
    const byGroup = IDENTIFYING_GROUP_PATTERNS.some((p) => p.test(group));
    return byName || byGroup ? [`${key}=${String(value)}`] : [];
  });
}

/**
 * The identifying tags exiftool still sees in a file, as `Group:Tag=value` lines (empty when
 * clean). `allow` lists `Group:Tag` keys the caller keeps on purpose.
 */
export function identifyingTags(
  path: string,
  allow: readonly string[] = [],
): string[] {
  return identifying(exiftoolTags(path), new Set(allow));
}

/** identifyingTags for several files with one exiftool process (exiftool starts slowly). */
export function identifyingTagsOf(
  paths: readonly string[],
  allow: readonly string[] = [],
): Map<string, string[]> {
  const allowed = new Set(allow);
  const all = exiftoolTagsOf(paths);
  return new Map(paths.map((p) => [p, identifying(all.get(p) ?? {}, allowed)]));
}
