import { startsWith } from '../../bytes';
import { catalogFormats, sniffedAs } from '../../format-catalog';
import type { FormatSniffer } from '../../format-module';
import { MARKER_PREFIX, SOI } from './markers';

const JPEG = sniffedAs('jpeg');

/** A JPEG file opens with SOI and the next marker's prefix (ITU-T T.81 B.2.1). */
export const jpegSniffer: FormatSniffer = {
  formats: catalogFormats('jpeg'),
  sniff: (head) =>
    startsWith(head, [MARKER_PREFIX, SOI, MARKER_PREFIX]) ? JPEG : null,
};
