import { ascii, startsWith } from '../../bytes';
import { catalogFormats, sniffedAs } from '../../format-catalog';
import type { FormatSniffer } from '../../format-module';

const SVG = sniffedAs('svg');
const UTF8_BOM = [0xef, 0xbb, 0xbf];

/**
 * How an SVG file may begin. The sniffer sees only the first bytes, often just the XML
 * declaration and a comment, so XML-looking text is accepted here and inspect then requires
 * the root element to be <svg> (anything else is unsupported).
 */
const OPENINGS = ['<?xml', '<svg', '<!--', '<!DOCTYPE svg'].map(ascii);

function firstMarkup(head: Uint8Array): number {
  let at = startsWith(head, UTF8_BOM) ? UTF8_BOM.length : 0;
  while (at < head.length && /\s/.test(String.fromCharCode(head[at]!))) at++;
  return at;
}

export const svgSniffer: FormatSniffer = {
  formats: catalogFormats('svg'),
  sniff(head) {
    const at = firstMarkup(head);
    return OPENINGS.some((opening) => startsWith(head, opening, at))
      ? SVG
      : null;
  },
};
