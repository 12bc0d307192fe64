import type { FormatModule } from '../format-module';
import { analyzeOoxml } from './ooxml/analyze';
import { ooxmlSniffer } from './ooxml/sniff';

/**
 * Word, Excel and PowerPoint (Office Open XML, with or without macros). Sniffed after the other
 * zip-based formats (OpenDocument and EPUB say what they are in their first member); the analysis
 * then tells Word from Excel from PowerPoint by the package's folders. Legacy binary files and
 * password-protected packages (compound files) are the legacy Office module's.
 */
export const ooxml: FormatModule = {
  ...ooxmlSniffer,
  async analyze(src, _format, ctx) {
    return analyzeOoxml(src, ctx);
  },
};
