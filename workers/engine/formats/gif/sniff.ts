import { startsWith } from '../../bytes';
import { catalogFormats, sniffedAs } from '../../format-catalog';
import type { FormatSniffer } from '../../format-module';
import { GIF87A, GIF89A } from './blocks';

const GIF = sniffedAs('gif');

export const gifSniffer: FormatSniffer = {
  formats: catalogFormats('gif'),
  sniff: (head) =>
    startsWith(head, GIF89A) || startsWith(head, GIF87A) ? GIF : null,
};
