import { ascii } from '../bytes';
import { sniffedAs } from '../format-catalog';
import type { FormatModule } from '../format-module';
import { firstMemberIsMimetype } from '../shared/zip';
import { analyzeOdf } from './odf/analyze';
import { ODF_FORMATS } from './odf/kind';

/**
 * An OpenDocument package begins with a stored `mimetype` member (OpenDocument 1.3 part 2,
 * section 3.3), so the first bytes show the start of "application/vnd.oasis.opendocument.";
 * the analysis reads the rest.
 */
const ODF_PREFIX = ascii('application/vnd.oasis.opendocument.');

const GUESS = sniffedAs('odt');

export const odf: FormatModule = {
  formats: ODF_FORMATS,
  sniff: (head) => (firstMemberIsMimetype(head, ODF_PREFIX) ? GUESS : null),
  analyze: (src, _format, ctx) => analyzeOdf(src, ctx),
};
