/**
 * How long a stream format chunk's structure is (AVI RIFF File Reference, `strf`): for video a
 * BITMAPINFO, a BITMAPINFOHEADER whose biSize counts the header and the codec data after it,
 * then its colour table (biClrUsed RGBQUADs, or 2^biBitCount when that is 0 and biBitCount is 8
 * or less) or, after a 40-byte header with BI_BITFIELDS or BI_ALPHABITFIELDS, its colour masks;
 * for audio a WAVEFORMATEX of 18 bytes and the cbSize bytes of codec data it names, or the
 * 16-byte PCMWAVEFORMAT before it; PCM ignores cbSize, so its structure ends at 16 bytes, or 18
 * with a zero cbSize. Bytes past that are part of no structure, and no decoder needs them.
 */
import { u16le, u32le } from '../../bytes';

const BITMAPINFOHEADER_BYTES = 40;
const BIT_COUNT_AT = 14;
const COMPRESSION_AT = 16;
const CLR_USED_AT = 32;
const RGBQUAD_BYTES = 4;
/** The deepest pixels an implied full colour table serves (2^8 entries). */
const MAX_INDEXED_BITS = 8;
/** biCompression values whose masks follow a 40-byte header: three DWORDs, or four with alpha. */
const MASK_BYTES: Readonly<Record<number, number>> = { 3: 12, 6: 16 };
const PCMWAVEFORMAT_BYTES = 16;
const WAVEFORMATEX_BYTES = 18;
const CB_SIZE_AT = 16;
const WAVE_FORMAT_PCM = 1;
/** What a stream header's fccType says the stream is: its first four bytes. */
export const STREAM_TYPE_BYTES = 4;

/** The colour table's or the masks' length after a BITMAPINFOHEADER of `headerBytes`. */
function colourBytes(head: Uint8Array, headerBytes: number): number {
  const bitCount = u16le(head, BIT_COUNT_AT);
  const used = u32le(head, CLR_USED_AT);
  const entries =
    used || (bitCount > 0 && bitCount <= MAX_INDEXED_BITS ? 1 << bitCount : 0);
  const masks =
    headerBytes === BITMAPINFOHEADER_BYTES
      ? (MASK_BYTES[u32le(head, COMPRESSION_AT)] ?? 0)
      : 0;
  return masks + entries * RGBQUAD_BYTES;
}

/** The structure's length in a `strf` chunk whose stream is `streamType`; undefined when unknown. */
export function streamFormatLayout(
  streamType: string | undefined,
  head: Uint8Array,
): number | undefined {
  if (streamType === 'vids' && head.length >= BITMAPINFOHEADER_BYTES) {
    const headerBytes = Math.max(BITMAPINFOHEADER_BYTES, u32le(head, 0));
    return headerBytes + colourBytes(head, headerBytes);
  }
  if (streamType !== 'auds') return undefined;
  if (head.length < WAVEFORMATEX_BYTES) return PCMWAVEFORMAT_BYTES;
  const cbSize = u16le(head, CB_SIZE_AT);
  if (u16le(head, 0) === WAVE_FORMAT_PCM)
    return cbSize === 0 ? WAVEFORMATEX_BYTES : PCMWAVEFORMAT_BYTES;
  return WAVEFORMATEX_BYTES + cbSize;
}
