/**
 * OLE property sets ([MS-OLEPS] 2.21): the `\005SummaryInformation` and
 * `\005DocumentSummaryInformation` streams of legacy Office files and OLE objects. Reads every
 * property for the report; never throws on damaged input.
 */
import { u16le, u32le } from '../bytes';
import type { FieldId } from '../fields';
import { finding, type Finding } from '../findings';

const BYTE_ORDER = 0xfffe;
const HEADER_BYTES = 28;
const FMTID_BYTES = 16;
const SECTION_REF_BYTES = FMTID_BYTES + 4;
const MAX_SECTIONS = 2;
/** [MS-OLEPS] 2.18.1: how many properties one section may hold. */
const MAX_PROPERTIES = 4096;
const PID_DICTIONARY = 0;
export const PID_CODEPAGE = 1;
const CP_UTF16 = 1200;
const CP_UTF8 = 65001;
const WINDOWS_LATIN = 1252;
/** [MS-OLEPS] 2.15: the property types that carry text or a moment. */
const VT_LPSTR = 0x1e;
const VT_LPWSTR = 0x1f;
const VT_FILETIME = 0x40;
const VT_CF = 0x47;
/** [MS-OLEPS] 2.8: FILETIMEs count 100 ns from 1601; 11644473600 s separate it from 1970. */
const FILETIME_TICKS_PER_MS = 10_000;
const FILETIME_EPOCH_MS = 11_644_473_600_000;
/** An edit time is a duration: below a century of ticks it is not a date. */
const MAX_DURATION_TICKS = 100 * 365 * 24 * 3600 * 1e7;
const MS_PER_MINUTE = 60_000;

/** [MS-OLEPS] 3.1.1: the summary information section's properties. */
const SUMMARY: Record<number, [string, FieldId]> = {
  2: ['Title', 'content.title'],
  3: ['Subject', 'content.description'],
  4: ['Author', 'author.name'],
  5: ['Keywords', 'content.keywords'],
  6: ['Comments', 'content.comment'],
  7: ['Template', 'software.template'],
  8: ['LastAuthor', 'author.last-editor'],
  9: ['RevisionNumber', 'history.revision'],
  10: ['EditTime', 'history.edit-time'],
  11: ['LastPrinted', 'time.printed'],
  12: ['CreateTime', 'time.created'],
  13: ['LastSaveTime', 'time.modified'],
  17: ['Thumbnail', 'thumbnail.image'],
  18: ['AppName', 'software.creator'],
};
/** [MS-OLEPS] 3.1.2: the document summary information section's properties. */
const DOC_SUMMARY: Record<number, [string, FieldId]> = {
  2: ['Category', 'content.detail'],
  14: ['Manager', 'author.manager'],
  15: ['Company', 'author.organization'],
  23: ['AppVersion', 'software.detail'],
  26: ['ContentType', 'content.detail'],
  27: ['ContentStatus', 'content.detail'],
  28: ['Language', 'content.detail'],
  29: ['DocVersion', 'history.revision'],
};
const FMTID_SUMMARY = 'f29f85e0-4ff9-1068-ab91-08002b27b3d9';
const FMTID_DOC_SUMMARY = 'd5cdd502-2e9c-101b-9397-08002b2cf9ae';

export interface Property {
  readonly id: number;
  readonly type: number;
  /** Text, a date (ISO 8601), a duration or a number; absent for binary values. */
  readonly value?: string;
}

export interface PropertySection {
  readonly fmtid: string;
  /** Where the section starts in the stream. */
  readonly offset: number;
  readonly properties: readonly Property[];
  /** Names of user-defined properties (the dictionary), by id. */
  readonly names: ReadonlyMap<number, string>;
  /** [MS-OLEPS] 2.18.2: the code page its 8-bit strings are in. */
  readonly codepage: number;
}

export interface PropertySetStream {
  readonly version: number;
  readonly sections: readonly PropertySection[];
  readonly codepage: number;
}

/** The GUID at `at` in its usual text form (the first three fields little-endian). */
function guid(b: Uint8Array, at: number): string {
  const hex = (from: number, to: number, reverse: boolean): string => {
    const bytes = [...b.subarray(at + from, at + to)];
    if (reverse) bytes.reverse();
    return bytes.map((x) => x.toString(16).padStart(2, '0')).join('');
  };
  return [
    hex(0, 4, true),
    hex(4, 6, true),
    hex(6, 8, true),
    hex(8, 10, false),
    hex(10, 16, false),
  ].join('-');
}

function decoderFor(codepage: number): TextDecoder {
  const label =
    codepage === CP_UTF8
      ? 'utf-8'
      : codepage === CP_UTF16
        ? 'utf-16le'
        : `windows-${codepage}`;
  try {
    return new TextDecoder(label);
  } catch {
    return new TextDecoder(`windows-${WINDOWS_LATIN}`);
  }
}

const clean = (s: string): string =>
  s.replace(/\0+$/, '').replace(/\0/g, ' ').trim();

function fileTime(b: Uint8Array, at: number): string | undefined {
  const ticks = u32le(b, at + 4) * 2 ** 32 + u32le(b, at);
  if (ticks === 0) return undefined;
  if (ticks < MAX_DURATION_TICKS)
    // A duration is written as whole minutes, the form edit times take everywhere.
    return String(Math.round(ticks / FILETIME_TICKS_PER_MS / MS_PER_MINUTE));
  const ms = ticks / FILETIME_TICKS_PER_MS - FILETIME_EPOCH_MS;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

function readValue(
  b: Uint8Array,
  at: number,
  end: number,
  decoder: TextDecoder,
): Property['value'] {
  const type = u16le(b, at);
  const body = at + 4;
  if (type === VT_LPSTR || type === VT_LPWSTR) {
    const count = u32le(b, body);
    const bytes = type === VT_LPWSTR ? count * 2 : count;
    if (body + 4 + bytes > end) return undefined;
    const raw = b.subarray(body + 4, body + 4 + bytes);
    return clean(
      type === VT_LPWSTR
        ? new TextDecoder('utf-16le').decode(raw)
        : decoder.decode(raw),
    );
  }
  if (type === VT_FILETIME && body + 8 <= end) return fileTime(b, body);
  return undefined;
}

function readSection(
  b: Uint8Array,
  fmtid: string,
  offset: number,
): PropertySection | null {
  if (offset + 8 > b.length) return null;
  const size = u32le(b, offset);
  const count = u32le(b, offset + 4);
  const end = Math.min(b.length, offset + size);
  if (count > MAX_PROPERTIES || offset + 8 + count * 8 > end) return null;
  const ids: [number, number][] = [];
  for (let i = 0; i < count; i++)
    ids.push([u32le(b, offset + 8 + i * 8), u32le(b, offset + 12 + i * 8)]);
  const cpRef = ids.find(([id]) => id === PID_CODEPAGE);
  const codepage =
    cpRef && offset + cpRef[1] + 6 <= end
      ? u16le(b, offset + cpRef[1] + 4)
      : WINDOWS_LATIN;
  const decoder = decoderFor(codepage);
  const properties: Property[] = [];
  const names = new Map<number, string>();
  for (const [id, rel] of ids) {
    const at = offset + rel;
    if (at + 4 > end) continue;
    if (id === PID_DICTIONARY) {
      readDictionary(b, at, end, codepage, decoder, names);
      continue;
    }
    const value = readValue(b, at, end, decoder);
    properties.push({ id, type: u16le(b, at), ...(value ? { value } : {}) });
  }
  return { fmtid, offset, properties, names, codepage };
}

/** [MS-OLEPS] 2.17: the user-defined properties' names. */
function readDictionary(
  b: Uint8Array,
  at: number,
  end: number,
  codepage: number,
  decoder: TextDecoder,
  names: Map<number, string>,
): void {
  const count = Math.min(u32le(b, at), MAX_PROPERTIES);
  let p = at + 4;
  for (let i = 0; i < count && p + 8 <= end; i++) {
    const id = u32le(b, p);
    const chars = u32le(b, p + 4);
    const bytes = codepage === CP_UTF16 ? chars * 2 : chars;
    if (p + 8 + bytes > end) return;
    names.set(id, clean(decoder.decode(b.subarray(p + 8, p + 8 + bytes))));
    p += 8 + bytes;
    // Unicode names are padded to a multiple of four bytes.
    if (codepage === CP_UTF16) p += (4 - (bytes % 4)) % 4;
  }
}

/** The stream's sections, or null when it is not a property set stream. */
export function readPropertySetStream(b: Uint8Array): PropertySetStream | null {
  if (b.length < HEADER_BYTES || u16le(b, 0) !== BYTE_ORDER) return null;
  const count = u32le(b, 24);
  if (
    count > MAX_SECTIONS ||
    HEADER_BYTES + count * SECTION_REF_BYTES > b.length
  )
    return null;
  const sections: PropertySection[] = [];
  for (let i = 0; i < count; i++) {
    const ref = HEADER_BYTES + i * SECTION_REF_BYTES;
    const section = readSection(b, guid(b, ref), u32le(b, ref + FMTID_BYTES));
    if (!section) return null;
    sections.push(section);
  }
  return {
    version: u16le(b, 2),
    sections,
    codepage: sections[0]?.codepage ?? WINDOWS_LATIN,
  };
}

/**
 * What a property set holds that the report names: every text, date and picture. A property the
 * tables do not name is reported by its number; counts and the code page are not findings.
 */
export function propertySetFindings(
  stream: PropertySetStream,
  location: string,
): Finding[] {
  const out: Finding[] = [];
  for (const section of stream.sections) {
    const table =
      section.fmtid === FMTID_SUMMARY
        ? SUMMARY
        : section.fmtid === FMTID_DOC_SUMMARY
          ? DOC_SUMMARY
          : undefined;
    for (const p of section.properties) {
      if (p.id === PID_CODEPAGE) continue;
      const named = table?.[p.id];
      const label = named?.[0] ?? section.names.get(p.id) ?? `Property ${p.id}`;
      if (p.type === VT_CF)
        out.push(finding('thumbnail.image', label, location));
      // A user-defined property is reported whatever its type: its name is the author's too.
      else if (p.value || !table)
        out.push(finding(named?.[1] ?? 'other.data', label, location, p.value));
    }
  }
  return out;
}
