/** Decodes tEXt, zTXt and iTXt (PNG spec, 11.3.4) for the report. */
import { decodeLatin1, decodeText } from '../../bytes';
import type { FieldId } from '../../fields';
import type { InflateBudget } from '../../shared/inflate';

/** Enough for any real XMP packet or comment; a bigger text is reported truncated. */
export const MAX_TEXT_BYTES = 4 * 1024 * 1024;
const COMPRESSION_DEFLATE = 0;

export interface PngText {
  readonly keyword: string;
  /** The text for the report; undefined when it cannot be inflated. */
  readonly text?: string;
  /** The text's bytes, inflated: XMP is decoded from them. */
  readonly utf8?: Uint8Array;
}

function nul(data: Uint8Array, from: number): number {
  const at = data.indexOf(0, from);
  return at < 0 ? data.length : at;
}

function inflated(
  data: Uint8Array,
  method: number,
  budget: InflateBudget,
): Uint8Array | null {
  if (method !== COMPRESSION_DEFLATE) return null;
  return budget.inflate(data, MAX_TEXT_BYTES);
}

function parseTEXt(data: Uint8Array, keyword: string, at: number): PngText {
  const raw = data.subarray(at);
  return { keyword, text: decodeLatin1(raw), utf8: raw };
}

function parseZTXt(
  data: Uint8Array,
  keyword: string,
  at: number,
  budget: InflateBudget,
): PngText {
  const text = inflated(data.subarray(at + 1), data[at] ?? -1, budget);
  return text ? { keyword, text: decodeLatin1(text), utf8: text } : { keyword };
}

function parseITXt(
  data: Uint8Array,
  keyword: string,
  at: number,
  budget: InflateBudget,
): PngText {
  const compressed = data[at] === 1;
  const method = data[at + 1] ?? -1;
  const languageEnd = nul(data, at + 2);
  const translatedEnd = nul(data, languageEnd + 1);
  const body = data.subarray(Math.min(translatedEnd + 1, data.length));
  const utf8 = compressed ? inflated(body, method, budget) : body;
  return utf8 ? { keyword, text: decodeText(utf8), utf8 } : { keyword };
}

export function parsePngText(
  type: string,
  data: Uint8Array,
  budget: InflateBudget,
): PngText {
  const keywordEnd = nul(data, 0);
  const keyword = decodeLatin1(data.subarray(0, keywordEnd));
  const at = keywordEnd + 1;
  if (type === 'zTXt') return parseZTXt(data, keyword, at, budget);
  if (type === 'iTXt') return parseITXt(data, keyword, at, budget);
  return parseTEXt(data, keyword, at);
}

/** The PNG spec's predefined keywords (11.3.4.2) and what ImageMagick and cameras add. */
const KEYWORD_FIELDS: readonly [RegExp, FieldId][] = [
  [/gps|latitude|longitude/i, 'gps.detail'],
  [/location/i, 'place.name'],
  [/copyright/i, 'author.copyright'],
  [/author|artist|creator|owner|publisher/i, 'author.name'],
  [/^creation time$/i, 'time.created'],
  [/time|date/i, 'time.date'],
  [/software|generator|tool|program/i, 'software.creator'],
  [/make/i, 'device.make'],
  [/model/i, 'device.model'],
  [/serial/i, 'identifier.serial'],
  [/lens/i, 'device.lens'],
  [/source|camera|device/i, 'device.name'],
  [/title/i, 'content.title'],
  [/keyword/i, 'content.keywords'],
  [/comment/i, 'content.comment'],
  [/description|caption|label|subject/i, 'content.description'],
];

export const XMP_KEYWORD = 'XML:com.adobe.xmp';

export function keywordField(keyword: string): FieldId {
  return KEYWORD_FIELDS.find(([re]) => re.test(keyword))?.[1] ?? 'other.data';
}
