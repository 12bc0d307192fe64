/** File Properties (ASF specification 3.2): the creation date and the file id are zeroed, the rest is playback. */
import { finding, type Finding } from '../../findings';
import type { Patch } from '../../shared/in-place';
import { GUID_BYTES, readGuid } from './guids';
import { OBJECT_HEADER_BYTES } from './objects';

/** What a walk of an ASF file gathers: what it held, and the same-size patches that clean it. */
export interface AsfAnalysis {
  readonly findings: Finding[];
  readonly patches: Patch[];
}

const FILE_ID_AT = OBJECT_HEADER_BYTES;
const CREATION_DATE_AT = FILE_ID_AT + GUID_BYTES + 8;
const DATE_BYTES = 8;
/** FILETIME counts 100 ns ticks from 1601-01-01 UTC. */
const TICKS_PER_MS = 10_000n;
const FILETIME_TO_UNIX_MS = 11_644_473_600_000;
const LOCATION = 'File Properties';

const isZero = (b: Uint8Array) => b.every((x) => x === 0);

/**
 * The Unix epoch as a FILETIME: what ffmpeg's ASF muxer writes when the file has no creation time,
 * so it is no date (the field is there and says nothing), not 1 January 1970.
 */
const UNIX_EPOCH_TICKS = BigInt(FILETIME_TO_UNIX_MS) * TICKS_PER_MS;

function filetimeIso(bytes: Uint8Array): string | undefined {
  const ticks = new DataView(
    bytes.buffer,
    bytes.byteOffset,
    DATE_BYTES,
  ).getBigUint64(0, true);
  if (ticks === UNIX_EPOCH_TICKS) return '';
  const date = new Date(Number(ticks / TICKS_PER_MS) - FILETIME_TO_UNIX_MS);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** Zeroes a GUID-sized File ID at `at` (relative to `object`); the Data Object repeats it. */
export function fileId(
  object: Uint8Array,
  offset: number,
  location: string,
  into: AsfAnalysis,
): void {
  const id = object.subarray(FILE_ID_AT, FILE_ID_AT + GUID_BYTES);
  if (id.length < GUID_BYTES || isZero(id)) return;
  into.findings.push(
    finding('identifier.unique', 'File ID', location, readGuid(id, 0)),
  );
  into.patches.push({
    offset: offset + FILE_ID_AT,
    data: new Uint8Array(GUID_BYTES),
  });
}

export function fileProperties(
  object: Uint8Array,
  offset: number,
  into: AsfAnalysis,
): void {
  fileId(object, offset, LOCATION, into);
  const date = object.subarray(CREATION_DATE_AT, CREATION_DATE_AT + DATE_BYTES);
  if (date.length < DATE_BYTES || isZero(date)) return;
  into.findings.push(
    finding('time.created', 'Creation Date', LOCATION, filetimeIso(date)),
  );
  into.patches.push({
    offset: offset + CREATION_DATE_AT,
    data: new Uint8Array(DATE_BYTES),
  });
}
