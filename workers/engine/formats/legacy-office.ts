import type { FormatModule } from '../format-module';
import { analyzeLegacyOffice } from './legacy-office/analyze';
import { legacyOfficeSniffer } from './legacy-office/sniff';

/**
 * Word, Excel and PowerPoint 97-2003 (`.doc`, `.xls`, `.ppt` and their templates), and OLE
 * objects embedded in other documents: Compound File Binary files ([MS-CFB]). Cleaned in place:
 * every value is overwritten with a blank of the same size where it lies, so no sector moves and
 * the cost is the cost of the metadata. The sniffer sees only the compound file's signature; the
 * walk tells Word from Excel from PowerPoint by the root's streams.
 */
export const legacyOffice: FormatModule = {
  ...legacyOfficeSniffer,
  analyze: (src, _format, ctx) => analyzeLegacyOffice(src, ctx),
};
