/**
 * Plants a canary in every tag exiftool can write in the groups named, through one argument file.
 * exiftool refuses a text in a numeric field and goes on (`-m`): what it wrote is what the
 * input reading finds, and only that counts as planted.
 */
import { execFileSync } from 'node:child_process';
import { utimesSync, writeFileSync } from 'node:fs';
import {
  PLANTED_DATE_TIME,
  PLANTED_DAY,
  PLANTED_GPS,
  type CanarySet,
} from './canaries';

/** The groups of a photo's metadata a common tool writes. */
export const PHOTO_GROUPS = [
  'EXIF',
  'GPS',
  'IPTC',
  'XMP-dc',
  'XMP-xmp',
  'XMP-xmpMM',
  'XMP-photoshop',
  'XMP-iptcCore',
  'XMP-exif',
  'XMP-tiff',
  'XMP-aux',
  'XMP-crs',
  'XMP-lr',
  'XMP-plus',
  'XMP-digiKam',
  'XMP-microsoft',
];

/** Tags left alone: they carry structure the file needs, or hold what is kept on purpose. */
const STRUCTURE = new Set([
  'Orientation',
  'ICC_Profile',
  'XMP',
  'PreviewImage',
  'ThumbnailImage',
  'JpgFromRaw',
  'OtherImage',
  'ImageWidth',
  'ImageHeight',
  'StripOffsets',
  'StripByteCounts',
  'Compression',
  'BitsPerSample',
  'SamplesPerPixel',
  'PhotometricInterpretation',
  'PlanarConfiguration',
  'ColorSpace',
  // TIFF tag 700, where a TIFF keeps its XMP packet: a text there replaces the packet.
  'ApplicationNotes',
]);

const listCache = new Map<string, string[]>();

/** The tags exiftool can write in `group`. */
export function writableTags(group: string): string[] {
  const cached = listCache.get(group);
  if (cached) return cached;
  const listed = execFileSync('exiftool', ['-listw', `-${group}:All`], {
    encoding: 'utf8',
  })
    .split('\n')
    .slice(1)
    .join(' ')
    .split(/\s+/)
    .filter((tag) => tag !== '' && !STRUCTURE.has(tag));
  listCache.set(group, listed);
  return listed;
}

/** exiftool arguments planting a canary in every writable tag of `groups`. */
export function textTagArgs(
  groups: readonly string[],
  set: CanarySet,
): string[] {
  return groups.flatMap((group) =>
    writableTags(group).map(
      (tag) => `-${group}:${tag}=${set.text(`${group}:${tag}`)}`,
    ),
  );
}

/** exiftool arguments planting the date in every date field and the position in every GPS one. */
export function dateAndPlaceArgs(set: CanarySet, gps = true): string[] {
  set.fixed('every date field', PLANTED_DAY);
  const { lat, lon } = PLANTED_GPS;
  return [
    `-AllDates=${PLANTED_DATE_TIME}`,
    `-EXIF:GPSDateStamp=${PLANTED_DAY}`,
    `-XMP:DateCreated=${PLANTED_DATE_TIME}`,
    `-XMP:MetadataDate=${PLANTED_DATE_TIME}`,
    `-IPTC:DateCreated=${PLANTED_DAY}`,
    `-IPTC:DigitalCreationDate=${PLANTED_DAY}`,
    ...(gps
      ? [
          `-GPSLatitude=${lat}`,
          '-GPSLatitudeRef=N',
          `-GPSLongitude=${lon}`,
          '-GPSLongitudeRef=E',
          `-XMP-exif:GPSLatitude=${lat}`,
          `-XMP-exif:GPSLongitude=${lon}`,
        ]
      : []),
  ];
}

/**
 * Runs exiftool with `args` on `path` in place, through an argument file; the file's own dates
 * are set to now after, so a reading of the file system's dates never looks like a leak.
 */
export function exiftoolPlant(path: string, args: readonly string[]): void {
  const argFile = `${path}.args`;
  writeFileSync(
    argFile,
    [...args, '-overwrite_original', '-m', '-q', '-q', path].join('\n'),
  );
  execFileSync('exiftool', ['-@', argFile], {
    stdio: 'pipe',
    maxBuffer: 64 << 20,
  });
  const now = new Date();
  utimesSync(path, now, now);
}
