/**
 * Photos and images with a canary in every tag exiftool writes: EXIF, GPS, IPTC, the XMP
 * namespaces photo tools write, a comment, the ICC profile's words; Orientation 6 and the profile
 * planted too, to see them kept.
 */
import { copyFileSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { iccProfileBytes } from '../../tests/helpers/icc-profile';
import { CanarySet } from './canaries';
import type { Fixture, FixtureMaker } from './check';
import { corpusPath, withCorpus } from './corpus';
import {
  PHOTO_GROUPS,
  dateAndPlaceArgs,
  exiftoolPlant,
  textTagArgs,
} from './exiftool-plant';

function convert(args: readonly string[]): void {
  execFileSync('convert', args, { stdio: 'pipe' });
}

/** An RGB profile whose description and copyright are canaries. */
function plantedProfile(dir: string, set: CanarySet): string {
  const path = join(dir, 'planted.icc');
  writeFileSync(
    path,
    iccProfileBytes(set.text('ICC ProfileDescription'), {
      copyright: set.text('ICC ProfileCopyright'),
    }),
  );
  return path;
}

interface ImageSpec {
  readonly name: string;
  readonly ext: string;
  /** Groups exiftool writes in this format (the others it refuses). */
  readonly groups: readonly string[];
  /** Made from a corpus file instead of ImageMagick's gradient. */
  readonly corpus?: string;
  readonly comment?: boolean;
  /** Made by a second pass of exiftool with these options (`-z`: PNG text compressed). */
  readonly options?: readonly string[];
  /** A description long enough that exiftool splits the XMP into extended XMP segments. */
  readonly longXmp?: boolean;
}

const ALL_PHOTO = PHOTO_GROUPS;
const XMP_ONLY = PHOTO_GROUPS.filter((g) => g.startsWith('XMP'));

const SPECS: readonly ImageSpec[] = [
  { name: 'JPEG', ext: 'jpg', groups: ALL_PHOTO, comment: true },
  { name: 'PNG', ext: 'png', groups: [...ALL_PHOTO, 'PNG'] },
  { name: 'WebP', ext: 'webp', groups: ALL_PHOTO },
  { name: 'TIFF', ext: 'tif', groups: ALL_PHOTO },
  { name: 'GIF', ext: 'gif', groups: XMP_ONLY, comment: true },
  { name: 'JP2', ext: 'jp2', groups: ALL_PHOTO },
  {
    name: 'JPEG (Photoshop, Ducky, MIE and CanonVRD trailers, extended XMP)',
    ext: 'jpg',
    groups: ['Photoshop', 'Ducky', 'MIE', 'CanonVRD'],
    longXmp: true,
  },
  {
    name: 'PNG (compressed text, -z)',
    ext: 'png',
    groups: [...ALL_PHOTO, 'PNG'],
    options: ['-z'],
  },
  {
    name: 'HEIC (corpus)',
    ext: 'heic',
    groups: ALL_PHOTO,
    corpus: 'exif-samples/IMG_5195.HEIC',
  },
  {
    name: 'AVIF (corpus)',
    ext: 'avif',
    groups: ALL_PHOTO,
    corpus: 'mat2/dirty.avif',
  },
];

function imageFixture(dir: string, spec: ImageSpec): Fixture {
  const set = new CanarySet();
  const path = join(dir, `planted.${spec.ext}`);
  const ownProfile = !spec.corpus && spec.ext !== 'gif';
  if (spec.corpus) copyFileSync(corpusPath(spec.corpus), path);
  else {
    const profile = ownProfile ? ['-profile', plantedProfile(dir, set)] : [];
    convert(['-size', '96x64', 'gradient:red-blue', ...profile, path]);
  }
  // One pass per block, so a tag of one block that exiftool maps onto another cannot replace it.
  const blocks = [
    spec.groups.filter((g) => !g.startsWith('XMP') && g !== 'IPTC'),
    spec.groups.filter((g) => g === 'IPTC'),
    spec.groups.filter((g) => g.startsWith('XMP')),
  ];
  const options = spec.options ?? [];
  for (const groups of blocks)
    if (groups.length > 0)
      exiftoolPlant(path, [...options, ...textTagArgs(groups, set)]);
  if (spec.longXmp)
    exiftoolPlant(path, [
      `-XMP-dc:Description=${'lorem ipsum '.repeat(8000)}${set.text('extended XMP description')}`,
    ]);
  exiftoolPlant(path, [
    ...dateAndPlaceArgs(set),
    ...(spec.comment ? [`-Comment=${set.text('Comment')}`] : []),
    ...(spec.groups.includes('EXIF') ? ['-EXIF:Orientation#=6'] : []),
  ]);
  return { name: spec.name, path, canaries: set, gps: true, content: 'pixels' };
}

export const imageFixtures: readonly FixtureMaker[] = withCorpus(
  SPECS,
  (spec) => spec.corpus !== undefined,
).map((spec) => ({
  name: spec.name,
  make: (dir: string) => imageFixture(dir, spec),
}));
