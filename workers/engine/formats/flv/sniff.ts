import { startsWith } from '../../bytes';
import { catalogFormats, sniffedAs } from '../../format-catalog';
import type { FormatSniffer } from '../../format-module';

const FLV_SIGNATURE = [0x46, 0x4c, 0x56, 0x01];
const FLV = sniffedAs('flv');

export const flvSniffer: FormatSniffer = {
  formats: catalogFormats('flv'),
  sniff: (head) => (startsWith(head, FLV_SIGNATURE) ? FLV : null),
};
