/**
 * Reads a deflate stream's bits, least significant bit of each byte first (RFC 1951 3.1.1).
 * Reading past the end does not throw: `overrun` turns true and the caller gives up there, so a
 * truncated or hostile stream costs no exception and no read outside the bytes.
 */
export class BitReader {
  /** The next bit's position, counted from the first byte's least significant bit. */
  pos = 0;

  constructor(private readonly bytes: Uint8Array) {}

  get overrun(): boolean {
    return this.pos > this.bytes.length * 8;
  }

  /** The next `n` bits (n <= 24), not consumed; bits past the end read as zeros. */
  peek(n: number): number {
    const b = this.bytes;
    const at = this.pos >>> 3;
    const word =
      (b[at] ?? 0) |
      ((b[at + 1] ?? 0) << 8) |
      ((b[at + 2] ?? 0) << 16) |
      ((b[at + 3] ?? 0) << 24);
    return (word >>> (this.pos & 7)) & ((1 << n) - 1);
  }

  /** The next `n` bits (n <= 24), consumed. */
  bits(n: number): number {
    const value = this.peek(n);
    this.pos += n;
    return value;
  }

  /** Skips to the next byte boundary (a stored block's LEN starts there, 3.2.4). */
  alignToByte(): void {
    this.pos = (this.pos + 7) & ~7;
  }
}
