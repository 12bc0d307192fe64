/**
 * C2PA Content Credentials: a signed manifest store (JUMBF boxes, ISO/IEC 19566-5, holding CBOR
 * claims) that records which app or service made or edited a file. It is removed whole wherever it
 * sits; this only names it and, when it can, the claim generator for the report.
 */
import { ascii, indexOfBytes, startsWith } from '../bytes';
import { finding, type Finding } from '../findings';

/** The label every C2PA finding carries; the report names it "Content Credentials". */
export const C2PA_LABEL = 'C2PA';
/** The JUMBF description label of a C2PA manifest store (C2PA 2.x, 11.1.4). */
const MANIFEST_STORE_LABEL = ascii('c2pa');
/** ISOBMFF: the `uuid` box that holds a manifest store (C2PA 2.x, A.4). */
export const C2PA_UUID = 'd8fec3d61b0e483c92975828877ec481';
/** PNG: the ancillary chunk that holds a manifest store (C2PA 2.x, A.3.4). */
export const C2PA_PNG_CHUNK = 'caBX';
/** JPEG APP11: the JPEG common identifier "JP" that starts a JUMBF segment (ISO/IEC 19566-5). */
const JUMBF_COMMON_ID = ascii('JP');

/** CBOR (RFC 8949, 3.1): major type 3 is a text string; 24 and 25 take a 1- or 2-byte length. */
const CBOR_TEXT = 0x60;
const CBOR_LENGTH_U8 = 24;
const CBOR_LENGTH_U16 = 25;
const CBOR_MAJOR_MASK = 0xe0;
const CBOR_INFO_MASK = 0x1f;
const MAX_GENERATOR_CHARS = 120;
/** `claim_generator_info` is an array of maps; its `name` sits within a few dozen bytes. */
const GENERATOR_INFO_WINDOW = 256;

function cborKey(name: string): Uint8Array {
  return Uint8Array.from([CBOR_TEXT + name.length, ...ascii(name)]);
}

const GENERATOR_KEY = cborKey('claim_generator');
const GENERATOR_INFO_KEY = cborKey('claim_generator_info');
const NAME_KEY = cborKey('name');

/** The CBOR text string that starts at `at`, if one does. */
function cborText(bytes: Uint8Array, at: number): string | undefined {
  const head = bytes[at];
  if (head === undefined || (head & CBOR_MAJOR_MASK) !== CBOR_TEXT) return;
  const info = head & CBOR_INFO_MASK;
  let length = info;
  let start = at + 1;
  if (info === CBOR_LENGTH_U8) {
    length = bytes[at + 1] ?? 0;
    start = at + 2;
  } else if (info === CBOR_LENGTH_U16) {
    length = ((bytes[at + 1] ?? 0) << 8) | (bytes[at + 2] ?? 0);
    start = at + 3;
  } else if (info > CBOR_LENGTH_U16) return;
  if (start + length > bytes.length) return;
  const text = new TextDecoder().decode(bytes.subarray(start, start + length));
  return text.slice(0, MAX_GENERATOR_CHARS).trim() || undefined;
}

/** The app or service that made the claim, read from the manifest's CBOR, if it is in reach. */
export function claimGenerator(bytes: Uint8Array): string | undefined {
  const info = indexOfBytes(bytes, GENERATOR_INFO_KEY);
  if (info >= 0) {
    const window = bytes.subarray(info, info + GENERATOR_INFO_WINDOW);
    const name = indexOfBytes(window, NAME_KEY);
    const text =
      name >= 0 ? cborText(window, name + NAME_KEY.length) : undefined;
    if (text) return text;
  }
  const key = indexOfBytes(bytes, GENERATOR_KEY);
  return key >= 0 ? cborText(bytes, key + GENERATOR_KEY.length) : undefined;
}

/** The report's line for a manifest store found at `location`. */
export function c2paFinding(bytes: Uint8Array, location: string): Finding {
  return finding(
    'history.credentials',
    C2PA_LABEL,
    location,
    claimGenerator(bytes),
  );
}

/** Whether an APP11 payload is a JUMBF segment of a C2PA manifest store. */
export function isC2paJumbf(payload: Uint8Array): boolean {
  return (
    startsWith(payload, JUMBF_COMMON_ID) &&
    indexOfBytes(payload, MANIFEST_STORE_LABEL) >= 0
  );
}
