import { startsWith } from '../../bytes';
import { catalogFormats, sniffedAs } from '../../format-catalog';
import type { FormatSniffer } from '../../format-module';

const TIFF = sniffedAs('tiff');
const LITTLE = [0x49, 0x49];
const BIG = [0x4d, 0x4d];
/** TIFF (42) and BigTIFF (43) version numbers, in either byte order. */
const VERSIONS = [42, 43];

function isTiffHead(head: Uint8Array): boolean {
  if (startsWith(head, LITTLE))
    return VERSIONS.includes(head[2]!) && head[3] === 0;
  if (startsWith(head, BIG))
    return head[2] === 0 && VERSIONS.includes(head[3]!);
  return false;
}

export const tiffSniffer: FormatSniffer = {
  formats: catalogFormats('tiff'),
  sniff: (head) => (isTiffHead(head) ? TIFF : null),
};
