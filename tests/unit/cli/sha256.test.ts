import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { JS_HASH_MAX_BYTES, sha256Js } from '../../../cli/sha256';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
const nodeSha256 = (bytes: Uint8Array) =>
  createHash('sha256').update(bytes).digest('hex');

/** The undo journal's checksum in JavaScript must be SHA-256 exactly, as node:crypto computes it. */
describe('sha256Js', () => {
  it('gives the FIPS 180-4 example digests', () => {
    const text = (s: string) => new TextEncoder().encode(s);
    expect(hex(sha256Js(text('abc')))).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(hex(sha256Js(text('')))).toBe(
      'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
  });

  it("equals node:crypto's digest at every padding boundary and up to the size it hands over", () => {
    // One padding block or two (55/56 bytes), whole blocks (64, 128), and the largest it hashes.
    const sizes = [1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000, 65_537];
    for (const size of [...sizes, JS_HASH_MAX_BYTES - 1]) {
      const bytes = new Uint8Array(randomBytes(size));
      expect(hex(sha256Js(bytes)), `${size} bytes`).toBe(nodeSha256(bytes));
    }
  });
});
