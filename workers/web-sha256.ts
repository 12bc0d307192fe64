/**
 * The worker's SHA-256 for the content hashes: Web Crypto, which hashes one buffer, never a
 * stream. A part is gathered into one buffer first, so the largest part hashed is bounded: past
 * it the part is reported `too-large-to-hash` (the CLI, which hashes in pieces, takes any size).
 */
import type { Sha256Host } from './engine/content-hash';

/** The largest part gathered into one buffer in the worker: memory a browser tab reliably grants. */
export const WEB_MAX_HASH_BYTES = 512 * 1024 * 1024;

const hex = (digest: ArrayBuffer): string =>
  Array.from(new Uint8Array(digest), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');

export const webSha256: Sha256Host = {
  maxBytes: WEB_MAX_HASH_BYTES,
  async sha256(pieces, size) {
    const all = new Uint8Array(size);
    let at = 0;
    for await (const piece of pieces) {
      all.set(piece, at);
      at += piece.length;
    }
    return hex(await crypto.subtle.digest('SHA-256', all.subarray(0, at)));
  },
};
