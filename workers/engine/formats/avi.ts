import type { FormatModule } from '../format-module';
import { patchPlan, type Patch } from '../shared/in-place';
import { chunkHeader } from '../shared/riff/chunks';
import { trailingFindings } from '../shared/riff/form';
import { scanAvi, type AviTarget } from './avi/scan';
import { aviSniffer } from './avi/sniff';

/**
 * The chunk, header and pad byte included, as a zero-filled JUNK chunk of the same length; or,
 * for a chunk kept, its bytes past the layout zeroed.
 */
function junkPatch({ chunk, zeroFrom }: AviTarget): Patch {
  if (zeroFrom !== undefined)
    return { offset: zeroFrom, data: new Uint8Array(chunk.end - zeroFrom) };
  const data = new Uint8Array(chunk.end - chunk.offset);
  data.set(chunkHeader('JUNK', chunk.size));
  return { offset: chunk.offset, data };
}

/**
 * AVI (RIFF 'AVI ' and OpenDML 'AVIX' extensions): INFO lists, IDIT dates, stream names, vendor
 * data, signed padding and a dashcam's GPS log among the frames become zero-filled JUNK chunks
 * of the same size, so `idx1` and OpenDML
 * index offsets stay valid and the output has the input's length. Bytes after the last RIFF
 * chunk are dropped unless they are a little zero padding.
 */
export const avi: FormatModule = {
  ...aviSniffer,
  async analyze(src, _format, ctx) {
    const { targets, kept, end } = await scanAvi(src, ctx.signal);
    const trailing = await trailingFindings(src, end);
    return {
      findings: [...targets.flatMap((t) => t.findings), ...trailing, ...kept],
      // Trailing bytes that are not a little zero padding are dropped.
      plan: () =>
        patchPlan(trailing.length ? end : src.size, targets.map(junkPatch)),
    };
  },
};
