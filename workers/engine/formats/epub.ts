import type { FormatModule } from '../format-module';
import { analyzeEpub } from './epub/analyze';
import { epubSniffer } from './epub/sniff';

/** EPUB e-books: the package metadata, the NCX and XHTML heads lose people, dates and tools. */
export const epub: FormatModule = {
  ...epubSniffer,
  analyze: (src, _format, ctx) => analyzeEpub(src, ctx),
};
