/**
 * The header of an ASS/SSA subtitle script (a Matroska track's CodecPrivate: `[Script Info]`, the
 * styles, the `[Events]` Format line; Matroska codec mappings, "S_TEXT/ASS"). Its `[Script Info]`
 * carries who wrote, translated and timed the script, and Aegisub's sections carry the author's
 * local file paths. Values are blanked in place, each byte a space, so the header keeps its length
 * and every line break: the element's size and every offset stay.
 *
 * Kept: the `[Script Info]` keys renderers read (libass: ScriptType, PlayResX/Y, Timer, WrapStyle,
 * ScaledBorderAndShadow, Kerning, YCbCr Matrix, LayoutResX/Y; VSFilter also reads Collisions and
 * PlayDepth), and the sections that draw the subtitles (styles, the Events format, embedded fonts
 * and pictures). Blanked: every other `[Script Info]` key (a key we do not know is blanked, fail
 * closed), every comment line (`;` or `!:`), and every line of any other section (Aegisub's
 * Project Garbage and Extradata among them), the section headers kept.
 */
import { decodeText, decodeWindows1252, isUtf8 } from '../../bytes';
import type { FieldId } from '../../fields';

const SPACE = 0x20;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const COLON = 0x3a;

const SCRIPT_INFO = 'script info';
/** The label of a line with no key (no colon): its whole text is the value. */
const LINE_LABEL = 'line';

/** `[Script Info]` keys a renderer reads to draw the subtitles (compared lower-case). */
const RENDERER_KEYS: ReadonlySet<string> = new Set([
  'scripttype',
  'playresx',
  'playresy',
  'timer',
  'wrapstyle',
  'scaledborderandshadow',
  'kerning',
  'ycbcr matrix',
  'layoutresx',
  'layoutresy',
  'collisions',
  'playdepth',
]);

/** Sections a renderer draws from, kept whole but for their comment lines. */
const DRAWN_SECTIONS: ReadonlySet<string> = new Set([
  'v4+ styles',
  'v4 styles',
  'v4++ styles',
  'events',
  'fonts',
  'graphics',
]);

/** What a `[Script Info]` key says, for the keys we know carry a person or a history. */
const SCRIPT_INFO_FIELDS: ReadonlyMap<string, FieldId> = new Map([
  ['title', 'content.title'],
  ['original script', 'author.name'],
  ['original translation', 'author.name'],
  ['original editing', 'author.name'],
  ['original timing', 'author.name'],
  ['script updated by', 'author.last-editor'],
  ['update details', 'history.changes'],
  ['synch point', 'software.detail'],
]);

/**
 * Aegisub keys naming the author's local files (full paths): in `[Aegisub Project Garbage]`, and
 * in `[Script Info]` in scripts older Aegisub versions wrote.
 */
const PATH_KEYS: ReadonlySet<string> = new Set([
  'audio file',
  'audio uri',
  'video file',
  'keyframes file',
  'timecodes file',
  'automation scripts',
]);

/** Aegisub's editor state (older versions wrote it in `[Script Info]`): no person, no path. */
const EDITOR_KEYS: ReadonlySet<string> = new Set([
  'last style storage',
  'video aspect ratio',
  'video zoom',
  'video zoom percent',
  'video position',
  'video ar mode',
  'video ar value',
  'scroll position',
  'active line',
  'export filters',
  'export encoding',
]);

/** One blanked line: where it is, its key and its former value. */
export interface BlankedLine {
  /** The section's name as the script writes it. */
  readonly section: string;
  readonly label: string;
  readonly field: FieldId;
  readonly value: string;
}

export interface CleanedHeader {
  /** The header with the blanked values replaced by spaces; same length as the input. */
  readonly bytes: Uint8Array;
  readonly blanked: readonly BlankedLine[];
}

interface Line {
  readonly start: number;
  /** Before the line break (a CR of a CRLF stays). */
  readonly end: number;
}

function* lines(bytes: Uint8Array): Generator<Line> {
  let start = 0;
  while (start < bytes.length) {
    let end = bytes.indexOf(LINE_FEED, start);
    if (end < 0) end = bytes.length;
    const contentEnd =
      end > start && bytes[end - 1] === CARRIAGE_RETURN ? end - 1 : end;
    yield { start, end: contentEnd };
    start = end + 1;
  }
}

/** A comment line's mark (`;` in ASS, `!:` in SSA) and the spaces after it: not the comment's words. */
const COMMENT_MARK = /^(?:;|!:)\s*/;
const COMMENT_LABEL = 'comment';

const isComment = (text: string) => COMMENT_MARK.test(text);

/** The name of the section a `[Name]` line opens, or null. */
function sectionName(text: string): string | null {
  const match = /^\[([^\]]*)\]$/.exec(text);
  return match ? match[1]!.trim() : null;
}

function fieldFor(section: string, key: string): FieldId {
  if (PATH_KEYS.has(key)) return 'identifier.file-name';
  if (EDITOR_KEYS.has(key)) return 'software.detail';
  if (section === SCRIPT_INFO)
    return SCRIPT_INFO_FIELDS.get(key) ?? 'document.unknown-key';
  return 'software.detail';
}

/**
 * A piece of the script as text: a script declares no character set (a style's Encoding field
 * picks the font's code page, not the file's), so UTF-8 where the bytes are valid UTF-8, else the
 * Windows code page the SSA tools of the time wrote (a Latin-1 "José" read as UTF-8 is "Jos\ufffd").
 */
const decode = (b: Uint8Array): string =>
  isUtf8(b) ? decodeText(b) : decodeWindows1252(b);

/**
 * A blanked value as the report shows it: a key no specification defines is named beside its
 * value (the row would not say what it is otherwise), a comment without its mark.
 */
function valueAsShown(label: string, field: FieldId, value: string): string {
  if (label === COMMENT_LABEL) return value.replace(COMMENT_MARK, '');
  if (field === 'document.unknown-key' && label !== LINE_LABEL)
    return `${label}: ${value}`;
  return value;
}

/** Blanks the metadata lines of an ASS/SSA header (see the file's comment for what stays). */
export function cleanAssHeader(input: Uint8Array): CleanedHeader {
  const bytes = input.slice();
  const blanked: BlankedLine[] = [];
  /** The current section's name as written, and lower-case for comparisons. */
  let shown = '';
  let section = '';
  const blank = (from: number, to: number, label: string, field: FieldId) => {
    const value = decode(bytes.subarray(from, to));
    if (!value) return;
    bytes.fill(SPACE, from, to);
    blanked.push({
      section: shown,
      label,
      field,
      value: valueAsShown(label, field, value),
    });
  };
  for (const { start, end } of lines(bytes)) {
    const text = decode(bytes.subarray(start, end));
    if (!text) continue;
    const opened = sectionName(text);
    if (opened !== null) {
      shown = opened;
      section = opened.toLowerCase();
      continue;
    }
    if (isComment(text)) {
      blank(start, end, COMMENT_LABEL, 'content.comment');
      continue;
    }
    const colon = bytes.subarray(start, end).indexOf(COLON);
    const key = colon < 0 ? '' : decode(bytes.subarray(start, start + colon));
    const lower = key.toLowerCase();
    if (DRAWN_SECTIONS.has(section)) continue;
    if (section === SCRIPT_INFO && RENDERER_KEYS.has(lower)) continue;
    if (colon < 0) {
      blank(start, end, LINE_LABEL, fieldFor(section, ''));
      continue;
    }
    blank(start + colon + 1, end, key, fieldFor(section, lower));
  }
  return { bytes, blanked };
}
