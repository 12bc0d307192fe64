import { ascii } from '../bytes';
import { EngineError } from '../errors';
import type { FormatModule, Sniffed } from '../format-module';
import { MAX_DOCUMENT_BYTES } from '../limits';
import { firstMemberIsMimetype } from '../shared/zip';
import { analyzeOdf } from './odf/analyze';
import { ODF_FORMATS } from './odf/kind';

/**
 * An OpenDocument package begins with a stored `mimetype` member (OpenDocument 1.3 part 2,
 * section 3.3), so the first bytes show the start of "application/vnd.oasis.opendocument.";
 * the analysis reads the rest.
 */
const ODF_PREFIX = ascii('application/vnd.oasis.opendocument.');

const GUESS: Sniffed = {
  id: 'odt',
  mime: ODF_FORMATS[0].mime,
  extension: 'odt',
};

export const odf: FormatModule = {
  formats: ODF_FORMATS,
  sniff: (head) => (firstMemberIsMimetype(head, ODF_PREFIX) ? GUESS : null),
  async analyze(src, _format, ctx) {
    if (src.size > MAX_DOCUMENT_BYTES)
      throw new EngineError('too-large', `document of ${src.size} bytes`);
    return analyzeOdf(src, ctx);
  },
};
