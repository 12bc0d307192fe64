import { startsWith } from '../../bytes';
import { catalogFormats, sniffedAs } from '../../format-catalog';
import type { FormatSniffer } from '../../format-module';

const RIFF = [0x52, 0x49, 0x46, 0x46];
const AVI_FORM = [0x41, 0x56, 0x49, 0x20];
const FORM_TYPE_AT = 8;
const AVI = sniffedAs('avi');

export const aviSniffer: FormatSniffer = {
  formats: catalogFormats('avi'),
  sniff(head) {
    return startsWith(head, RIFF) && startsWith(head, AVI_FORM, FORM_TYPE_AT)
      ? AVI
      : null;
  },
};
