import { ascii } from '../bytes';
import { EngineError } from '../errors';
import type { FormatModule, Sniffed } from '../format-module';
import { MAX_DOCUMENT_BYTES } from '../limits';
import { firstMemberIsMimetype } from '../shared/zip';
import { analyzeEpub } from './epub/analyze';

/** An EPUB's first member is a stored `mimetype` holding this (EPUB 3.3 OCF, section 4.3). */
const EPUB_MIME = 'application/epub+zip';
const EPUB: Sniffed = { id: 'epub', mime: EPUB_MIME, extension: 'epub' };

/** EPUB e-books: the package metadata, the NCX and XHTML heads lose people, dates and tools. */
export const epub: FormatModule = {
  formats: [{ id: 'epub', mime: EPUB_MIME, extensions: ['epub'] }],
  sniff: (head) =>
    firstMemberIsMimetype(head, ascii(EPUB_MIME)) ? EPUB : null,
  async analyze(src, _format, ctx) {
    if (src.size > MAX_DOCUMENT_BYTES)
      throw new EngineError('too-large', `document of ${src.size} bytes`);
    return analyzeEpub(src, ctx);
  },
};
