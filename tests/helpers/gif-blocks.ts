/** GIF extension blocks for tests, built by hand so private application data can be planted. */

const EXTENSION = 0x21;
const APPLICATION = 0xff;
const MAX_SUB_BLOCK = 255;

function subBlocks(data: Uint8Array): Uint8Array {
  const parts: number[] = [];
  for (let at = 0; at < data.length; at += MAX_SUB_BLOCK) {
    const piece = data.subarray(at, at + MAX_SUB_BLOCK);
    parts.push(piece.length, ...piece);
  }
  return Uint8Array.from([...parts, 0]);
}

/** An application extension with an 11-byte id ("ABCDEFGH" + "1.0") and `data`. */
export function applicationExtension(id: string, data: string): Uint8Array {
  const header = Buffer.from(id.padEnd(11).slice(0, 11), 'latin1');
  return Uint8Array.from([
    EXTENSION,
    APPLICATION,
    header.length,
    ...header,
    ...subBlocks(Buffer.from(data, 'latin1')).subarray(0),
  ]);
}

/** `gif` with `blocks` inserted before its trailer, and `tail` after it. */
export function insertBeforeTrailer(
  gif: Uint8Array,
  blocks: readonly Uint8Array[],
  tail = '',
): Uint8Array {
  return Buffer.concat([
    gif.subarray(0, gif.length - 1),
    ...blocks,
    gif.subarray(gif.length - 1),
    Buffer.from(tail, 'latin1'),
  ]);
}
