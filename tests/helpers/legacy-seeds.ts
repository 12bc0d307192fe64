/**
 * The legacy Office campaign's seeds, each holding a canary: the three metadata seeds of
 * legacy-office-fixtures.ts, the same documents with GPS photos (a .doc with an inline photo and
 * two floating ones, an .xls with a photo past a BIFF record's size so its blip spans Continue
 * records, a .ppt with three photos in its Pictures stream), all made by LibreOffice, and a .ppt
 * built here whose embedded OLE object links to a file by monikers beside a photo blip, and a
 * .ppt built here whose Pictures stream holds a compressed EMF and a compressed WMF with the
 * canary in their descriptions and comments ([MS-ODRAW] 2.2.31, as Office stores them). LibreOffice
 * is slow on a loaded machine, so the seeds are kept between runs in the system's temp folder.
 */
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  convert,
  flatSourceWith,
  legacyOfficeFile,
  type LegacyKind,
} from './legacy-office-fixtures';
import {
  compressedMetafileBlip,
  linkedOleStream,
  oleObject,
  pptWithPictures,
} from './legacy-ole-fixtures';
import { canaryEmf, canaryWmf } from './metafile-fixtures';
import { drawImage, canaryTagArgs } from './image-fixtures';
import { exiftoolWrite } from './image-tools';
import { keptBetweenRuns } from './kept-between-runs';
import { CANARY } from './office-fixtures';

export const LEGACY_SEED_NAMES = [
  'doc',
  'xls',
  'ppt',
  'doc-photos',
  'xls-photos',
  'ppt-photos',
  'ppt-link',
  'ppt-metafiles',
] as const;
export type LegacySeedName = (typeof LEGACY_SEED_NAMES)[number];

/** A photo whose JPEG passes a BIFF record's 8,224 bytes (as legacy-pictures.test.ts makes). */
const WIDE_PHOTO = '200x150';
/** [MS-PPT] 2.10.34 ExOleObjStg, stored uncompressed (instance 0). */
const RT_EX_OLE_OBJ_STG = 0x1011;
const RECORD_HEADER_BYTES = 8;
/** [MS-ODRAW] 2.2.25 OfficeArtBlipWMF: its type and recInstance with one UID. */
const WMF_BLIP = 0xf01b;
const WMF_ONE_UID = 0x216;

/** The link's monikers and display name, each naming the author's folder. */
const LINK = {
  relative: '..\\CANARY_LINK_FOLDER\\budget.xlsx',
  absolute: 'C:\\Users\\CANARY_LINK_USER\\Documents\\budget.xlsx',
  display: 'C:\\Users\\CANARY_LINK_DISPLAY\\budget.xlsx!Sheet1!R1C1',
};

/** A presentation whose document stream holds a linked OLE object, and a photo in Pictures. */
function pptWithLink(jpeg: Uint8Array): Uint8Array {
  const object = oleObject(
    linkedOleStream(LINK.relative, LINK.absolute, LINK.display),
  );
  const head = Buffer.alloc(RECORD_HEADER_BYTES);
  head.writeUInt16LE(RT_EX_OLE_OBJ_STG, 2);
  head.writeUInt32LE(object.length, 4);
  return pptWithPictures(jpeg, new Uint8Array(0), {
    document: Buffer.concat([head, object]),
  });
}

/**
 * The photos: JPEGs with the canary in EXIF, GPS, XMP, IPTC and a comment segment, and a PNG
 * with it in eXIf (GPS too) and a tEXt comment only: a comment and a PNG's eXIf carry no
 * signature the residue scan knows, so only the picture walks keep them out of an output.
 */
function photos(dir: string): {
  jpeg: Uint8Array;
  wide: Uint8Array;
  png: Uint8Array;
} {
  const commented = [...canaryTagArgs(), `-Comment=${CANARY}-JpegComment`];
  const jpeg = drawImage(join(dir, 'gps.jpg'));
  const wide = drawImage(join(dir, 'wide.jpg'), { size: WIDE_PHOTO });
  const png = drawImage(join(dir, 'gps.png'));
  for (const path of [jpeg, wide]) exiftoolWrite(path, commented);
  exiftoolWrite(png, [
    ...canaryTagArgs().filter((a) => /^-(EXIF|GPS)/.test(a)),
    `-PNG:Comment=${CANARY}-PngComment`,
  ]);
  const read = (path: string) => new Uint8Array(readFileSync(path));
  return { jpeg: read(jpeg), wide: read(wide), png: read(png) };
}

function make(dir: string, name: LegacySeedName): Uint8Array {
  if (name === 'doc' || name === 'xls' || name === 'ppt')
    return readFileSync(legacyOfficeFile(dir, name));
  const { jpeg, wide, png } = photos(dir);
  if (name === 'ppt-link') return pptWithLink(jpeg);
  if (name === 'ppt-metafiles')
    return pptWithPictures(
      jpeg,
      Buffer.concat([
        compressedMetafileBlip(canaryEmf()),
        compressedMetafileBlip(canaryWmf(), WMF_ONE_UID, WMF_BLIP),
      ]),
    );
  const kind = name.slice(0, 3) as LegacyKind;
  const placed = kind === 'doc' ? [jpeg, png] : [jpeg, wide, png];
  return readFileSync(convert(dir, kind, flatSourceWith(dir, kind, placed)));
}

/** Bump when a maker changes: seeds are kept between runs in the system's temp folder. */
const SEEDS_VERSION = 4;
const CACHE_DIR = join(tmpdir(), `metaclean-legacy-seeds-v${SEEDS_VERSION}`);

/** Every seed as [name, bytes], made in `dir` (LibreOffice's profile too) when not kept. */
export function legacySeeds(
  dir: string,
  names: readonly LegacySeedName[] = LEGACY_SEED_NAMES,
): (readonly [LegacySeedName, Uint8Array])[] {
  return names.map(
    (name) =>
      [name, keptBetweenRuns(CACHE_DIR, name, () => make(dir, name))] as const,
  );
}
