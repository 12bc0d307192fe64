/**
 * XMP in GIF (XMP spec part 3, 1.1.2): the packet is stored raw after the application id, and a
 * 258-byte "magic trailer" makes decoders that walk it as sub-blocks land on a terminator.
 */
import type { Finding } from '../../findings';
import { readXmpFindings } from '../../metadata/xmp';

const APPLICATION_ID_BLOCK_BYTES = 12;
const PACKET_END = '>'.charCodeAt(0);

/** The XMP packet bytes inside an XMP DataXMP extension's data. */
export function xmpPacket(data: Uint8Array): Uint8Array {
  const body = data.subarray(APPLICATION_ID_BLOCK_BYTES);
  return body.subarray(0, body.lastIndexOf(PACKET_END) + 1);
}

export function xmpExtensionFindings(
  data: Uint8Array,
  location: string,
): Finding[] {
  return readXmpFindings(xmpPacket(data), location);
}
