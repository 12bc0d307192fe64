import { catalogFormats, sniffedAs } from '../../format-catalog';
import type { FormatSniffer } from '../../format-module';
import { isFlac } from './blocks';

const FLAC = sniffedAs('flac');

export const flacSniffer: FormatSniffer = {
  formats: catalogFormats('flac'),
  sniff: (head) => (isFlac(head) ? FLAC : null),
};
