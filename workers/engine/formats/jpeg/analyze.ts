/** One pass over a JPEG: its layout, the decision for each segment, the trailer's findings. */
import type { ByteSource } from '../../byte-source';
import type { Finding } from '../../findings';
import {
  HEADER_WINDOW_BYTES,
  readJpegLayout,
  type JpegLayout,
  type JpegSegment,
} from './layout';
import type { ScanContext } from './entropy-scan';
import { APP1, COM, isApp } from './markers';
import { segmentAction, type SegmentAction } from './segment-rules';
import { scrubIccChunks } from './icc-chunks';
import { trailerFindings } from './trailer';
import { WindowedReader } from '../../windowed-reader';

export interface SegmentDecision {
  readonly segment: JpegSegment;
  readonly action: SegmentAction;
}

export interface JpegAnalysis {
  readonly layout: JpegLayout;
  readonly decisions: readonly SegmentDecision[];
  readonly trailer: readonly Finding[];
}

/** Only the first EXIF keeps its Orientation; a second EXIF segment is removed whole. */
function onlyFirstExif(
  decisions: readonly SegmentDecision[],
): SegmentDecision[] {
  let orientationKept = false;
  return decisions.map((d) => {
    const keepsExif = d.segment.marker === APP1 && d.action.kind !== 'remove';
    if (!keepsExif) return d;
    if (!orientationKept) {
      orientationKept = true;
      return d;
    }
    return { ...d, action: { kind: 'remove', findings: d.action.findings } };
  });
}

async function decide(
  reader: WindowedReader,
  segments: readonly JpegSegment[],
): Promise<SegmentDecision[]> {
  const decisions: SegmentDecision[] = [];
  const payloads = new Map<JpegSegment, Uint8Array>();
  for (const segment of segments) {
    if (!isApp(segment.marker) && segment.marker !== COM) continue;
    const payload = await reader.read(
      segment.payloadOffset,
      segment.end - segment.payloadOffset,
    );
    payloads.set(segment, payload);
    decisions.push({ segment, action: segmentAction(segment.marker, payload) });
  }
  return scrubIccChunks(onlyFirstExif(decisions), payloads);
}

export async function analyzeJpeg(
  src: ByteSource,
  ctx: ScanContext,
): Promise<JpegAnalysis> {
  // One window reads the header area for the walk and again for the segments' payloads.
  const header = new WindowedReader(src, HEADER_WINDOW_BYTES);
  const layout = await readJpegLayout(src, ctx, header);
  const decisions = await decide(header, layout.segments);
  return {
    layout,
    decisions,
    trailer: await trailerFindings(src, layout.imageEnd),
  };
}
