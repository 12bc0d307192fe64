import { ascii } from '../../bytes';
import { sniffedAs } from '../../format-catalog';
import type { FormatSniffer } from '../../format-module';
import { firstMemberIsMimetype } from '../../shared/zip/sniff';
import { ODF_FORMATS } from './kind';

/**
 * An OpenDocument package begins with a stored `mimetype` member (OpenDocument 1.3 part 2,
 * section 3.3), so the first bytes show the start of "application/vnd.oasis.opendocument.";
 * the analysis reads the rest.
 */
const ODF_PREFIX = ascii('application/vnd.oasis.opendocument.');

const GUESS = sniffedAs('odt');

export const odfSniffer: FormatSniffer = {
  formats: ODF_FORMATS,
  sniff: (head) => (firstMemberIsMimetype(head, ODF_PREFIX) ? GUESS : null),
};
