/**
 * How long a stream format chunk's structure is (AVI RIFF File Reference, `strf`): for video a
 * BITMAPINFOHEADER whose biSize counts the header and the codec data after it; for audio a
 * WAVEFORMATEX of 18 bytes and the cbSize bytes of codec data it names, or the 16-byte
 * PCMWAVEFORMAT before it; PCM ignores cbSize, so its structure ends at 16 bytes, or 18 with a
 * zero cbSize. Bytes past that are part of no structure, and no decoder needs them.
 */
import { u16le, u32le } from '../../bytes';

const BITMAPINFOHEADER_BYTES = 40;
const PCMWAVEFORMAT_BYTES = 16;
const WAVEFORMATEX_BYTES = 18;
const CB_SIZE_AT = 16;
const WAVE_FORMAT_PCM = 1;
/** What a stream header's fccType says the stream is: its first four bytes. */
export const STREAM_TYPE_BYTES = 4;

/** The structure's length in a `strf` chunk whose stream is `streamType`; undefined when unknown. */
export function streamFormatLayout(
  streamType: string | undefined,
  head: Uint8Array,
): number | undefined {
  if (streamType === 'vids' && head.length >= BITMAPINFOHEADER_BYTES)
    return Math.max(BITMAPINFOHEADER_BYTES, u32le(head, 0));
  if (streamType !== 'auds') return undefined;
  if (head.length < WAVEFORMATEX_BYTES) return PCMWAVEFORMAT_BYTES;
  const cbSize = u16le(head, CB_SIZE_AT);
  if (u16le(head, 0) === WAVE_FORMAT_PCM)
    return cbSize === 0 ? WAVEFORMATEX_BYTES : PCMWAVEFORMAT_BYTES;
  return WAVEFORMATEX_BYTES + cbSize;
}
