/**
 * The chunks a WAV keeps have fixed layouts, and a reader stops where its layout ends: bytes a
 * writer left after it, a sampler's private data in `smpl` and the time a `PEAK` chunk was
 * written are not sound. Each is cut to its layout (Multimedia Programming Interface and Data
 * Specifications 1.0, "WAVE Form"; `smpl` and `inst` from the MMA sampler extensions; `PEAK` as
 * Apple and Cubase write it: version, a time stamp, one level and position per channel of the
 * format chunk before it, the size libsndfile requires), and the dropped bytes are reported when
 * they hold anything. smpl's sampler maker and product codes, which name the device, are zeroed.
 */
import { u16le, u32le, writeU32le } from '../../bytes';
import { finding } from '../../findings';
import type { KeptPayload } from '../../shared/riff/form';

const WAVE_FORMAT_EXTENSIBLE = 0xfffe;
/** PCM, IEEE float, A-law and mu-law samples need no codec bytes: their cbSize must be 0. */
const PLAIN_FORMATS = new Set([0x0001, 0x0003, 0x0006, 0x0007]);
/** wFormatTag to wBitsPerSample. */
const FMT_BASE_BYTES = 16;
/** cbSize follows the base and counts the codec's own bytes after it. */
const FMT_CB_SIZE_AT = FMT_BASE_BYTES;
const FMT_WITH_CB_SIZE = FMT_BASE_BYTES + 2;
/** WAVEFORMATEXTENSIBLE: cbSize 22 (valid bits, channel mask, sub-format GUID). */
const FMT_EXTENSIBLE_BYTES = FMT_WITH_CB_SIZE + 22;
const COUNT_BYTES = 4;
const CUE_POINT_BYTES = 24;
const PLAYLIST_ENTRY_BYTES = 12;
const FACT_BYTES = 4;
const INST_BYTES = 7;
const SILENCE_BYTES = 4;
/** smpl: nine 32-bit fields, the seventh the loop count, the ninth cbSamplerData. */
const SMPL_LOOPS_AT = 28;
const SMPL_SAMPLER_BYTES_AT = 32;
const SMPL_BASE_BYTES = 36;
const SMPL_LOOP_BYTES = 24;
/**
 * smpl's first two fields: the MIDI Manufacturers Association code of the sampler that wrote it,
 * and that maker's product code. They name the device; a sampler plays the loops without them,
 * and 0 says "no specific manufacturer".
 */
const SMPL_PRODUCT_AT = 4;
const SMPL_DEVICE_BYTES = 8;
const PEAK_TIME_AT = 4;
const PEAK_TIME_BYTES = 4;
const PEAK_HEADER_BYTES = PEAK_TIME_AT + PEAK_TIME_BYTES;
/** A channel's peak: its level (a 32-bit float) and the frame it is at. */
const PEAK_CHANNEL_BYTES = 8;
/** nChannels, after wFormatTag. */
const FMT_CHANNELS_AT = 2;

const WHERE = 'RIFF WAVE';

/** The kept chunks with a layout to cut to (`data` is all samples). */
export const LAID_OUT_CHUNKS: ReadonlySet<string> = new Set([
  'fmt ',
  'fact',
  'cue ',
  'plst',
  'inst',
  'slnt',
  'smpl',
  'PEAK',
]);

/** The channels a format chunk declares, for the PEAK chunk after it. */
export const fmtChannels = (payload: Uint8Array): number =>
  payload.length < FMT_CHANNELS_AT + 2 ? 0 : u16le(payload, FMT_CHANNELS_AT);

function fmtLength(payload: Uint8Array): number {
  if (payload.length < FMT_WITH_CB_SIZE) return payload.length;
  const tag = u16le(payload, 0);
  if (tag === WAVE_FORMAT_EXTENSIBLE) return FMT_EXTENSIBLE_BYTES;
  if (PLAIN_FORMATS.has(tag)) return FMT_WITH_CB_SIZE;
  return FMT_WITH_CB_SIZE + u16le(payload, FMT_CB_SIZE_AT);
}

const counted = (payload: Uint8Array, entryBytes: number): number =>
  payload.length < COUNT_BYTES
    ? payload.length
    : COUNT_BYTES + u32le(payload, 0) * entryBytes;

/**
 * Where each kept chunk's layout ends; undefined for `data`, which is all samples. `channels`:
 * what the format chunk before this one declares (none before it: 0).
 */
function layoutLength(
  id: string,
  payload: Uint8Array,
  channels: number,
): number | undefined {
  switch (id) {
    case 'fmt ':
      return fmtLength(payload);
    case 'fact':
      return FACT_BYTES;
    case 'cue ':
      return counted(payload, CUE_POINT_BYTES);
    case 'plst':
      return counted(payload, PLAYLIST_ENTRY_BYTES);
    case 'inst':
      return INST_BYTES;
    case 'slnt':
      return SILENCE_BYTES;
    case 'smpl':
      return payload.length < SMPL_BASE_BYTES
        ? payload.length
        : SMPL_BASE_BYTES + u32le(payload, SMPL_LOOPS_AT) * SMPL_LOOP_BYTES;
    case 'PEAK':
      return PEAK_HEADER_BYTES + channels * PEAK_CHANNEL_BYTES;
    default:
      return undefined;
  }
}

const isBlank = (bytes: Uint8Array) => bytes.every((b) => b === 0);

/**
 * The chunk cut to its layout, or null when it holds nothing past it (and, for PEAK, no time).
 * `channels`: what the format chunk before it declares.
 */
export function rewriteKeptChunk(
  id: string,
  payload: Uint8Array,
  channels: number,
): KeptPayload | null {
  const length = layoutLength(id, payload, channels);
  const cut =
    length === undefined || length >= payload.length
      ? null
      : cutTo(id, payload, length);
  const blanked =
    id === 'PEAK'
      ? peakWithoutTime(cut?.bytes ?? payload)
      : id === 'smpl'
        ? smplWithoutDevice(cut?.bytes ?? payload)
        : null;
  if (!blanked) return cut;
  return {
    bytes: blanked.bytes,
    findings: [...(cut?.findings ?? []), ...blanked.findings],
  };
}

function smplWithoutDevice(payload: Uint8Array): KeptPayload | null {
  if (payload.length < SMPL_DEVICE_BYTES) return null;
  const manufacturer = u32le(payload, 0);
  const product = u32le(payload, SMPL_PRODUCT_AT);
  if (manufacturer === 0 && product === 0) return null;
  const bytes = payload.slice();
  bytes.fill(0, 0, SMPL_DEVICE_BYTES);
  return {
    bytes,
    findings: [
      finding(
        'device.model',
        'smpl manufacturer and product',
        WHERE,
        `${manufacturer} / ${product}`,
      ),
    ],
  };
}

function cutTo(
  id: string,
  payload: Uint8Array,
  length: number,
): KeptPayload | null {
  const extra = payload.subarray(length);
  if (isBlank(extra)) return null;
  const bytes = payload.slice(0, length);
  // What went was counted: the count must say none is left.
  if (id === 'smpl') writeU32le(bytes, SMPL_SAMPLER_BYTES_AT, 0);
  if (id === 'fmt ' && PLAIN_FORMATS.has(u16le(bytes, 0)))
    bytes.fill(0, FMT_CB_SIZE_AT, FMT_WITH_CB_SIZE);
  const label =
    id === 'smpl' ? 'smpl sampler data' : `${id.trim()} extra bytes`;
  const value = `${extra.length} bytes`;
  return { bytes, findings: [finding('other.data', label, WHERE, value)] };
}

function peakWithoutTime(payload: Uint8Array): KeptPayload | null {
  if (payload.length < PEAK_HEADER_BYTES) return null;
  const stamp = u32le(payload, PEAK_TIME_AT);
  if (stamp === 0) return null;
  const bytes = payload.slice();
  bytes.fill(0, PEAK_TIME_AT, PEAK_HEADER_BYTES);
  const when = new Date(stamp * 1000).toISOString();
  return {
    bytes,
    findings: [finding('time.modified', 'PEAK time stamp', WHERE, when)],
  };
}
