/**
 * The words an ICC profile carries besides its colours: its description, copyright, device
 * maker and model descriptions, viewing conditions and metadata dictionary (ICC.1:2010 10.13
 * `desc`/`mluc`, 10.24 `text`, ICC.1 v5 `dict`). A calibration program names a profile after its
 * owner or machine ("John's MacBook, 2024-03-01"), so these strings go: their characters are
 * zeroed in place, the tag table, offsets and sizes stay, and no colour transform reads them.
 * A standard profile ("sRGB IEC61966-2.1", "Display P3") says nothing of a person: its
 * description stays, so the report can name the profile kept, and so does each of its words that
 * names the body or vendor that published it (HP's and the IEC's for sRGB, Apple's for Display
 * P3) or is a standard name itself (GIMP's device model "sRGB"), so the profile cameras, phones and
 * editors embed stays byte for byte. A changed profile's ID (an MD5 of
 * the profile, header bytes 84-99) would no longer match: it is zeroed, which means "not
 * computed" (ICC.1:2010 7.2.18). Such a profile's creation date goes too.
 */
import { decodeLatin1, fourcc, u16be, u32be } from '../bytes';
import { EngineError } from '../errors';
import { finding, type Finding } from '../findings';
import type { FieldId } from '../fields';
import { iccDescription } from './icc';

const HEADER_BYTES = 128;
const TAG_COUNT_BYTES = 4;
const TAG_ENTRY_BYTES = 12;
/**
 * More tags, or more records in one text tag, than any real profile has: it bounds the walk of a
 * hostile table, and a profile past it is refused, since the words after it would go unread.
 */
const MAX_TAGS = 256;
/** ICC.1:2010 7.2.8: when the profile was made, six big-endian 16-bit numbers (year to second). */
const DATE_AT = 24;
const DATE_FIELDS = 6;
const PROFILE_ID_AT = 84;
const PROFILE_ID_BYTES = 16;
/** Every text type starts with its signature and 4 reserved bytes. */
const TYPE_HEADER_BYTES = 8;
/** `desc` (v2): ASCII count, ASCII, Unicode language and count, UTF-16, ScriptCode code, count, 67 bytes. */
const DESC_ASCII_AT = 12;
const DESC_SCRIPTCODE_BYTES = 67;
/** `mluc`: record count and size, then records of language, country, length, offset. */
const MLUC_RECORDS_AT = 16;
const MLUC_LENGTH_AT = 4;
const MLUC_OFFSET_AT = 8;
/** `dict`: count, record size (16, 24 or 32), then offset/size pairs of names and values. */
const DICT_RECORDS_AT = 16;
const DICT_PAIR_BYTES = 8;
/** Characters below it are controls (NUL padding among them), read as a space. */
const SPACE = 0x20;
const DICT_RECORD_SIZES = new Set([16, 24, 32]);

/** Names of the standard profiles cameras, phones and editors embed: kept as they are. */
const STANDARD_DESCRIPTIONS = new Set([
  'sRGB IEC61966-2.1',
  'sRGB IEC61966-2-1 black scaled',
  'sRGB',
  'sRGB built-in',
  'GIMP built-in sRGB',
  'Display P3',
  'Adobe RGB (1998)',
  'ProPhoto RGB',
  'Generic RGB Profile',
  'Generic Gray Gamma 2.2 Profile',
  'Dot Gain 20%',
  'sGray',
  'c2',
  'uRGB',
  'Apple Wide Color Sharing Profile',
  'U.S. Web Coated (SWOP) v2',
  'Coated FOGRA39 (ISO 12647-2:2004)',
]);

/** The publishers whose names a standard profile's copyright and device texts carry. */
const PUBLISHER =
  /\b(IEC|Hewlett-Packard|Apple|Adobe|Kodak|Microsoft|Google|GIMP|International Color Consortium|Public Domain|Reference Viewing Condition)\b/;

/**
 * Apple's localized descriptions (`dscm`) of a standard profile: kept with it. Each `desc` tag is
 * read, since a profile may hold a second one (exiftool shows both) whose words are a person's.
 */
const LOCALIZED_DESCRIPTIONS = 'dscm';

/** Whether every word of a description is a standard profile's name. */
const standardWords = (said: readonly string[]) =>
  said.every((w) => w === '' || STANDARD_DESCRIPTIONS.has(w));

const FIELDS: Readonly<Record<string, FieldId>> = {
  desc: 'content.description',
  cprt: 'author.copyright',
  dmnd: 'device.make',
  dmdd: 'device.model',
};

interface Span {
  readonly start: number;
  readonly end: number;
  /** UTF-16BE text (mluc, dict, desc's Unicode part); ASCII otherwise. */
  readonly utf16?: boolean;
}

const tooMany = (what: string) =>
  new EngineError(
    'unsupported',
    `an ICC profile with more ${what} than any real profile has, whose words cannot all be read`,
  );

/** The record count of the `mluc` or `dict` tag at `at`; throws past `MAX_TAGS`. */
function recordCount(profile: Uint8Array, at: number, type: string): number {
  const count = u32be(profile, at + TYPE_HEADER_BYTES);
  if (count > MAX_TAGS) throw tooMany(`records in its ${type} tag`);
  return count;
}

/** The character spans of the text tag at `at`..`end` of `profile`, by its type. */
function textSpans(profile: Uint8Array, at: number, end: number): Span[] {
  const type = fourcc(profile, at);
  // A count that runs past its tag is a lie a reader may still follow to the tag's end (exiftool
  // does): the characters up to there are the text's, and go with it.
  const inTag = (start: number, length: number, utf16 = false): Span[] =>
    start >= at && start < end && length > 0
      ? [{ start, end: Math.min(start + length, end), utf16 }]
      : [];
  if (type === 'text')
    return inTag(at + TYPE_HEADER_BYTES, end - at - TYPE_HEADER_BYTES);
  if (type === 'desc') {
    const asciiCount = u32be(profile, at + TYPE_HEADER_BYTES);
    const unicodeAt = at + DESC_ASCII_AT + asciiCount;
    const spans = inTag(at + DESC_ASCII_AT, asciiCount);
    if (unicodeAt + 8 > end) return spans;
    const unicodeCount = u32be(profile, unicodeAt + 4);
    const scriptAt = unicodeAt + 8 + unicodeCount * 2;
    return [
      ...spans,
      ...inTag(unicodeAt + 8, unicodeCount * 2, true),
      ...inTag(
        scriptAt + 3,
        Math.min(DESC_SCRIPTCODE_BYTES, end - scriptAt - 3),
      ),
    ];
  }
  if (type === 'mluc') {
    const count = recordCount(profile, at, type);
    const size = u32be(profile, at + TYPE_HEADER_BYTES + 4);
    const spans: Span[] = [];
    for (let i = 0; i < count; i++) {
      const record = at + MLUC_RECORDS_AT + i * size;
      if (record + MLUC_OFFSET_AT + 4 > end) break;
      const length = u32be(profile, record + MLUC_LENGTH_AT);
      spans.push(
        ...inTag(at + u32be(profile, record + MLUC_OFFSET_AT), length, true),
      );
    }
    return spans;
  }
  if (type === 'dict') {
    const count = recordCount(profile, at, type);
    const size = u32be(profile, at + TYPE_HEADER_BYTES + 4);
    if (!DICT_RECORD_SIZES.has(size))
      return inTag(at + TYPE_HEADER_BYTES, end - at - TYPE_HEADER_BYTES);
    const spans: Span[] = [];
    for (let i = 0; i < count; i++) {
      const record = at + DICT_RECORDS_AT + i * size;
      if (record + size > end) break;
      for (let pair = 0; pair < size; pair += DICT_PAIR_BYTES)
        spans.push(
          ...inTag(
            at + u32be(profile, record + pair),
            u32be(profile, record + pair + 4),
            true,
          ),
        );
    }
    return spans;
  }
  return [];
}

export interface ScrubbedProfile {
  /** The profile with its personal words zeroed, or null when it has none. */
  readonly profile: Uint8Array | null;
  readonly findings: Finding[];
}

function words(profile: Uint8Array, span: Span): string {
  const bytes = profile.subarray(span.start, span.end);
  const text = span.utf16
    ? new TextDecoder('utf-16be').decode(bytes)
    : decodeLatin1(bytes);
  return [...text]
    .map((c) => (c.charCodeAt(0) < SPACE ? ' ' : c))
    .join('')
    .replace(/ +/g, ' ')
    .trim();
}

/** The header's creation date as `YYYY-MM-DD hh:mm:ss`, or null when it is not set. */
function creationDate(profile: Uint8Array): string | null {
  const n = Array.from({ length: DATE_FIELDS }, (_, i) =>
    u16be(profile, DATE_AT + i * 2),
  );
  if (n.every((x) => x === 0)) return null;
  const two = (x: number) => String(x).padStart(2, '0');
  return `${n[0]}-${two(n[1]!)}-${two(n[2]!)} ${two(n[3]!)}:${two(n[4]!)}:${two(n[5]!)}`;
}

function scrub(profile: Uint8Array, location: string): ScrubbedProfile {
  const out = new Uint8Array(profile);
  const findings: Finding[] = [];
  const standard = STANDARD_DESCRIPTIONS.has(iccDescription(profile) ?? '');
  const count = u32be(profile, HEADER_BYTES);
  if (count > MAX_TAGS) throw tooMany('tags');
  for (let i = 0; i < count; i++) {
    const entry = HEADER_BYTES + TAG_COUNT_BYTES + i * TAG_ENTRY_BYTES;
    if (entry + TAG_ENTRY_BYTES > profile.length) break;
    const signature = fourcc(profile, entry);
    if (standard && signature === LOCALIZED_DESCRIPTIONS) continue;
    const at = u32be(profile, entry + 4);
    const end = Math.min(at + u32be(profile, entry + 8), profile.length);
    if (at + TYPE_HEADER_BYTES > end) continue;
    const spans = textSpans(profile, at, end);
    const said = spans.map((span) => words(profile, span));
    if (!said.some((w) => w !== '')) continue;
    const text = said.join(' ');
    if (
      standard &&
      (signature === 'desc'
        ? standardWords(said)
        : PUBLISHER.test(text) || STANDARD_DESCRIPTIONS.has(text))
    )
      continue;
    for (const span of spans) out.fill(0, span.start, span.end);
    findings.push(
      finding(
        FIELDS[signature] ?? 'content.detail',
        `ICC ${signature}`,
        location,
        said.filter((w) => w !== '').join(' / '),
      ),
    );
  }
  if (findings.length === 0) return { profile: null, findings };
  // A profile named after a person is one they made: its date says when they calibrated.
  const date = creationDate(profile);
  if (date) {
    findings.push(finding('time.created', 'ICC dateTime', location, date));
    out.fill(0, DATE_AT, DATE_AT + DATE_FIELDS * 2);
  }
  out.fill(0, PROFILE_ID_AT, PROFILE_ID_AT + PROFILE_ID_BYTES);
  return { profile: out, findings };
}

/** The profile with the words above zeroed and what they said, or no new profile when it holds none. */
export function scrubIccText(
  profile: Uint8Array,
  location: string,
): ScrubbedProfile {
  if (profile.length < HEADER_BYTES + TAG_COUNT_BYTES)
    return { profile: null, findings: [] };
  return scrub(profile, location);
}

/**
 * A profile carried in pieces (a JPEG's APP2 chunks, a GIF's sub-blocks), given in profile
 * order: joined, scrubbed whole, and cut back at the pieces' lengths, so each can be written in
 * its own place; no pieces when the profile holds no words.
 */
export function scrubIccPieces(
  pieces: readonly Uint8Array[],
  location: string,
): { pieces: Uint8Array[] | null; findings: Finding[] } {
  const joined = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const piece of pieces) {
    joined.set(piece, at);
    at += piece.length;
  }
  const scrubbed = scrubIccText(joined, location);
  if (!scrubbed.profile) return { pieces: null, findings: scrubbed.findings };
  const profile = scrubbed.profile;
  at = 0;
  const out = pieces.map((piece) => {
    at += piece.length;
    return profile.subarray(at - piece.length, at);
  });
  return { pieces: out, findings: scrubbed.findings };
}
