import { ascii } from '../../bytes';
import { catalogFormats, sniffedAs } from '../../format-catalog';
import type { FormatSniffer } from '../../format-module';
import { firstMemberIsMimetype } from '../../shared/zip/sniff';

const EPUB = sniffedAs('epub');
/** An EPUB's first member is a stored `mimetype` holding its MIME type (EPUB 3.3 OCF, section 4.3). */
const EPUB_MIME = ascii(EPUB.mime);

export const epubSniffer: FormatSniffer = {
  formats: catalogFormats('epub'),
  sniff: (head) => (firstMemberIsMimetype(head, EPUB_MIME) ? EPUB : null),
};
