/**
 * exiftool as the independent judge of "nothing identifying left". Deny by default: every tag
 * exiftool reads (`-a -G1 -ee -u`, embedded streams and unknown tags included, Composite too) is a
 * leftover unless its group describes the file itself, its name is on a short list of structural
 * tags, or the caller allows it by `Group:Tag` because its format keeps it on purpose.
 */
import { execFileSync } from 'node:child_process';

const MAX_TOOL_OUTPUT = 64 * 1024 * 1024;

/** Tag names (without group) that identify a person, a device, a place or a moment (audioLeftovers). */
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

/**
 * Groups that describe the file itself or how exiftool read it, never its author. The colour
 * profile's groups are kept on purpose: the product keeps the ICC profile so colours stay true.
 */
const NEUTRAL_GROUPS = new Set([
  'ExifTool',
  'System',
  'File',
  'ICC_Profile',
  'ICC-header',
  'ICC-meas',
  'ICC-view',
  'ICC-chrm',
]);
/** exiftool files some metadata under a neutral group (a JPEG COM segment is `File:Comment`). */
const NEUTRAL_GROUP_EXCEPTIONS = new Set(['File:Comment']);

/**
 * Tags that only describe how pixels, samples or pages are laid out, in whatever group exiftool
 * files them. Everything else exiftool reads is identifying until a test allows it by name: a
 * new tag exiftool learns to read is a leftover by default, not a silent pass.
 */
export const STRUCTURAL_TAG_NAMES: ReadonlySet<string> = new Set([
  'ImageWidth',
  'ImageHeight',
  'ImageSize',
  'Megapixels',
  'BitsPerSample',
  'BitDepth',
  'ColorComponents',
  'ColorType',
  'ColorSpace',
  'ColorSpaceData',
  'Compression',
  'Filter',
  'Interlace',
  'EncodingProcess',
  'YCbCrSubSampling',
  'YCbCrPositioning',
  'XResolution',
  'YResolution',
  'ResolutionUnit',
  'PixelsPerUnitX',
  'PixelsPerUnitY',
  'PixelUnits',
  'Orientation',
  'SRGBRendering',
  'Gamma',
  'JFIFVersion',
  'PhotometricInterpretation',
  'SamplesPerPixel',
  'PlanarConfiguration',
  'StripOffsets',
  'StripByteCounts',
  'RowsPerStrip',
  'TileWidth',
  'TileLength',
  'TileOffsets',
  'TileByteCounts',
  'SubfileType',
  'ExtraSamples',
  'SampleFormat',
  'Predictor',
  'FillOrder',
  'PageNumber',
  'WhitePoint',
  'PrimaryChromaticities',
  'ReferenceBlackWhite',
  'YCbCrCoefficients',
  'TransferFunction',
  'JPEGTables',
  'VP8Version',
  'HorizontalScale',
  'VerticalScale',
  'AlphaPreprocessing',
  'AlphaFiltering',
  'AlphaCompression',
  'WebP_Flags',
  'PDFVersion',
  'Linearized',
  'PageCount',
  'HasXFA',
  // A PDF's images as `-ee` lists them: their layout, and their bytes, whose own metadata the
  // leak oracle reads by extracting each one.
  'EmbeddedImageWidth',
  'EmbeddedImageHeight',
  'EmbeddedImageColorSpace',
  'EmbeddedImageFilter',
  'EmbeddedImage',
]);

/** Embedded documents and streams (`-ee`) and unknown tags (`-u`) too: a leftover can hide there. */
const READ_ALL = ['-ee', '-u'];

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

/**
 * Tags the product keeps on purpose, by group and name: a PDF's `/Lang` (the document's language,
 * which screen readers need to read it aloud; ISO 32000-2 14.9.2) stays in the catalog's
 * keep-list, and says nothing about who made the file.
 */
const KEPT_ON_PURPOSE: ReadonlySet<string> = new Set(['PDF:Language']);

function identifying(
  tags: Record<string, unknown>,
  allowed: ReadonlySet<string>,
): string[] {
  return Object.entries(tags).flatMap(([key, value]) => {
    if (key === 'SourceFile') return [];
    const [group = '', name = key] = key.includes(':')
      ? key.split(':')
      : ['', key];
    const neutral =
      (NEUTRAL_GROUPS.has(group) && !NEUTRAL_GROUP_EXCEPTIONS.has(key)) ||
      STRUCTURAL_TAG_NAMES.has(name);
    if (
      neutral ||
      allowed.has(key) ||
      KEPT_ON_PURPOSE.has(key) ||
      isBlank(value)
    )
      return [];
    return [`${key}=${String(value)}`];
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
  return identifying(exiftoolTags(path, READ_ALL), new Set(allow));
}

/** identifyingTags for several files with one exiftool process (exiftool starts slowly). */
export function identifyingTagsOf(
  paths: readonly string[],
  allow: readonly string[] = [],
): Map<string, string[]> {
  const allowed = new Set(allow);
  const all = exiftoolTagsOf(paths, READ_ALL);
  return new Map(paths.map((p) => [p, identifying(all.get(p) ?? {}, allowed)]));
}
