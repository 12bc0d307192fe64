/** The Compound File Binary header ([MS-CFB] 2.2): sector sizes and where the tables start. */
import { startsWith, u16le, u32le } from '../../bytes';
import { corrupt, EngineError } from '../../errors';

/** [MS-CFB] 2.2: the eight bytes every compound file starts with. */
export const CFB_SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
export const HEADER_BYTES = 512;
/** [MS-CFB] 2.1: sector numbers above MAXREGSECT are markers, not places. */
export const MAX_REG_SECT = 0xfffffffa;
export const DIFAT_SECT = 0xfffffffc;
export const FAT_SECT = 0xfffffffd;
export const END_OF_CHAIN = 0xfffffffe;
export const FREE_SECT = 0xffffffff;
/** [MS-CFB] 2.2: the header holds the first 109 FAT sector numbers itself. */
export const HEADER_DIFAT_ENTRIES = 109;
const HEADER_DIFAT_OFFSET = 76;
const BYTE_ORDER_LITTLE_ENDIAN = 0xfffe;
/** Version 3 files use 512-byte sectors, version 4 files 4096-byte ones. */
const SECTOR_SHIFT_V3 = 9;
const SECTOR_SHIFT_V4 = 12;
const MINI_SECTOR_SHIFT = 6;
/** [MS-CFB] 2.2: streams shorter than this live in the mini stream. */
export const MINI_STREAM_CUTOFF = 4096;

export interface CfbHeader {
  readonly majorVersion: 3 | 4;
  readonly sectorSize: number;
  readonly miniSectorSize: number;
  readonly fatSectorCount: number;
  readonly firstDirectorySector: number;
  readonly firstMiniFatSector: number;
  readonly miniFatSectorCount: number;
  readonly firstDifatSector: number;
  readonly difatSectorCount: number;
  /** The FAT sector numbers the header itself lists (free entries dropped). */
  readonly headerDifat: readonly number[];
}

export function isCfb(head: Uint8Array): boolean {
  return startsWith(head, CFB_SIGNATURE);
}

/** Parses and checks the 512-byte header; anything the spec fixes must hold, or `corrupt`. */
export function parseHeader(b: Uint8Array): CfbHeader {
  if (b.length < HEADER_BYTES || !isCfb(b))
    throw corrupt('not a compound file header');
  const majorVersion = u16le(b, 26);
  if (u16le(b, 28) !== BYTE_ORDER_LITTLE_ENDIAN)
    throw corrupt('compound file byte order mark');
  const sectorShift = u16le(b, 30);
  if (!(
    (majorVersion === 3 && sectorShift === SECTOR_SHIFT_V3) ||
    (majorVersion === 4 && sectorShift === SECTOR_SHIFT_V4)
  ))
    throw new EngineError(
      'unsupported',
      `compound file version ${majorVersion} with sector shift ${sectorShift}`,
    );
  if (u16le(b, 32) !== MINI_SECTOR_SHIFT)
    throw corrupt('compound file mini sector shift');
  if (u32le(b, 56) !== MINI_STREAM_CUTOFF)
    throw corrupt('compound file mini stream cutoff');
  const headerDifat: number[] = [];
  for (let i = 0; i < HEADER_DIFAT_ENTRIES; i++) {
    const sector = u32le(b, HEADER_DIFAT_OFFSET + 4 * i);
    if (sector <= MAX_REG_SECT) headerDifat.push(sector);
  }
  return {
    majorVersion,
    sectorSize: 1 << sectorShift,
    miniSectorSize: 1 << MINI_SECTOR_SHIFT,
    fatSectorCount: u32le(b, 44),
    firstDirectorySector: u32le(b, 48),
    firstMiniFatSector: u32le(b, 60),
    miniFatSectorCount: u32le(b, 64),
    firstDifatSector: u32le(b, 68),
    difatSectorCount: u32le(b, 72),
    headerDifat,
  };
}
