const FF = 0xff;
const RST0 = 0xd0;
const RST7 = 0xd7;

/**
 * The plain definition the marker searches are held to (T.81 B.1.1.5, F.1.2.3): the index of the
 * first 0xFF whose successor is a real marker code (not a stuffed 0, a fill 0xFF or a restart), or -1.
 */
export function plainMarkerIndex(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length - 1; i++) {
    const next = bytes[i + 1]!;
    if (
      bytes[i] === FF &&
      next !== 0 &&
      next !== FF &&
      (next < RST0 || next > RST7)
    )
      return i;
  }
  return -1;
}
