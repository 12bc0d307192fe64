/**
 * An Office document saved with a password is not a zip: it is a compound file ([MS-CFB]) whose
 * streams `EncryptionInfo` and `EncryptedPackage` hold the encrypted package ([MS-OFFCRYPTO],
 * ECMA-376 document encryption). Telling it from a legacy .doc/.xls/.ppt needs only the names in
 * the compound file's directory, read here along the directory's sector chain.
 */
import type { ByteSource } from '../../byte-source';
import { u16le, u32le } from '../../bytes';

/** [MS-CFB] 2.2: the header's fields. */
const HEADER_SIZE = 512;
const SECTOR_SHIFT_AT = 0x1e;
const FAT_SECTORS_AT = 0x2c;
const FIRST_DIRECTORY_AT = 0x30;
const FIRST_DIFAT_AT = 0x44;
const DIFAT_SECTORS_AT = 0x48;
const HEADER_DIFAT_AT = 0x4c;
const HEADER_DIFAT_ENTRIES = 109;
/** [MS-CFB] 2.1: sector numbers at and above this mark the end of a chain or free sectors. */
const MAX_SECTOR = 0xfffffffa;
/** [MS-CFB] 2.6: a directory entry, its name (UTF-16LE) and the name's length in bytes. */
const ENTRY_SIZE = 128;
const NAME_LENGTH_AT = 64;
const NAME_BYTES = 64;
/** More directory or DIFAT sectors than this are not followed (a loop, or a hostile file). */
const MAX_CHAIN = 4096;

const ENCRYPTION_STREAMS = ['EncryptionInfo', 'EncryptedPackage'];

/** The names in a compound file's directory; [] when the file is not a readable one. */
async function directoryNames(src: ByteSource): Promise<Set<string>> {
  const names = new Set<string>();
  if (src.size < HEADER_SIZE) return names;
  const header = await src.read(0, HEADER_SIZE);
  const shift = u16le(header, SECTOR_SHIFT_AT);
  if (shift !== 9 && shift !== 12) return names;
  const size = 1 << shift;
  const perSector = size / 4;
  const sector = (n: number) =>
    (n + 1) * size + size <= src.size ? src.read((n + 1) * size, size) : null;
  const fatSectors: number[] = [];
  const fatCount = u32le(header, FAT_SECTORS_AT);
  for (let i = 0; i < Math.min(fatCount, HEADER_DIFAT_ENTRIES); i++)
    fatSectors.push(u32le(header, HEADER_DIFAT_AT + i * 4));
  let difat = u32le(header, FIRST_DIFAT_AT);
  for (
    let i = 0;
    i < Math.min(u32le(header, DIFAT_SECTORS_AT), MAX_CHAIN) &&
    difat < MAX_SECTOR;
    i++
  ) {
    const bytes = await sector(difat);
    if (!bytes) break;
    for (let k = 0; k < perSector - 1 && fatSectors.length < fatCount; k++)
      fatSectors.push(u32le(bytes, k * 4));
    difat = u32le(bytes, size - 4);
  }
  const next = async (n: number): Promise<number> => {
    const fat = fatSectors[Math.floor(n / perSector)];
    const bytes = fat === undefined ? null : await sector(fat);
    return bytes ? u32le(bytes, (n % perSector) * 4) : MAX_SECTOR + 1;
  };
  let dir = u32le(header, FIRST_DIRECTORY_AT);
  for (let i = 0; i < MAX_CHAIN && dir < MAX_SECTOR; i++) {
    const bytes = await sector(dir);
    if (!bytes) break;
    for (let at = 0; at + ENTRY_SIZE <= size; at += ENTRY_SIZE) {
      const length = u16le(bytes, at + NAME_LENGTH_AT);
      if (length < 2 || length > NAME_BYTES) continue;
      names.add(
        new TextDecoder('utf-16le').decode(bytes.subarray(at, at + length - 2)),
      );
    }
    dir = await next(dir);
  }
  return names;
}

/** True when the compound file is an Office document encrypted with a password. */
export async function isEncryptedPackage(src: ByteSource): Promise<boolean> {
  const names = await directoryNames(src);
  return ENCRYPTION_STREAMS.every((n) => names.has(n));
}
