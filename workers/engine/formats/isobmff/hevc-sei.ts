/**
 * An HEVC decoder configuration (`hvcC`, ISO/IEC 14496-15 8.3.3.1) may carry SEI NAL units beside
 * its parameter sets: x265 writes its version, build and every encoding option there in a
 * user_data_unregistered message (H.265 D.2.7: a 16-byte UUID, then any bytes), in MP4 sample
 * entries and HEIF item properties alike. Such a message's payload is blanked with spaces, in
 * place: the NAL unit, the array and the box keep their sizes, spaces carry no start-code
 * emulation (H.265 7.4.2), and a decoder reads a message it acts on no differently. Other SEI
 * messages (HDR levels, decoded picture hashes) are what a decoder reads, and stay.
 */
import { decodeText, u16be, u8 } from '../../bytes';
import { EngineError, corrupt } from '../../errors';
import { finding, type Finding } from '../../findings';
import type { Box } from './box';
import type { Region } from './region';

/** hvcC: 22 bytes of profile, level and format fields, then numOfArrays (8.3.3.1.2). */
const ARRAY_COUNT_AT = 22;
const NAL_TYPE_MASK = 0x3f;
/** H.265 Table 7-1: prefix and suffix SEI. */
const SEI_NAL_TYPES = new Set([39, 40]);
const NAL_HEADER_BYTES = 2;
/** H.265 7.3.5: payloadType and payloadSize grow by 255 for each 0xFF byte. */
const EXTENSION_BYTE = 0xff;
const USER_DATA_UNREGISTERED = 5;
const UUID_BYTES = 16;
const EMULATION_PREVENTION = 0x03;
const SPACE = 0x20;

/** A NAL unit's payload without emulation prevention bytes, and where each byte lies in it. */
function rbspOf(nal: Uint8Array): { rbsp: Uint8Array; at: number[] } {
  const rbsp: number[] = [];
  const at: number[] = [];
  let zeros = 0;
  for (let i = NAL_HEADER_BYTES; i < nal.length; i++) {
    const byte = nal[i]!;
    if (zeros >= 2 && byte === EMULATION_PREVENTION) {
      zeros = 0;
      continue;
    }
    zeros = byte === 0 ? zeros + 1 : 0;
    rbsp.push(byte);
    at.push(i);
  }
  return { rbsp: new Uint8Array(rbsp), at };
}

/** payloadType or payloadSize at `pos`: the value and where the next field starts. */
function varField(rbsp: Uint8Array, pos: number): [number, number] {
  let value = 0;
  while (pos < rbsp.length && rbsp[pos] === EXTENSION_BYTE) {
    value += EXTENSION_BYTE;
    pos++;
  }
  if (pos >= rbsp.length) throw corrupt('SEI message runs past its NAL unit');
  return [value + rbsp[pos]!, pos + 1];
}

/** The user_data_unregistered payloads of an SEI NAL unit, as [start, end) of its RBSP. */
function userDataPayloads(rbsp: Uint8Array): [number, number][] {
  // The messages end at the rbsp_stop_one_bit's byte, the last that is not zero (7.3.2.11).
  let end = rbsp.length;
  while (end > 0 && rbsp[end - 1] === 0) end--;
  end--;
  const found: [number, number][] = [];
  let pos = 0;
  while (pos < end) {
    const [type, afterType] = varField(rbsp, pos);
    const [size, start] = varField(rbsp, afterType);
    if (start + size > end) throw corrupt('SEI message runs past its NAL unit');
    if (type === USER_DATA_UNREGISTERED) {
      if (size < UUID_BYTES) throw corrupt('user_data_unregistered too short');
      found.push([start, start + size]);
    }
    pos = start + size;
  }
  return found;
}

/** Blanks one SEI NAL unit's user data in the region; what it said, for the report. */
function blankNal(
  region: Region,
  nalAt: number,
  nal: Uint8Array,
  where: string,
): Finding[] {
  const { rbsp, at } = rbspOf(nal);
  const found: Finding[] = [];
  for (const [start, end] of userDataPayloads(rbsp)) {
    const payload = rbsp.subarray(start, end);
    if (payload.every((b) => b === SPACE)) continue;
    const rawStart = at[start]!;
    if (at[end - 1]! + 1 - rawStart !== payload.length)
      throw new EngineError(
        'unsupported',
        `${where}: SEI user data with emulation prevention bytes`,
      );
    const said = decodeText(payload.subarray(UUID_BYTES));
    found.push(
      finding(
        'other.data',
        'user_data_unregistered',
        where,
        said || `${payload.length} bytes`,
      ),
    );
    region.write(new Uint8Array(payload.length).fill(SPACE), nalAt + rawStart);
  }
  return found;
}

/** Blanks the user data of every SEI NAL unit an hvcC box holds; what they said. */
export function blankHvcCUserData(
  region: Region,
  hvcC: Box,
  where: string,
): Finding[] {
  const bytes = region.bytes.subarray(
    hvcC.payload - region.base,
    hvcC.end - region.base,
  );
  if (bytes.length <= ARRAY_COUNT_AT) throw corrupt('hvcC too short');
  const found: Finding[] = [];
  let pos = ARRAY_COUNT_AT + 1;
  for (let a = u8(bytes, ARRAY_COUNT_AT); a > 0; a--) {
    if (pos + 3 > bytes.length) throw corrupt('hvcC array runs past its box');
    let count = u16be(bytes, pos + 1);
    pos += 3;
    for (; count > 0; count--) {
      if (pos + 2 > bytes.length) throw corrupt('hvcC NAL runs past its box');
      const length = u16be(bytes, pos);
      pos += 2;
      if (pos + length > bytes.length)
        throw corrupt('hvcC NAL runs past its box');
      // The NAL unit's own header says what it is (H.265 7.3.1.2), whatever its array says.
      const type = (u8(bytes, pos) >> 1) & NAL_TYPE_MASK;
      if (length > NAL_HEADER_BYTES && SEI_NAL_TYPES.has(type))
        found.push(
          ...blankNal(
            region,
            hvcC.payload + pos,
            bytes.subarray(pos, pos + length),
            where,
          ),
        );
      pos += length;
    }
  }
  return found;
}
