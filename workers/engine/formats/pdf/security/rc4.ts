/**
 * RC4, the stream cipher of the standard security handler's revisions 2-4 (ISO 32000-2, 7.6.3,
 * crypt filter method V2). Web Crypto has no RC4, so the engine carries this small one. The
 * cipher is its own inverse: the same call encrypts and decrypts.
 */

const STATE_SIZE = 256;

/** `data` run through RC4 with `key` (1 to 256 bytes). */
export function rc4(key: Uint8Array, data: Uint8Array): Uint8Array {
  const s = new Uint8Array(STATE_SIZE);
  for (let i = 0; i < STATE_SIZE; i++) s[i] = i;
  for (let i = 0, j = 0; i < STATE_SIZE; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 0xff;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = new Uint8Array(data.length);
  for (let k = 0, i = 0, j = 0; k < data.length; k++) {
    i = (i + 1) & 0xff;
    j = (j + s[i]!) & 0xff;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[k] = data[k]! ^ s[(s[i]! + s[j]!) & 0xff]!;
  }
  return out;
}
