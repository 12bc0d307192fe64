import { startsWith } from '../../bytes';
import { sniffedAs } from '../../format-catalog';
import type { FormatSniffer } from '../../format-module';
import { OOXML_FORMATS } from './kind';

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const GUESS = sniffedAs('docx');

/** Any zip not claimed before it: the analysis tells Word from Excel from PowerPoint. */
export const ooxmlSniffer: FormatSniffer = {
  formats: OOXML_FORMATS,
  sniff(head) {
    if (startsWith(head, ZIP_MAGIC)) return GUESS;
    return null;
  },
};
