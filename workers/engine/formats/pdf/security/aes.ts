/**
 * AES-CBC through Web Crypto (`crypto.subtle`, in the browser, the worker and Node alike), as the
 * standard security handler uses it (ISO 32000-2, 7.6.3): stream and string data with PKCS#5
 * padding, and the key derivation's blocks without padding, which Web Crypto does not offer and
 * which are made here from what it does.
 */
import { corrupt } from '../../../errors';

export const AES_BLOCK = 16;
const PAD_BLOCK = new Uint8Array(AES_BLOCK).fill(AES_BLOCK);

function key(raw: Uint8Array, usage: KeyUsage): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', buffer(raw), 'AES-CBC', false, [usage]);
}

const bytes = (b: ArrayBuffer) => new Uint8Array(b);
/** Web Crypto takes views of plain ArrayBuffers; the engine's bytes never use shared memory. */
export const buffer = (b: Uint8Array) => b as Uint8Array<ArrayBuffer>;

/** `data` encrypted with `iv`, padded as PKCS#5 asks (ISO 32000-2, 7.6.3.1). */
export async function cbcEncrypt(
  k: Uint8Array,
  iv: Uint8Array,
  data: Uint8Array,
): Promise<Uint8Array> {
  return bytes(
    await crypto.subtle.encrypt(
      { name: 'AES-CBC', iv: buffer(iv) },
      await key(k, 'encrypt'),
      buffer(data),
    ),
  );
}

/** PKCS#5-padded ciphertext decrypted; a bad length or padding is a corrupt file. */
export async function cbcDecrypt(
  k: Uint8Array,
  iv: Uint8Array,
  data: Uint8Array,
): Promise<Uint8Array> {
  if (data.length % AES_BLOCK !== 0) throw corrupt('AES data is not whole');
  try {
    return bytes(
      await crypto.subtle.decrypt(
        { name: 'AES-CBC', iv: buffer(iv) },
        await key(k, 'decrypt'),
        buffer(data),
      ),
    );
  } catch {
    throw corrupt('AES data does not decrypt');
  }
}

/**
 * Whole blocks encrypted without padding: CBC's first blocks do not depend on what follows, so
 * the padding block Web Crypto appends is cut off.
 */
export async function cbcEncryptRaw(
  k: Uint8Array,
  iv: Uint8Array,
  data: Uint8Array,
): Promise<Uint8Array> {
  const out = await cbcEncrypt(k, iv, data);
  return out.subarray(0, data.length);
}

/**
 * Whole blocks decrypted without padding: one more block is appended whose decryption is a full
 * padding block (the encryption of the padding block chained on the last ciphertext block), so
 * Web Crypto's padding check passes and removes exactly that block.
 */
export async function cbcDecryptRaw(
  k: Uint8Array,
  iv: Uint8Array,
  data: Uint8Array,
): Promise<Uint8Array> {
  if (data.length === 0 || data.length % AES_BLOCK !== 0)
    throw corrupt('AES data is not whole');
  const last = data.subarray(data.length - AES_BLOCK);
  const tail = await cbcEncryptRaw(k, last, PAD_BLOCK);
  const joined = new Uint8Array(data.length + AES_BLOCK);
  joined.set(data);
  joined.set(tail, data.length);
  return cbcDecrypt(k, iv, joined);
}
