/**
 * `uuid` boxes: XMP (ISO 16684-1 / Adobe XMP spec part 3) is removed, as is any vendor box; a few
 * structural ones that players need (Smooth Streaming / PIFF encryption and timing) are kept.
 */
import { UUID_BYTES } from './box';

const hex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

export const XMP_UUID = 'be7acfcb97a942e89c71999491e3afac';

/** PIFF 1.1: sample encryption, track encryption, protection system header, tfxd, tfrf. */
const STRUCTURAL_UUIDS = new Set([
  'a2394f525a9b4f14a2446c427c648df4',
  '8974dbce7be74c5184f97148f9882554',
  'd08a4f1810f34a82b6c832d8aba183d3',
  '6d1d9b0542d544e680e2141daff757b2',
  'd4807ef2ca3946958e5426cb9e46a79f',
]);

/** The 16-byte user type at the start of a uuid box's payload, as hex. */
export function uuidOf(payload: Uint8Array): string {
  return hex(payload.subarray(0, UUID_BYTES));
}

export function isXmpUuid(payload: Uint8Array): boolean {
  return uuidOf(payload) === XMP_UUID;
}

export function isStructuralUuid(payload: Uint8Array): boolean {
  return STRUCTURAL_UUIDS.has(uuidOf(payload));
}
