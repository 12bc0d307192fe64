import { startsWith } from '../../bytes';
import { catalogFormats, sniffedAs } from '../../format-catalog';
import type { FormatSniffer } from '../../format-module';
import { OGG_MAGIC } from './page';

const OGG = sniffedAs('ogg');

export const oggSniffer: FormatSniffer = {
  formats: catalogFormats('ogg'),
  sniff: (head) => (startsWith(head, OGG_MAGIC) ? OGG : null),
};
