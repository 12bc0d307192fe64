import { indexOfBytes, startsWith } from '../../bytes';
import { catalogFormats, sniffedAs } from '../../format-catalog';
import type { FormatSniffer } from '../../format-module';
import { parseHeader } from './ebml';

const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];
const DOC_TYPE_ID = Uint8Array.of(0x42, 0x82);
const WEBM = sniffedAs('webm');
const MKV = sniffedAs('mkv');

/** The EBML header's DocType (RFC 8794 11.2.6): `webm` or `matroska`. */
function docType(head: Uint8Array): string | null {
  const at = indexOfBytes(head, DOC_TYPE_ID, EBML_MAGIC.length);
  if (at < 0) return null;
  try {
    const header = parseHeader(head, at, 0);
    if (header?.size == null) return null;
    const end = header.dataOffset + header.size;
    return String.fromCharCode(...head.subarray(header.dataOffset, end));
  } catch {
    return null;
  }
}

export const matroskaSniffer: FormatSniffer = {
  formats: catalogFormats('webm', 'mkv'),
  sniff(head) {
    if (!startsWith(head, EBML_MAGIC)) return null;
    const type = docType(head);
    if (type === 'webm') return WEBM;
    if (type === 'matroska') return MKV;
    return null;
  },
};
