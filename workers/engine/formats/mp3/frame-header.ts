/**
 * MPEG-1/2/2.5 audio frame headers (ISO/IEC 11172-3 2.4.1.3, 13818-3): enough to find frames,
 * measure them, and locate the Xing/Info/LAME and VBRI headers in the first one.
 */
import { u32be } from '../../bytes';

export const FRAME_HEADER_BYTES = 4;
const SYNC = 0xffe00000;
const VERSION_RESERVED = 1;
const VERSION_1 = 3;
const LAYER_RESERVED = 0;
const LAYER_I = 3;
const LAYER_III = 1;
const BITRATE_FREE = 0;
const BITRATE_BAD = 15;
const RATE_RESERVED = 3;
const EMPHASIS_RESERVED = 2;
const MONO = 3;

/** kbit/s by [table][index] (11172-3 table 3-B.2, 13818-3 table B.1). */
const BITRATES: readonly (readonly number[])[] = [
  [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
  [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
  [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
  [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
];
const SAMPLE_RATES: Readonly<Record<number, readonly number[]>> = {
  3: [44100, 48000, 32000],
  2: [22050, 24000, 16000],
  0: [11025, 12000, 8000],
};

export interface FrameHeader {
  readonly bytes: number;
  readonly mpeg1: boolean;
  readonly mono: boolean;
  readonly hasCrc: boolean;
}

function bitrateTable(version: number, layer: number): number {
  if (version === VERSION_1) return 3 - layer;
  return layer === LAYER_I ? 3 : 4;
}

/** The frame header at `at`, or null when the four bytes are not a valid header. */
export function frameHeader(b: Uint8Array, at: number): FrameHeader | null {
  if (at < 0 || at + FRAME_HEADER_BYTES > b.length) return null;
  const word = u32be(b, at);
  if ((word & SYNC) >>> 0 !== SYNC) return null;
  const version = (word >>> 19) & 3;
  const layer = (word >>> 17) & 3;
  const bitrateIndex = (word >>> 12) & 15;
  const rateIndex = (word >>> 10) & 3;
  if (version === VERSION_RESERVED || layer === LAYER_RESERVED) return null;
  if (bitrateIndex === BITRATE_FREE || bitrateIndex === BITRATE_BAD)
    return null;
  if (rateIndex === RATE_RESERVED || (word & 3) === EMPHASIS_RESERVED)
    return null;
  const kbps = BITRATES[bitrateTable(version, layer)]![bitrateIndex]!;
  const rate = SAMPLE_RATES[version]![rateIndex]!;
  const padding = (word >>> 9) & 1;
  const mpeg1 = version === VERSION_1;
  return {
    bytes: frameBytes(layer, mpeg1, kbps * 1000, rate, padding),
    mpeg1,
    mono: ((word >>> 6) & 3) === MONO,
    hasCrc: ((word >>> 16) & 1) === 0,
  };
}

function frameBytes(
  layer: number,
  mpeg1: boolean,
  bitrate: number,
  rate: number,
  padding: number,
): number {
  if (layer === LAYER_I)
    return (Math.floor((12 * bitrate) / rate) + padding) * 4;
  const coefficient = layer === LAYER_III && !mpeg1 ? 72 : 144;
  return Math.floor((coefficient * bitrate) / rate) + padding;
}

const CRC_BYTES = 2;
/** Layer III side information sizes (11172-3 2.4.1.7, 13818-3 2.4.1.7). */
function sideInfoBytes(h: FrameHeader): number {
  if (h.mpeg1) return h.mono ? 17 : 32;
  return h.mono ? 9 : 17;
}

/** Offset of a Xing/Info header inside the frame (after the side information). */
export function xingOffset(h: FrameHeader): number {
  return FRAME_HEADER_BYTES + (h.hasCrc ? CRC_BYTES : 0) + sideInfoBytes(h);
}

/** The Fraunhofer VBRI header sits at a fixed 32 bytes after the frame header. */
export const VBRI_OFFSET = FRAME_HEADER_BYTES + 32;
