import { ascii, startsWith } from '../../bytes';
import { catalogFormats, sniffedAs } from '../../format-catalog';
import type { FormatSniffer } from '../../format-module';

/** The RIFF form type of a WebP file. */
export const WEBP_FORM = ascii('WEBP');
const WEBP = sniffedAs('webp');
const RIFF_FORM_AT = 8;

export const webpSniffer: FormatSniffer = {
  formats: catalogFormats('webp'),
  sniff: (head) =>
    startsWith(head, ascii('RIFF')) && startsWith(head, WEBP_FORM, RIFF_FORM_AT)
      ? WEBP
      : null,
};
