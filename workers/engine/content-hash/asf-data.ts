/**
 * The packets of an ASF file (WMV, WMA): the Data Object's payload after its own header, whose
 * File ID the cleaner zeroes (ASF Specification 01.20.05, 5.1), found by a walk of the top-level
 * objects of its own (3.1).
 */
import type { ByteReader } from '../byte-source';
import { u64le } from '../bytes';
import type { ByteRange } from '../engine-types';
import { corrupt } from '../errors';
import { MAX_ENTRIES } from '../limits';

const GUID_BYTES = 16;
/** An object's GUID, then its 64-bit size, header included (3.1). */
const OBJECT_HEADER_BYTES = GUID_BYTES + 8;
/** The Data Object's header: GUID, size, File ID, Total Data Packets, Reserved (5.1). */
const DATA_HEADER_BYTES = OBJECT_HEADER_BYTES + GUID_BYTES + 8 + 2;
/** The Data Object's GUID, 75B22636-668E-11CF-A6D9-00AA0062CE6C, as it sits on disk (10.1). */
const DATA_GUID = Uint8Array.of(
  0x36,
  0x26,
  0xb2,
  0x75,
  0x8e,
  0x66,
  0xcf,
  0x11,
  0xa6,
  0xd9,
  0x00,
  0xaa,
  0x00,
  0x62,
  0xce,
  0x6c,
);

const isData = (head: Uint8Array): boolean =>
  DATA_GUID.every((b, i) => head[i] === b);

/** The payload of every top-level Data Object, in file order. */
export async function asfPacketRanges(src: ByteReader): Promise<ByteRange[]> {
  const ranges: ByteRange[] = [];
  let at = 0;
  for (let n = 0; n < MAX_ENTRIES; n++) {
    if (at + OBJECT_HEADER_BYTES > src.size) return ranges;
    const head = await src.readExact(at, OBJECT_HEADER_BYTES);
    const end = at + u64le(head, GUID_BYTES);
    if (end < at + OBJECT_HEADER_BYTES || end > src.size)
      throw corrupt(`ASF object at ${at} does not fit the file`);
    if (isData(head)) {
      if (end < at + DATA_HEADER_BYTES)
        throw corrupt('an ASF Data Object shorter than its header');
      ranges.push({ start: at + DATA_HEADER_BYTES, end });
    }
    at = end;
  }
  throw corrupt('too many ASF objects');
}
