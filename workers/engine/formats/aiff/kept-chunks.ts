/**
 * The chunks an AIFF keeps have fixed layouts (AIFF 1.3 and the AIFF-C draft of 1991: Common,
 * Format Version, Marker, Instrument and Audio Recording chunks; Apple's `CHAN` channel layout),
 * and a reader stops where the layout ends: bytes a writer left after it are cut, and reported
 * when they hold anything.
 */
import { u16be, u32be } from '../../bytes';
import { finding } from '../../findings';
import type { KeptPayload } from '../../shared/riff/form';

/** Channels (2), sample frames (4), sample size (2), an 80-bit sample rate (10). */
const COMM_BYTES = 18;
/** AIFF-C adds the compression type (4) and its name as a Pascal string. */
const COMPRESSION_NAME_AT = COMM_BYTES + 4;
const FVER_BYTES = 4;
const INST_BYTES = 20;
const AESD_BYTES = 24;
const MARK_COUNT_BYTES = 2;
/** Marker id (2) and position (4) before the name. */
const MARKER_FIXED_BYTES = 6;
/** Layout tag, channel bitmap, description count; 20 bytes per description. */
const CHAN_HEADER_BYTES = 12;
const CHAN_COUNT_AT = 8;
const CHAN_DESCRIPTION_BYTES = 20;

const WHERE = 'FORM AIFF';

/** A Pascal string at `at`: its count byte and text together take an even number of bytes. */
function pascalEnd(b: Uint8Array, at: number): number {
  if (at >= b.length) return b.length;
  const length = b[at]!;
  return at + 1 + length + ((1 + length) % 2);
}

function markEnd(b: Uint8Array): number {
  if (b.length < MARK_COUNT_BYTES) return b.length;
  let at = MARK_COUNT_BYTES;
  for (let i = 0; i < u16be(b, 0) && at < b.length; i++)
    at = pascalEnd(b, at + MARKER_FIXED_BYTES);
  return at;
}

/** Where each kept chunk's layout ends; undefined for the sound data. */
function layoutLength(
  id: string,
  b: Uint8Array,
  formType: string,
): number | undefined {
  switch (id) {
    case 'COMM':
      return formType === 'AIFC'
        ? pascalEnd(b, COMPRESSION_NAME_AT)
        : COMM_BYTES;
    case 'FVER':
      return FVER_BYTES;
    case 'INST':
      return INST_BYTES;
    case 'AESD':
      return AESD_BYTES;
    case 'MARK':
      return markEnd(b);
    case 'CHAN':
      return b.length < CHAN_HEADER_BYTES
        ? b.length
        : CHAN_HEADER_BYTES + u32be(b, CHAN_COUNT_AT) * CHAN_DESCRIPTION_BYTES;
    default:
      return undefined;
  }
}

/** The kept chunks with a layout to cut to (`SSND` is the samples). */
export const LAID_OUT_CHUNKS: ReadonlySet<string> = new Set([
  'COMM',
  'FVER',
  'INST',
  'AESD',
  'MARK',
  'CHAN',
]);

/** The chunk cut to its layout, or null when it holds nothing past it. */
export function rewriteKeptChunk(
  id: string,
  payload: Uint8Array,
  formType: string,
): KeptPayload | null {
  const length = layoutLength(id, payload, formType);
  if (length === undefined || length >= payload.length) return null;
  const extra = payload.subarray(length);
  if (extra.every((b) => b === 0)) return null;
  const value = `${extra.length} bytes`;
  return {
    bytes: payload.slice(0, length),
    findings: [finding('other.data', `${id} extra bytes`, WHERE, value)],
  };
}
