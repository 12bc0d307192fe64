/**
 * A compound file ([MS-CFB], version 3, 512-byte sectors) shaped like an Office document saved
 * with a password: a root entry and the `EncryptionInfo` and `EncryptedPackage` streams, each of
 * 4096 bytes (the mini-stream cutoff, so both live in regular sectors). Its contents are filler:
 * what matters is the structure an independent reader (olefile) lists.
 */
const SECTOR = 512;
const FREE = 0xffffffff;
const END_OF_CHAIN = 0xfffffffe;
const FAT_SECTOR = 0xfffffffd;
const NO_STREAM = 0xffffffff;
const STREAM_BYTES = 4096;
const STREAM_SECTORS = STREAM_BYTES / SECTOR;

function entry(
  view: DataView,
  at: number,
  name: string,
  type: number,
  links: { left?: number; right?: number; child?: number },
  start: number,
  size: number,
): void {
  for (let i = 0; i < name.length; i++)
    view.setUint16(at + i * 2, name.charCodeAt(i), true);
  view.setUint16(at + 64, (name.length + 1) * 2, true);
  view.setUint8(at + 66, type);
  view.setUint8(at + 67, 1);
  view.setUint32(at + 68, links.left ?? NO_STREAM, true);
  view.setUint32(at + 72, links.right ?? NO_STREAM, true);
  view.setUint32(at + 76, links.child ?? NO_STREAM, true);
  view.setUint32(at + 116, start, true);
  view.setUint32(at + 120, size, true);
}

export function encryptedOfficeFile(): Uint8Array {
  const sectors = 2 + 2 * STREAM_SECTORS;
  const bytes = new Uint8Array(SECTOR * (1 + sectors));
  const view = new DataView(bytes.buffer);
  bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  view.setUint16(0x18, 0x3e, true);
  view.setUint16(0x1a, 3, true);
  view.setUint16(0x1c, 0xfffe, true);
  view.setUint16(0x1e, 9, true);
  view.setUint16(0x20, 6, true);
  view.setUint32(0x2c, 1, true);
  view.setUint32(0x30, 1, true);
  view.setUint32(0x38, STREAM_BYTES, true);
  view.setUint32(0x3c, END_OF_CHAIN, true);
  view.setUint32(0x44, END_OF_CHAIN, true);
  for (let i = 0; i < 109; i++) view.setUint32(0x4c + i * 4, FREE, true);
  view.setUint32(0x4c, 0, true);
  const fat = SECTOR;
  for (let i = 0; i < SECTOR / 4; i++) view.setUint32(fat + i * 4, FREE, true);
  view.setUint32(fat, FAT_SECTOR, true);
  view.setUint32(fat + 4, END_OF_CHAIN, true);
  for (const first of [2, 2 + STREAM_SECTORS])
    for (let s = first; s < first + STREAM_SECTORS; s++)
      view.setUint32(
        fat + s * 4,
        s === first + STREAM_SECTORS - 1 ? END_OF_CHAIN : s + 1,
        true,
      );
  const dir = 2 * SECTOR;
  entry(view, dir, 'Root Entry', 5, { child: 1 }, END_OF_CHAIN, 0);
  entry(view, dir + 128, 'EncryptionInfo', 2, { right: 2 }, 2, STREAM_BYTES);
  entry(
    view,
    dir + 256,
    'EncryptedPackage',
    2,
    {},
    2 + STREAM_SECTORS,
    STREAM_BYTES,
  );
  for (let at = 3 * SECTOR; at < bytes.length; at++)
    bytes[at] = (at * 31) & 0xff;
  return bytes;
}
