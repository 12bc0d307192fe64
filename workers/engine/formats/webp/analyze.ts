/**
 * The chunks of a WebP file (Google, "WebP Container Specification", RIFF based): which are kept
 * (VP8X, VP8, VP8L, ALPH, ICCP, ANIM, ANMF), which are metadata (EXIF, XMP and any chunk the
 * specification does not define), and whether bytes follow the RIFF chunk.
 */
import type { ByteSource } from '../../byte-source';
import { ascii, startsWith } from '../../bytes';
import { EngineError, corrupt } from '../../errors';
import { finding, type Finding } from '../../findings';
import { exifVerdict } from '../../metadata/exif-verdict';
import { iccProfileFinding } from '../../metadata/icc';
import { scrubIccText } from '../../metadata/icc-text';
import { readXmpFindings } from '../../metadata/xmp';
import { MAX_METADATA_BYTES } from '../../limits';
import {
  readChildren,
  readChunkAt,
  type RiffChunk,
} from '../../shared/riff/chunks';
import { ANMF_CHUNK, frameFindings, readFrame, type Frame } from './frames';

export const IMAGE_CHUNKS: ReadonlySet<string> = new Set([
  'VP8X',
  'VP8 ',
  'VP8L',
  'ALPH',
  'ANIM',
  'ANMF',
]);
/** A WebP holds its picture in one of these (ANMF frames hold their own). */
const BITSTREAM_CHUNKS: ReadonlySet<string> = new Set(['VP8 ', 'VP8L', 'ANMF']);
export const ICC_CHUNK = 'ICCP';
export const EXIF_CHUNK = 'EXIF';
export const XMP_CHUNK = 'XMP ';
/** Some writers put JPEG's `Exif\0\0` before the TIFF header in the EXIF chunk. */
const EXIF_PREFIX = ascii('Exif\0\0');

export interface WebpAnalysis {
  readonly riff: RiffChunk;
  readonly chunks: readonly RiffChunk[];
  readonly findings: readonly Finding[];
  /** Animation frames, each with the chunks it keeps and the ones it loses. */
  readonly frames: ReadonlyMap<RiffChunk, Frame>;
  /** The photo's EXIF Orientation when it is not upright (kept as an Orientation-only EXIF). */
  readonly orientation?: number;
  /** The ICC profile with its words zeroed (metadata/icc-text.ts), when it had any. */
  readonly iccProfile?: Uint8Array;
}

function tiffOf(payload: Uint8Array): Uint8Array {
  return startsWith(payload, EXIF_PREFIX)
    ? payload.subarray(EXIF_PREFIX.length)
    : payload;
}

async function payloadOf(
  src: ByteSource,
  chunk: RiffChunk,
): Promise<Uint8Array> {
  if (chunk.size > MAX_METADATA_BYTES)
    throw new EngineError(
      'too-large',
      `chunk ${chunk.id} is too large to read`,
    );
  return src.readExact(chunk.dataOffset, chunk.size);
}

async function exifFindings(
  src: ByteSource,
  chunk: RiffChunk,
): Promise<[Finding[], number | undefined]> {
  const verdict = exifVerdict(tiffOf(await payloadOf(src, chunk)), 'EXIF');
  return [verdict.findings, verdict.rotation];
}

async function chunkFindings(
  src: ByteSource,
  chunk: RiffChunk,
): Promise<Finding[]> {
  if (IMAGE_CHUNKS.has(chunk.id)) return [];
  if (chunk.id === XMP_CHUNK)
    return readXmpFindings(await payloadOf(src, chunk), 'XMP');
  return [
    finding(
      'other.data',
      chunk.id.trim() || 'chunk',
      chunk.id,
      `${chunk.size} bytes`,
    ),
  ];
}

export async function analyzeWebp(
  src: ByteSource,
  signal?: AbortSignal,
): Promise<WebpAnalysis> {
  const riff = await readChunkAt(src, 0, src.size);
  if (riff.id !== 'RIFF' || riff.listType !== 'WEBP')
    throw corrupt('not a RIFF WEBP file');
  const chunks = await readChildren(src, riff, { signal });
  if (!chunks.some((c) => BITSTREAM_CHUNKS.has(c.id)))
    throw corrupt('WebP without image data');
  const findings: Finding[] = [];
  const frames = new Map<RiffChunk, Frame>();
  let orientation: number | undefined;
  let iccProfile: Uint8Array | undefined;
  for (const chunk of chunks) {
    if (chunk.id === ANMF_CHUNK) {
      const frame = await readFrame(src, chunk, signal);
      frames.set(chunk, frame);
      for (const item of frameFindings(frame)) findings.push(item);
    } else if (chunk.id === EXIF_CHUNK) {
      const [found, rotated] = await exifFindings(src, chunk);
      for (const item of found) findings.push(item);
      orientation ??= rotated;
    } else if (chunk.id === ICC_CHUNK) {
      const profile = await payloadOf(src, chunk);
      const scrubbed = scrubIccText(profile, ICC_CHUNK);
      findings.push(
        iccProfileFinding(profile, ICC_CHUNK),
        ...scrubbed.findings,
      );
      iccProfile ??= scrubbed.profile ?? undefined;
    } else
      for (const item of await chunkFindings(src, chunk)) findings.push(item);
  }
  if (riff.end < src.size) {
    findings.push(
      finding(
        'other.data',
        'TrailingData',
        'after RIFF',
        `${src.size - riff.end} bytes`,
      ),
    );
  }
  return {
    riff,
    chunks,
    findings,
    frames,
    ...(orientation === undefined ? {} : { orientation }),
    ...(iccProfile === undefined ? {} : { iccProfile }),
  };
}
