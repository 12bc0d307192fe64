/**
 * The cleaned WebP: a new RIFF header and VP8X (flags fixed), the kept chunks copied as they are
 * (the ICC profile with its words zeroed), frames that lost chunks re-headed, and an
 * Orientation-only EXIF chunk for a rotated photo.
 */
import type { ByteSource } from '../../byte-source';
import { WEBP_FORM } from './sniff';
import { buildOrientationOnlyExif } from '../../metadata/exif';
import { OutputBuilder, planSize, type OutputPlan } from '../../output-plan';
import { chunkHeader, type RiffChunk } from '../../shared/riff/chunks';
import {
  EXIF_CHUNK,
  ICC_CHUNK,
  IMAGE_CHUNKS,
  type WebpAnalysis,
} from './analyze';
import {
  ANMF_CHUNK,
  ANMF_HEADER_BYTES,
  cleanFrameSize,
  type Frame,
} from './frames';

const VP8X_CHUNK = 'VP8X';
/** VP8X flag bits (WebP container specification, "Extended File Format"). */
const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

function padded(bytes: Uint8Array): Uint8Array {
  return bytes.length % 2 === 0 ? bytes : Uint8Array.from([...bytes, 0]);
}

function copyFrame(out: OutputBuilder, frame: Frame): void {
  if (frame.removed.length === 0) {
    out.copy(frame.chunk.offset, frame.chunk.end);
    return;
  }
  const { dataOffset } = frame.chunk;
  out.push(chunkHeader(ANMF_CHUNK, cleanFrameSize(frame)));
  out.copy(dataOffset, dataOffset + ANMF_HEADER_BYTES);
  for (const part of frame.kept) out.copy(part.offset, part.end);
}

async function copyVp8x(
  src: ByteSource,
  out: OutputBuilder,
  vp8x: RiffChunk,
  hasExif: boolean,
): Promise<void> {
  const flags = (await src.readExact(vp8x.dataOffset, vp8x.size)).slice();
  flags[0] = (flags[0]! & ~(VP8X_EXIF | VP8X_XMP)) | (hasExif ? VP8X_EXIF : 0);
  out.push(chunkHeader(VP8X_CHUNK, vp8x.size)).push(padded(flags));
}

export async function rebuildWebp(
  src: ByteSource,
  { chunks, frames, orientation, iccProfile }: WebpAnalysis,
): Promise<OutputPlan> {
  const kept = chunks.filter(
    (c) => IMAGE_CHUNKS.has(c.id) || c.id === ICC_CHUNK,
  );
  const vp8x = kept.find((c) => c.id === VP8X_CHUNK);
  // Viewers read EXIF only in the extended format (VP8X): without it there is no rotation to keep.
  const exif =
    orientation === undefined || !vp8x
      ? null
      : padded(buildOrientationOnlyExif(orientation));
  const body = new OutputBuilder().push(WEBP_FORM);
  for (const chunk of kept) {
    const frame = frames.get(chunk);
    if (chunk === vp8x) await copyVp8x(src, body, chunk, exif !== null);
    else if (frame) copyFrame(body, frame);
    else if (chunk.id === ICC_CHUNK && iccProfile)
      body
        .push(chunkHeader(ICC_CHUNK, iccProfile.length))
        .push(padded(iccProfile));
    else body.copy(chunk.offset, chunk.end);
  }
  if (exif) body.push(chunkHeader(EXIF_CHUNK, exif.length)).push(exif);
  const plan = body.build();
  const out = new OutputBuilder().push(chunkHeader('RIFF', planSize(plan)));
  for (const s of plan) out.add(s);
  return out.build();
}
