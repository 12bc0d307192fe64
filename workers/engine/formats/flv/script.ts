/**
 * One script tag's data: `onMetaData` keeps its technical entries (duration, size, codecs,
 * keyframe index) and loses every string and date (title, encoder, creator, creation date);
 * `onXMPData` loses its XMP packet. The data is rewritten at the same length, zero-filled at the
 * end, so no tag moves.
 */
import { finding, type Finding } from '../../findings';
import {
  AMF,
  dateValue,
  propertiesEnd,
  shortString,
  shortStringEnd,
  stringValue,
  valueEnd,
} from './amf';
import { keyField, PLAYBACK_STRING_KEYS } from './keys';
import { locationFinding } from '../../metadata/iso6709';

export interface ScriptResult {
  readonly findings: Finding[];
  /** Same-length replacement for the tag data, or null when nothing changes. */
  readonly replacement: Uint8Array | null;
}

const NOTHING: ScriptResult = { findings: [], replacement: null };
const ECMA_COUNT_BYTES = 4;
const OBJECT_END = [0, 0, AMF.objectEnd];
const LOCATION = 'onMetaData';

interface Entry {
  readonly key: string;
  readonly start: number;
  readonly end: number;
  readonly removed?: Finding;
}

export function scanScript(data: Uint8Array): ScriptResult {
  if (data[0] !== AMF.string) return NOTHING;
  const nameEnd = shortStringEnd(data, 1);
  const name = shortString(data, 1);
  if (name === 'onXMPData') return dropXmp(data, nameEnd);
  if (name !== 'onMetaData') return NOTHING;
  const type = data[nameEnd];
  if (type !== AMF.ecmaArray && type !== AMF.object) return NOTHING;
  const propsAt = nameEnd + 1 + (type === AMF.ecmaArray ? ECMA_COUNT_BYTES : 0);
  const entries = readEntries(data, propsAt);
  const findings = entries.flatMap((e) => (e.removed ? [e.removed] : []));
  if (findings.length === 0) return NOTHING;
  const kept = entries.filter((e) => !e.removed);
  return {
    findings,
    replacement: rebuild(data, propsAt, type === AMF.ecmaArray, kept),
  };
}

function readEntries(data: Uint8Array, at: number): Entry[] {
  const end = propertiesEnd(data, at, 1);
  const entries: Entry[] = [];
  for (let pos = at; pos < end;) {
    const valueAt = shortStringEnd(data, pos);
    if (valueAt === pos + 2 && data[valueAt] === AMF.objectEnd) break;
    const key = shortString(data, pos);
    const next = valueEnd(data, valueAt, 1);
    entries.push({
      key,
      start: pos,
      end: next,
      ...removal(data, key, valueAt),
    });
    pos = next;
  }
  return entries;
}

function removal(
  data: Uint8Array,
  key: string,
  at: number,
): { removed?: Finding } {
  if (data[at] === AMF.date) {
    return {
      removed: finding('time.created', key, LOCATION, dateValue(data, at)),
    };
  }
  const text = stringValue(data, at);
  if (text === null || PLAYBACK_STRING_KEYS.has(key)) return {};
  return { removed: locationFinding(keyField(key), key, LOCATION, text) };
}

/** The name and container header as they were, the kept entries, the end marker, then zeros. */
function rebuild(
  data: Uint8Array,
  propsAt: number,
  isEcmaArray: boolean,
  kept: readonly Entry[],
): Uint8Array {
  const out = new Uint8Array(data.length);
  out.set(data.subarray(0, propsAt));
  if (isEcmaArray) {
    new DataView(out.buffer).setUint32(propsAt - ECMA_COUNT_BYTES, kept.length);
  }
  let at = propsAt;
  for (const entry of kept) {
    out.set(data.subarray(entry.start, entry.end), at);
    at += entry.end - entry.start;
  }
  out.set(OBJECT_END, at);
  return out;
}

function dropXmp(data: Uint8Array, nameEnd: number): ScriptResult {
  const hasPacket = valueEnd(data, nameEnd) > nameEnd + 1;
  if (!hasPacket) return NOTHING;
  const out = new Uint8Array(data.length);
  out.set(data.subarray(0, nameEnd));
  out[nameEnd] = AMF.null;
  return {
    findings: [finding('history.edits', 'onXMPData', 'onXMPData')],
    replacement: out,
  };
}
