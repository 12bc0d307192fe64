import { startsWith } from '../bytes';
import type { FormatModule, Sniffed } from '../format-module';
import { patchPlan, type Patch } from '../shared/in-place';
import { chunkHeader } from '../shared/riff/chunks';
import { trailingFindings } from '../shared/riff/form';
import { scanAvi, type AviTarget } from './avi/scan';

const RIFF = [0x52, 0x49, 0x46, 0x46];
const AVI_FORM = [0x41, 0x56, 0x49, 0x20];
const FORM_TYPE_AT = 8;
const AVI: Sniffed = { id: 'avi', mime: 'video/x-msvideo', extension: 'avi' };

/** The chunk, header and pad byte included, as a zero-filled JUNK chunk of the same length. */
function junkPatch({ chunk }: AviTarget): Patch {
  const data = new Uint8Array(chunk.end - chunk.offset);
  data.set(chunkHeader('JUNK', chunk.size));
  return { offset: chunk.offset, data };
}

/**
 * AVI (RIFF 'AVI ' and OpenDML 'AVIX' extensions): INFO lists, IDIT dates, stream names, vendor
 * data and signed padding become zero-filled JUNK chunks of the same size, so `idx1` and OpenDML
 * index offsets stay valid and the output has the input's length. Bytes after the last RIFF
 * chunk are dropped unless they are a little zero padding.
 */
export const avi: FormatModule = {
  formats: [{ id: 'avi', mime: 'video/x-msvideo', extensions: ['avi'] }],
  sniff(head) {
    return startsWith(head, RIFF) && startsWith(head, AVI_FORM, FORM_TYPE_AT)
      ? AVI
      : null;
  },
  async analyze(src, _format, ctx) {
    const { targets, end } = await scanAvi(src, ctx.signal);
    const trailing = await trailingFindings(src, end);
    return {
      findings: [...targets.flatMap((t) => t.findings), ...trailing],
      // Trailing bytes that are not a little zero padding are dropped.
      plan: () =>
        patchPlan(trailing.length ? end : src.size, targets.map(junkPatch)),
    };
  },
};
