import { startsWith } from '../bytes';
import { sniffedAs } from '../format-catalog';
import type { FormatModule } from '../format-module';
import { analyzeOoxml } from './ooxml/analyze';
import { OOXML_FORMATS } from './ooxml/kind';

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const GUESS = sniffedAs('docx');

/**
 * Word, Excel and PowerPoint (Office Open XML, with or without macros). Sniffed after the other
 * zip-based formats (OpenDocument and EPUB say what they are in their first member); the analysis
 * then tells Word from Excel from PowerPoint by the package's folders. Legacy binary files and
 * password-protected packages (compound files) are the legacy Office module's.
 */
export const ooxml: FormatModule = {
  formats: OOXML_FORMATS,
  sniff(head) {
    if (startsWith(head, ZIP_MAGIC)) return GUESS;
    return null;
  },
  async analyze(src, _format, ctx) {
    return analyzeOoxml(src, ctx);
  },
};
