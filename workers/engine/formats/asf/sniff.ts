import { startsWith } from '../../bytes';
import { catalogFormats, sniffedAs } from '../../format-catalog';
import type { FormatSniffer } from '../../format-module';
import { guidBytes, HEADER } from './guids';

const HEADER_GUID = guidBytes(HEADER);
const WMV = sniffedAs('wmv');

export const asfSniffer: FormatSniffer = {
  formats: catalogFormats('wmv'),
  sniff: (head) => (startsWith(head, HEADER_GUID) ? WMV : null),
};
