import type { ByteSource } from '../byte-source';
import { EngineError } from '../errors';
import type { FormatModule, NestedEngine } from '../format-module';
import { MAX_METADATA_BYTES } from '../limits';
import { OutputBuilder, type OutputPlan } from '../output-plan';
import { analyzeSvg, type SvgAnalysis } from './svg/analyze';
import { cleanedPayload, embeddedFindings } from './svg/embedded';
import { svgSniffer } from './svg/sniff';

/** SVG is text with no offsets: the whole file is read, so its size is bounded. */
async function readSvg(src: ByteSource): Promise<Uint8Array> {
  if (src.size > MAX_METADATA_BYTES)
    throw new EngineError('too-large', `SVG of ${src.size} bytes`);
  return src.readExact(0, src.size);
}

/** Copies everything but the removed ranges, with each embedded image's payload cleaned. */
async function plan(
  bytes: Uint8Array,
  analysis: SvgAnalysis,
  engine: NestedEngine,
): Promise<OutputPlan> {
  const edits = [
    ...analysis.removals.map((r) => ({ ...r, data: null })),
    ...(await Promise.all(
      analysis.embedded.map(async (image) => ({
        ...image,
        data: await cleanedPayload(bytes, image, engine),
      })),
    )),
  ].sort((a, b) => a.start - b.start);
  const out = new OutputBuilder();
  let at = 0;
  for (const edit of edits) {
    out.copy(at, edit.start);
    if (edit.data && edit.start >= at) out.push(edit.data);
    at = Math.max(at, edit.end);
  }
  return out.copy(at, bytes.length).build();
}

/**
 * SVG: <metadata>, comments, editor elements and attributes (Inkscape, Sodipodi, Illustrator,
 * Sketch...) and RDF are cut out as byte ranges; every other byte, the drawing, <title>, <desc>
 * and the viewBox, is copied as it is. Embedded raster images are cleaned like files.
 */
export const svg: FormatModule = {
  ...svgSniffer,
  async analyze(src, _format, ctx) {
    const bytes = await readSvg(src);
    const analysis = analyzeSvg(bytes);
    const embedded = await Promise.all(
      analysis.embedded.map((image) =>
        embeddedFindings(bytes, image, ctx.nested),
      ),
    );
    return {
      findings: [...analysis.findings, ...embedded.flat()],
      plan: () => plan(bytes, analysis, ctx.nested),
    };
  },
};
