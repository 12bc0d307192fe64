import type { FormatSniffer } from '../../format-module';
import { isCfb } from '../../shared/cfb/header';
import { DOC, LEGACY_FORMATS } from './kind';

/** Only the compound file's signature: the walk tells Word from Excel from PowerPoint. */
export const legacyOfficeSniffer: FormatSniffer = {
  formats: LEGACY_FORMATS,
  sniff: (head) => (isCfb(head) ? DOC : null),
};
