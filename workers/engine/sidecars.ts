import { formatCatalog } from './format-catalog';

/**
 * Files that sit beside photos and videos and carry the same secrets as the metadata we remove:
 * a batch (a folder, a zip) leaves them out and names them, never copies them. Recognised by
 * name alone (pure: no bytes are read), so the site's list and the CLI tell them apart before
 * any file is opened.
 */
export type SidecarKind =
  /** Apple Photos' `.AAE`: the edits made to a photo, with when they were made. */
  | 'apple-edits'
  /** Google Takeout's `IMG.jpg.json` / `IMG.jpg.supplemental-metadata.json`: place, dates, people. */
  | 'takeout-json'
  /** A DJI drone's `.SRT` flight log: position, height and time of every frame of its video. */
  | 'dji-srt'
  /** An `.XMP` sidecar (Lightroom, darktable): any metadata of the photo beside it. */
  | 'xmp'
  /** Windows' thumbnail cache: small copies of the folder's pictures, even deleted ones. */
  | 'thumbs-db'
  /** macOS Finder's folder record: the names of the folder's files. */
  | 'ds-store';

/**
 * Every kind, for readers that list them. Their words: `sidecar.<kind>.of` (with `{name}`, the
 * file it belongs to) when `belongsTo` is set, else `sidecar.<kind>` (i18n/messages/uploader).
 */
export const SIDECAR_KINDS: readonly SidecarKind[] = [
  'apple-edits',
  'takeout-json',
  'dji-srt',
  'xmp',
  'thumbs-db',
  'ds-store',
];

export interface Sidecar {
  readonly kind: SidecarKind;
  /** The sibling path (as given) of the media file it describes, when one is there. */
  readonly belongsTo?: string;
}

/** Folder records that describe the folder, never one file. */
const FOLDER_RECORDS: Readonly<Record<string, SidecarKind>> = {
  '.ds_store': 'ds-store',
  'thumbs.db': 'thumbs-db',
  // Windows Media Center's thumbnail caches, the same kind of file.
  'ehthumbs.db': 'thumbs-db',
  'ehthumbs_vista.db': 'thumbs-db',
};

/**
 * Google Takeout names a photo's record `<photo name>.supplemental-metadata.json`, cut short so
 * the whole name fits its 51-character limit (`.supplemental-metad.json`, `.suppl.json`).
 */
const TAKEOUT_SUFFIX = 'supplemental-metadata';
/** Takeout numbers a second `IMG.jpg` as `IMG(1).jpg` and its record as `IMG.jpg(1).json`. */
const TAKEOUT_DUPLICATE = /\((\d+)\)$/;
/**
 * A DJI drone names its clips `DJI_0001.MP4` (newer ones `DJI_20240501123456_0007_D.MP4`) and
 * their flight logs after them (`DJI_0001.SRT`).
 */
const DJI_NAME = /^dji_\d+(?:_\d+)*(?:_[a-z])?$/;
/**
 * iOS names the adjustments of an original `IMG_O0042.AAE` beside `IMG_0042.HEIC` (and the
 * edited render `IMG_E0042.HEIC`).
 */
const APPLE_ORIGINAL_EDITS = /^(.*_)o(\d+)$/;

const MEDIA_EXTENSIONS: ReadonlySet<string> = new Set(
  formatCatalog
    .filter((f) => f.kind === 'image' || f.kind === 'video')
    .flatMap((f) => f.extensions),
);
const VIDEO_EXTENSIONS: ReadonlySet<string> = new Set(
  formatCatalog.filter((f) => f.kind === 'video').flatMap((f) => f.extensions),
);
const SIDECAR_EXTENSIONS: ReadonlySet<string> = new Set([
  'aae',
  'json',
  'srt',
  'xmp',
]);

interface Name {
  /** The folder part, as given (separators `/` or `\`), '' for none. */
  readonly dir: string;
  /** The file name, lower case: names compare as case-insensitive file systems do. */
  readonly name: string;
  readonly stem: string;
  readonly ext: string;
}

function split(path: string): Name {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  const name = path.slice(cut + 1).toLowerCase();
  const dot = name.lastIndexOf('.');
  return {
    dir: path.slice(0, cut + 1),
    name,
    stem: dot > 0 ? name.slice(0, dot) : name,
    ext: dot > 0 ? name.slice(dot + 1) : '',
  };
}

/**
 * What `path` is, if it is a sidecar: its kind, and the media file it describes among
 * `siblingPaths` (the other paths of the batch, written the same way; only those in the same
 * folder count). A media file is preferred to any other match; the first in the list wins a tie.
 */
export function sidecarOf(
  path: string,
  siblingPaths: readonly string[],
): Sidecar | null {
  const own = split(path);
  const folderRecord = FOLDER_RECORDS[own.name];
  if (folderRecord) return { kind: folderRecord };
  if (!SIDECAR_EXTENSIONS.has(own.ext)) return null;
  const siblings = siblingPaths
    .filter((p) => p !== path)
    .map((p) => ({ path: p, ...split(p) }))
    .filter((s) => s.dir === own.dir && !SIDECAR_EXTENSIONS.has(s.ext));
  const byStem = (stems: readonly string[]) =>
    pick(siblings.filter((s) => stems.includes(s.stem)));
  const byName = (name: string) =>
    pick(siblings.filter((s) => s.name === name));
  switch (own.ext) {
    case 'aae': {
      const original = APPLE_ORIGINAL_EDITS.exec(own.stem);
      const stems = original
        ? [own.stem, original[1]! + original[2]!]
        : [own.stem];
      return withOwner('apple-edits', byStem(stems));
    }
    case 'xmp': {
      // darktable writes `IMG.CR2.xmp`; Lightroom and most others `IMG.xmp`.
      const inner = split(own.stem);
      return withOwner(
        'xmp',
        (inner.ext && byName(own.stem)) || byStem([own.stem]),
      );
    }
    case 'srt':
      return djiLog(own, siblings);
    default:
      return takeoutRecord(own, byName);
  }
}

interface Sibling extends Name {
  readonly path: string;
}

/** The media file among the matches if there is one, else the first match. */
function pick(matches: readonly Sibling[]): string | undefined {
  return (matches.find((m) => MEDIA_EXTENSIONS.has(m.ext)) ?? matches[0])?.path;
}

function withOwner(kind: SidecarKind, belongsTo: string | undefined): Sidecar {
  return belongsTo === undefined ? { kind } : { kind, belongsTo };
}

/**
 * A subtitle file is a flight log when it sits beside a video of its name, or carries a DJI
 * clip's name. A film's subtitles beside the film would match too: they are left out and named,
 * which the person sees, rather than passed on unexamined.
 */
function djiLog(own: Name, siblings: readonly Sibling[]): Sidecar | null {
  const video = siblings.find(
    (s) => s.stem === own.stem && VIDEO_EXTENSIONS.has(s.ext),
  );
  if (video) return { kind: 'dji-srt', belongsTo: video.path };
  return DJI_NAME.test(own.stem) ? { kind: 'dji-srt' } : null;
}

/**
 * `IMG.jpg.json`, `IMG.jpg.supplemental-metadata.json` (or cut short), `IMG.jpg(1).json` for
 * `IMG(1).jpg`: a record of a media file, even when that file is not in the batch. Any other
 * `.json` is no sidecar (and no format we clean).
 */
function takeoutRecord(
  own: Name,
  byName: (name: string) => string | undefined,
): Sidecar | null {
  let base = own.stem;
  const duplicate = TAKEOUT_DUPLICATE.exec(base);
  if (duplicate) base = base.slice(0, duplicate.index);
  let media = split(base);
  if (media.ext && TAKEOUT_SUFFIX.startsWith(media.ext))
    media = split(media.stem);
  if (!media.ext) return null;
  const mediaName = duplicate
    ? `${media.stem}${duplicate[0]}.${media.ext}`
    : media.name;
  const owner = byName(mediaName);
  if (owner !== undefined) return { kind: 'takeout-json', belongsTo: owner };
  return MEDIA_EXTENSIONS.has(media.ext) ? { kind: 'takeout-json' } : null;
}

/** Lines a DJI flight log's cues carry (older and newer firmware), seen in its first bytes. */
const DJI_LOG_MARKS: readonly RegExp[] = [
  /\[latitude\s*:\s*-?\d/i,
  /\bGPS\s*\(\s*-?\d/,
  /\bFrameCnt\s*:/,
  /\bHOME\s*\(\s*-?\d/,
];

/**
 * Whether a subtitle file's first text is a DJI flight log rather than a film's subtitles: for a
 * reader that has the bytes (the CLI) and meets a `.SRT` no name rule recognised.
 */
export function looksLikeDjiLog(head: string): boolean {
  return DJI_LOG_MARKS.some((mark) => mark.test(head));
}
