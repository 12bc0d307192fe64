import { startsWith } from '../bytes';
import { EngineError } from '../errors';
import type { FormatModule, Sniffed } from '../format-module';
import { MAX_DOCUMENT_BYTES } from '../limits';
import { analyzeOoxml } from './ooxml/analyze';
import { isEncryptedPackage } from './ooxml/encrypted-package';
import { OOXML_FORMATS } from './ooxml/kind';

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
/** An OLE2 compound file: legacy .doc/.xls/.ppt, or an Office file encrypted with a password. */
const OLE2_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const GUESS: Sniffed = {
  id: 'docx',
  mime: OOXML_FORMATS[0].mime,
  extension: 'docx',
};
const LEGACY: Sniffed = {
  id: 'docx',
  mime: 'application/x-ole-storage',
  extension: 'doc',
};

/**
 * Word, Excel and PowerPoint (Office Open XML, with or without macros). Sniffed after the other
 * zip-based formats (OpenDocument and EPUB say what they are in their first member); the analysis
 * then tells Word from Excel from PowerPoint by the package's folders. Legacy binary files are
 * recognised only to refuse them with a useful message.
 */
export const ooxml: FormatModule = {
  formats: OOXML_FORMATS,
  sniff(head) {
    if (startsWith(head, ZIP_MAGIC)) return GUESS;
    if (startsWith(head, OLE2_MAGIC)) return LEGACY;
    return null;
  },
  async analyze(src, format, ctx) {
    if (format === LEGACY && (await isEncryptedPackage(src)))
      throw new EngineError(
        'encrypted',
        'an Office document protected with a password: open it, remove the password, save it, and clean that',
      );
    if (format === LEGACY)
      throw new EngineError(
        'unsupported',
        'a legacy Office file (.doc, .xls, .ppt) or a password-protected one: open it in Office or LibreOffice, save it as .docx, .xlsx or .pptx (without a password), and clean that',
      );
    if (src.size > MAX_DOCUMENT_BYTES)
      throw new EngineError('too-large', `document of ${src.size} bytes`);
    return analyzeOoxml(src, ctx);
  },
};
