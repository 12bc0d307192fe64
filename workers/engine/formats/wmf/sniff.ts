import { u16le, u32le } from '../../bytes';
import { catalogFormats, sniffedAs } from '../../format-catalog';
import type { FormatSniffer } from '../../format-module';

const WMF = sniffedAs('wmf');
/** [MS-WMF] 2.3.2.3 META_PLACEABLE: a 22-byte header whose Key is 0x9AC6CDD7. */
export const PLACEABLE_KEY = 0x9ac6cdd7;
export const PLACEABLE_BYTES = 22;
/**
 * [MS-WMF] 2.3.2.2 META_HEADER: Type (1 in memory, 2 on disk), HeaderSize 9 words, Version
 * 0x0100 or 0x0300.
 */
export const HEADER_TYPES: ReadonlySet<number> = new Set([1, 2]);
export const HEADER_WORDS = 9;
export const VERSIONS: ReadonlySet<number> = new Set([0x0100, 0x0300]);

/** True when `head` at `at` is a META_HEADER. */
export function isMetaHeader(head: Uint8Array, at: number): boolean {
  return (
    head.length >= at + 6 &&
    HEADER_TYPES.has(u16le(head, at)) &&
    u16le(head, at + 2) === HEADER_WORDS &&
    VERSIONS.has(u16le(head, at + 4))
  );
}

/** A WMF: a placeable header then a META_HEADER, or a META_HEADER alone. */
export const wmfSniffer: FormatSniffer = {
  formats: catalogFormats('wmf'),
  sniff(head) {
    if (head.length >= 4 && u32le(head, 0) === PLACEABLE_KEY)
      return isMetaHeader(head, PLACEABLE_BYTES) ? WMF : null;
    return isMetaHeader(head, 0) ? WMF : null;
  },
};
