/**
 * The property set streams ([MS-OLEPS] 2.21) are overwritten whole, at their own size: a header
 * and one section that holds only the code page, then zeros. Every property they can hold
 * (author, last saved by, company, manager, template, title, dates, edit time, custom
 * properties) describes the person or the document's history, and none is needed to open it.
 */
import { writeU32le } from '../../bytes';
import type { DirEntry } from '../../shared/cfb/directory';
import {
  PID_CODEPAGE,
  propertySetFindings,
  readPropertySetStream,
} from '../../metadata/ole-property-set';
import { finding } from '../../findings';
import { Cleaning, readStream, type Storage } from './storage';

/** [MS-OLEPS] 2.21 PropertySetStream: byte order, version, system id, CLSID, count, FMTID0, offset. */
const BYTE_ORDER_MARK = 0xfffe;
const FMTID_AT = 28;
const FMTID_BYTES = 16;
const SECTION_AT = 48;
const VT_I2 = 0x0002;
/** A section of one property: size, count, one id/offset pair, then the typed value. */
const SECTION_BYTES = 24;
const FIRST_VALUE_AT = 16;

/**
 * The streams that hold property sets: [MS-OLEPS] 2.23 names a property set's stream by a first
 * character of 0x05, whatever follows (SummaryInformation, DocumentSummaryInformation, a custom
 * set's name, or those in another case), so every one of them is rewritten.
 */
export function isPropertySetStream(name: string): boolean {
  return name.startsWith('\u0005');
}

/** A property set stream of `size` bytes that holds nothing but the code page. */
function minimal(
  original: Uint8Array,
  version: number,
  codepage: number,
): Uint8Array {
  const out = new Uint8Array(original.length);
  if (out.length < SECTION_AT + SECTION_BYTES) return out;
  const view = new DataView(out.buffer);
  view.setUint16(0, BYTE_ORDER_MARK, true);
  view.setUint16(2, version, true);
  writeU32le(out, 24, 1);
  out.set(original.subarray(FMTID_AT, FMTID_AT + FMTID_BYTES), FMTID_AT);
  writeU32le(out, FMTID_AT + FMTID_BYTES, SECTION_AT);
  writeU32le(out, SECTION_AT, SECTION_BYTES);
  writeU32le(out, SECTION_AT + 4, 1);
  writeU32le(out, SECTION_AT + 8, PID_CODEPAGE);
  writeU32le(out, SECTION_AT + 12, FIRST_VALUE_AT);
  view.setUint16(SECTION_AT + FIRST_VALUE_AT, VT_I2, true);
  view.setUint16(SECTION_AT + FIRST_VALUE_AT + 4, codepage, true);
  return out;
}

/** True when the stream is already what `minimal` writes: nothing to report or to write. */
function isMinimal(b: Uint8Array, made: Uint8Array): boolean {
  return b.every((x, i) => x === made[i]);
}

export async function cleanPropertySet(
  storage: Storage,
  stream: DirEntry,
  out: Cleaning,
): Promise<void> {
  const b = await readStream(storage, stream);
  const location = `${storage.location}/${stream.name.slice(1)}`;
  const parsed = readPropertySetStream(b);
  const made = minimal(b, parsed?.version ?? 0, parsed?.codepage ?? 0);
  if (isMinimal(b, made)) return;
  if (parsed) out.findings.push(...propertySetFindings(parsed, location));
  else
    out.findings.push(
      finding('other.data', 'unreadable property set', location),
    );
  out.write(storage, stream, 0, made);
}
