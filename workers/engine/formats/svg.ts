import type { ByteSource } from '../byte-source';
import { ascii, startsWith } from '../bytes';
import { EngineError } from '../errors';
import type { FormatModule, Sniffed } from '../format-module';
import { MAX_METADATA_BYTES } from '../limits';
import { OutputBuilder } from '../output-plan';
import { analyzeSvg } from './svg/analyze';

const SVG: Sniffed = { id: 'svg', mime: 'image/svg+xml', extension: 'svg' };
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

/** SVG is text with no offsets: the whole file is read, so its size is bounded. */
async function readSvg(src: ByteSource): Promise<Uint8Array> {
  if (src.size > MAX_METADATA_BYTES)
    throw new EngineError('too-large', `SVG of ${src.size} bytes`);
  return src.readExact(0, src.size);
}

/**
 * SVG: <metadata>, comments, editor elements and attributes (Inkscape, Sodipodi, Illustrator,
 * Sketch...) and RDF are cut out as byte ranges; every other byte, the drawing, <title>, <desc>
 * and the viewBox, is copied as it is.
 */
export const svg: FormatModule = {
  formats: [{ id: 'svg', mime: 'image/svg+xml', extensions: ['svg'] }],
  sniff(head) {
    const at = firstMarkup(head);
    return OPENINGS.some((opening) => startsWith(head, opening, at))
      ? SVG
      : null;
  },
  async inspect(src) {
    return [...analyzeSvg(await readSvg(src)).findings];
  },
  async clean(src) {
    const { removals } = analyzeSvg(await readSvg(src));
    const out = new OutputBuilder();
    let at = 0;
    for (const range of [...removals].sort((a, b) => a.start - b.start)) {
      out.copy(at, range.start);
      at = Math.max(at, range.end);
    }
    return out.copy(at, src.size).build();
  },
};
