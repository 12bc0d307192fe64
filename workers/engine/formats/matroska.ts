import { indexOfBytes, startsWith } from '../bytes';
import { catalogFormats, sniffedAs } from '../format-catalog';
import type { FormatModule } from '../format-module';
import { patchPlan } from '../shared/in-place';
import { parseHeader } from './matroska/ebml';
import { analyzeMatroska } from './matroska/analyze';
import { matroskaPatches } from './matroska/plan';

const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];
const DOC_TYPE_ID = Uint8Array.of(0x42, 0x82);

const WEBM = sniffedAs('webm');
const MKV = sniffedAs('mkv');

/** The EBML header's DocType (RFC 8794 11.2.6): `webm` or `matroska`. */
function docType(head: Uint8Array): string | null {
  const at = indexOfBytes(head, DOC_TYPE_ID, EBML_MAGIC.length);
  if (at < 0) return null;
  try {
    const header = parseHeader(head, at, 0);
    if (header?.size == null) return null;
    const end = header.dataOffset + header.size;
    return String.fromCharCode(...head.subarray(header.dataOffset, end));
  } catch {
    return null;
  }
}

/**
 * WebM and Matroska: Tags, identifying Info fields, track names, attachments and subtitle tracks
 * that log a flight (their TrackEntry and blocks) are overwritten with Void elements of the same
 * size, so Cues and SeekHead offsets stay valid and the output has the input's length.
 */
export const matroska: FormatModule = {
  formats: catalogFormats('webm', 'mkv'),
  sniff(head) {
    if (!startsWith(head, EBML_MAGIC)) return null;
    const type = docType(head);
    if (type === 'webm') return WEBM;
    if (type === 'matroska') return MKV;
    return null;
  },
  async analyze(src, _format, ctx) {
    const analysis = await analyzeMatroska(src, ctx.signal);
    return {
      findings: [
        ...analysis.targets.flatMap((t) => t.findings),
        ...analysis.kept,
      ],
      plan: async () =>
        patchPlan(src.size, await matroskaPatches(src, analysis)),
      opaque: analysis.clusters,
    };
  },
};
