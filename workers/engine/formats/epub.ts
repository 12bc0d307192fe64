import { ascii } from '../bytes';
import { catalogFormats, sniffedAs } from '../format-catalog';
import type { FormatModule } from '../format-module';
import { firstMemberIsMimetype } from '../shared/zip';
import { analyzeEpub } from './epub/analyze';

const EPUB = sniffedAs('epub');
/** An EPUB's first member is a stored `mimetype` holding its MIME type (EPUB 3.3 OCF, section 4.3). */
const EPUB_MIME = ascii(EPUB.mime);

/** EPUB e-books: the package metadata, the NCX and XHTML heads lose people, dates and tools. */
export const epub: FormatModule = {
  formats: catalogFormats('epub'),
  sniff: (head) => (firstMemberIsMimetype(head, EPUB_MIME) ? EPUB : null),
  analyze: (src, _format, ctx) => analyzeEpub(src, ctx),
};
