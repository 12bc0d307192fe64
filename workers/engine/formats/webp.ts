import { ascii, startsWith } from '../bytes';
import type { FormatModule, Sniffed } from '../format-module';
import { buildOrientationOnlyExif } from '../metadata/exif';
import { OutputBuilder } from '../output-plan';
import {
  FORM_TYPE_BYTES,
  CHUNK_HEADER_BYTES,
  chunkHeader,
} from './riff/chunks';
import {
  EXIF_CHUNK,
  ICC_CHUNK,
  IMAGE_CHUNKS,
  analyzeWebp,
} from './webp/analyze';

const WEBP: Sniffed = { id: 'webp', mime: 'image/webp', extension: 'webp' };
const WEBP_FORM = ascii('WEBP');
const RIFF_FORM_AT = 8;

/** VP8X flag bits (WebP container specification, "Extended File Format"). */
const VP8X_EXIF = 0x08;
const VP8X_XMP = 0x04;

function padded(bytes: Uint8Array): Uint8Array {
  return bytes.length % 2 === 0 ? bytes : Uint8Array.from([...bytes, 0]);
}

/**
 * WebP: drops EXIF, XMP and unknown chunks and anything after the RIFF chunk; rewrites the RIFF
 * size and the VP8X flags; keeps the image, alpha, animation and ICC chunks as they are. A rotated
 * photo keeps an EXIF chunk holding only its Orientation.
 */
export const webp: FormatModule = {
  formats: [{ id: 'webp', mime: 'image/webp', extensions: ['webp'] }],
  sniff: (head) =>
    startsWith(head, ascii('RIFF')) && startsWith(head, WEBP_FORM, RIFF_FORM_AT)
      ? WEBP
      : null,
  async inspect(src, _format, ctx) {
    return [...(await analyzeWebp(src, ctx.signal)).findings];
  },
  async clean(src, _format, ctx) {
    const { chunks, orientation } = await analyzeWebp(src, ctx.signal);
    const kept = chunks.filter(
      (c) => IMAGE_CHUNKS.has(c.id) || c.id === ICC_CHUNK,
    );
    const vp8x = kept.find((c) => c.id === 'VP8X');
    // Viewers read EXIF only in the extended format (VP8X): without it there is no rotation to keep.
    const exif =
      orientation === undefined || !vp8x
        ? null
        : padded(buildOrientationOnlyExif(orientation));
    const bodySize =
      FORM_TYPE_BYTES +
      kept.reduce((n, c) => n + (c.end - c.offset), 0) +
      (exif ? CHUNK_HEADER_BYTES + exif.length : 0);
    const out = new OutputBuilder()
      .push(chunkHeader('RIFF', bodySize))
      .push(WEBP_FORM);
    for (const chunk of kept) {
      if (chunk !== vp8x) {
        out.copy(chunk.offset, chunk.end);
        continue;
      }
      const payload = await src.readExact(chunk.dataOffset, chunk.size);
      const flags = payload.slice();
      flags[0] = (flags[0]! & ~(VP8X_EXIF | VP8X_XMP)) | (exif ? VP8X_EXIF : 0);
      out.push(chunkHeader('VP8X', chunk.size)).push(padded(flags));
    }
    if (exif) out.push(chunkHeader(EXIF_CHUNK, exif.length)).push(exif);
    return out.build();
  },
};
