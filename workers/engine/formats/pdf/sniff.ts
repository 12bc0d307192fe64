import { catalogFormats, sniffedAs } from '../../format-catalog';
import type { FormatSniffer } from '../../format-module';

const PDF = sniffedAs('pdf');
const MAGIC = '%PDF-';

/** The header anywhere in the first bytes: readers accept leading garbage before `%PDF-`. */
export const pdfSniffer: FormatSniffer = {
  formats: catalogFormats('pdf'),
  sniff(head) {
    const text = new TextDecoder('latin1').decode(head);
    return text.includes(MAGIC) ? PDF : null;
  },
};
