import { startsWith } from '../../bytes';
import { catalogFormats, sniffedAs } from '../../format-catalog';
import type { FormatSniffer } from '../../format-module';
import { PNG_SIGNATURE } from './chunks';

const PNG = sniffedAs('png');

export const pngSniffer: FormatSniffer = {
  formats: catalogFormats('png'),
  sniff: (head) => (startsWith(head, PNG_SIGNATURE) ? PNG : null),
};
