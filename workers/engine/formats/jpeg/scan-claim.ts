/**
 * A JPEG's one scan taken on trust for a checked copy (`checked-copy.ts`): when the host copies the
 * photo from its input and checks as it copies, the entropy-coded data of a sequential photo's
 * only scan is taken to run to the EOI that ends the file, and the copy proves it holds no marker
 * on the way, instead of the analysis reading every byte of the pixels first.
 *
 * Only where that is the normal shape: a baseline or extended sequential frame (SOF0, SOF1) whose
 * first scan carries every component, so no other scan follows (T.81 B.2.3, E.1.3); no MPF
 * segment, whose secondary images follow the first EOI (CIPA DC-007 5.2); and a file that ends in
 * EOI. Any other photo is scanned as before, and a claim proven wrong only costs a second clean.
 */
import type { ByteSource } from '../../byte-source';
import { ascii, startsWith } from '../../bytes';
import type { RangeCheck } from '../../checked-copy';
import type { WindowedReader } from '../../windowed-reader';
import { markerIndex, type ScanContext } from './entropy-scan';
import {
  APP2,
  EOI,
  ID,
  MARKER_BYTES,
  MARKER_PREFIX,
  SOS,
  endsEntropyData,
} from './markers';

/** What this file needs of a segment of the layout (`layout.ts`, which imports this file). */
interface Segment {
  readonly marker: number;
  readonly payloadOffset: number;
  readonly end: number;
}

/** Below this, the scan is read as before: claiming it saves less than a clean again would cost. */
export const CLAIMED_SCAN_MIN_BYTES = 1024 * 1024;

/** Baseline and extended sequential DCT, Huffman coding (T.81 B.1.1.3, table B.1). */
const SEQUENTIAL_FRAMES = new Set([0xc0, 0xc1]);
/** Every start-of-frame marker: 0xC0 to 0xCF but DHT, JPG and DAC (T.81 table B.1). */
const isFrame = (marker: number) =>
  marker >= 0xc0 &&
  marker <= 0xcf &&
  marker !== 0xc4 &&
  marker !== 0xc8 &&
  marker !== 0xcc;
/** Frame header: sample precision (1), lines (2), samples per line (2), then Nf (T.81 B.2.2). */
const FRAME_COMPONENTS_AT = 5;
const MPF = ascii(ID.MPF);

/**
 * The check of claimed entropy-coded data: no byte pair in it may be a marker other than a stuffed
 * 0x00, a restart or a fill byte (T.81 F.1.2.3, B.1.1.2): the pairs `findScanEnd` looks at, across
 * the pieces it is fed as across its chunks.
 */
export function entropyCheck(): RangeCheck {
  let endsInPrefix = false;
  return {
    feed(bytes) {
      if (bytes.length === 0) return true;
      if (endsInPrefix && endsEntropyData(bytes[0]!)) return false;
      if (markerIndex(bytes) !== -1) return false;
      endsInPrefix = bytes[bytes.length - 1] === MARKER_PREFIX;
      return true;
    },
  };
}

/**
 * Where the scan whose header `sos` is ends when it can be claimed (the offset of the file's last
 * two bytes, its EOI), or null: then the caller scans it. `segments` are those up to `sos`.
 */
export async function claimedScanEnd(
  src: ByteSource,
  header: WindowedReader,
  segments: readonly Segment[],
  sos: Segment,
  ctx: ScanContext,
): Promise<number | null> {
  const claims = ctx.checkedCopy;
  const eoiAt = src.size - MARKER_BYTES;
  if (!claims || eoiAt - sos.end < CLAIMED_SCAN_MIN_BYTES) return null;
  const frames = segments.filter((s) => isFrame(s.marker));
  const frame = frames[0];
  const scans = segments.filter((s) => s.marker === SOS);
  if (frames.length !== 1 || !SEQUENTIAL_FRAMES.has(frame!.marker)) return null;
  if (scans.length !== 1 || scans[0] !== sos) return null;
  const components = (await header.read(frame!.payloadOffset, 6))[
    FRAME_COMPONENTS_AT
  ];
  const inScan = (await header.read(sos.payloadOffset, 1))[0];
  if (components === undefined || inScan !== components) return null;
  for (const s of segments) {
    if (s.marker !== APP2) continue;
    if (startsWith(await header.read(s.payloadOffset, MPF.length), MPF))
      return null;
  }
  const last = await src.read(eoiAt, MARKER_BYTES);
  if (last[0] !== MARKER_PREFIX || last[1] !== EOI) return null;
  return claims.claim(src.input, sos.end, eoiAt, entropyCheck) ? eoiAt : null;
}
