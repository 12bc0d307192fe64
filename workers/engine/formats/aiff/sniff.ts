import { ascii, startsWith } from '../../bytes';
import { catalogFormats, sniffedAs } from '../../format-catalog';
import type { FormatSniffer } from '../../format-module';

const FORM = ascii('FORM');
const FORM_TYPES = [ascii('AIFF'), ascii('AIFC')];
const FORM_TYPE_AT = 8;
const AIFF = sniffedAs('aiff', 'aiff');

export const aiffSniffer: FormatSniffer = {
  formats: catalogFormats('aiff'),
  sniff: (head) =>
    startsWith(head, FORM) &&
    FORM_TYPES.some((t) => startsWith(head, t, FORM_TYPE_AT))
      ? AIFF
      : null,
};
