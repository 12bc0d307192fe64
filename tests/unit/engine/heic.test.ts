/**
 * HEIC and AVIF: Exif and XMP items zeroed and hidden, but for a rotated photo's EXIF Orientation,
 * kept alone; ImageMagick (libheif) decodes the same pixels; exiftool, which reads the EXIF and
 * XMP of the input, finds nothing else in the output; the ICC profile stays.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, openAsBlob, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspect } from '../../../workers/engine';
import { CANARY, taggedImage } from '../../helpers/isobmff-fixtures';
import { expectNoLeaks, type Canary } from '../../helpers/leak-oracle';
import {
  cleanFile,
  exiftool,
  fileBytes,
  tempDir,
  type Cleaned,
} from '../../helpers/video-tools';
import { CORPUS_DIR, corpusFile, itCorpus } from '../../helpers/corpus';

const CORPUS: Record<string, string> = !CORPUS_DIR
  ? {}
  : {
      avif: corpusFile('mat2', 'dirty.avif'),
      heic: corpusFile('mat2', 'dirty.heic'),
      iphone: corpusFile('exif-samples', 'IMG_5195.HEIC'),
    };
/** exiftool groups that only EXIF and XMP items produce. */
const METADATA_GROUPS = /^(IFD0|IFD1|ExifIFD|GPS|Apple|XMP-\w+):/;
/** What a rotated photo keeps of its EXIF. */
const ORIENTATION_TAG = 'IFD0:Orientation';
/** What taggedImage plants: EXIF make, model, artist, date and position, an XMP creator. */
const PLANTED: readonly Canary[] = [
  CANARY.artist,
  CANARY.make,
  CANARY.model,
  CANARY.xmp,
  '2021:04:11 15:47:53',
  { lat: 48.8584, lon: 2.2945 },
];
/**
 * Inputs with no EXIF or XMP item (mat2's HEIC has only a colour profile): exiftool must agree
 * with the engine, which removes nothing, so the output check below proves nothing for them.
 */
const WITHOUT_METADATA = new Set(['heic']);
const MAX_PIXEL_BYTES = 256 * 1024 * 1024;

/** Digest of the decoded RGBA pixels, as ImageMagick (libheif) sees them. */
function pixels(path: string): string {
  const rgba = execFileSync('convert', [path, '-depth', '8', 'rgba:-'], {
    maxBuffer: MAX_PIXEL_BYTES,
  });
  return createHash('sha256').update(rgba).digest('hex');
}

const tagCache = new Map<string, string>();
/** exiftool's JSON for a path, run once per path. */
function tags(path: string): string {
  if (!tagCache.has(path)) tagCache.set(path, exiftool(path));
  return tagCache.get(path)!;
}

/** exiftool's EXIF and XMP readings of a path, as `group:tag` to value. */
function metadataTags(path: string): Record<string, unknown> {
  const [all] = JSON.parse(tags(path)) as Record<string, unknown>[];
  return Object.fromEntries(
    Object.entries(all!).filter(([key]) => METADATA_GROUPS.test(key)),
  );
}

let dir: string;
const inputs: Record<string, string> = {};
const outputs: Record<string, Cleaned> = {};

beforeAll(async () => {
  dir = tempDir('isobmff-heif');
  inputs.taggedHeic = taggedImage(dir, 'heic');
  inputs.taggedAvif = taggedImage(dir, 'avif');
  for (const [name, path] of Object.entries(CORPUS)) {
    inputs[name] = join(dir, `${name}-${path.split('/').at(-1)}`);
    copyFileSync(path, inputs[name]);
  }
  for (const [name, path] of Object.entries(inputs))
    outputs[name] = await cleanFile(path);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(['taggedHeic', 'taggedAvif', ...Object.keys(CORPUS)])(
  '%s',
  (name) => {
    it('is cleaned in place with no EXIF or XMP but the Orientation left for exiftool', () => {
      const { inPlace, path } = outputs[name]!;
      expect(inPlace).toBe(true);
      const bare = WITHOUT_METADATA.has(name);
      expect(Object.keys(metadataTags(inputs[name]!)).length > 0).toBe(!bare);
      if (bare) expect(outputs[name]!.result.removed).toEqual([]);
      const left = Object.keys(metadataTags(path));
      expect(left.filter((key) => key !== ORIENTATION_TAG)).toEqual([]);
    });

    it('decodes to the same pixels', () => {
      expect(pixels(outputs[name]!.path)).toBe(pixels(inputs[name]!));
    });

    it('keeps the ICC profile when there is one', () => {
      const hadProfile = /"ICC_Profile:/.test(tags(inputs[name]!));
      expect(/"ICC_Profile:/.test(tags(outputs[name]!.path))).toBe(hadProfile);
    });
  },
);

describe('planted values', () => {
  it.each(['taggedHeic', 'taggedAvif'])('%s has no canary left', (name) => {
    expectNoLeaks(fileBytes(inputs[name]!), outputs[name]!.bytes, PLANTED);
  });

  it('reports EXIF GPS as decimal degrees, make and model', () => {
    const removed = outputs.taggedHeic!.result.removed;
    expect(removed).toContainEqual(
      expect.objectContaining({
        category: 'location',
        value: '48.858400, 2.294500',
      }),
    );
    expect(removed).toContainEqual(
      expect.objectContaining({ category: 'device', value: CANARY.make }),
    );
    expect(removed).toContainEqual(
      expect.objectContaining({ location: expect.stringMatching(/XMP|mime/) }),
    );
  });

  itCorpus(
    'reports the iPhone photo as heic with its EXIF and keeps its colour profile',
    async () => {
      const { format, findings } = await inspect(
        await openAsBlob(inputs.iphone!),
      );
      expect(format.id).toBe('heic');
      expect(findings).toContainEqual(
        expect.objectContaining({ label: 'Model', value: 'iPhone 11 Pro Max' }),
      );
      expect(outputs.heic!.result.kept).toContainEqual(
        expect.objectContaining({ kept: 'color-profile' }),
      );
    },
  );

  itCorpus('keeps an irot rotation and reports it kept', async () => {
    const rotated = fileBytes(inputs.iphone!);
    const irot = Buffer.from(rotated).indexOf('irot');
    rotated[irot + 4] = 1;
    const path = join(dir, 'rotated.heic');
    writeFileSync(path, rotated);
    const { path: out, result } = await cleanFile(path);
    expect(result.kept).toContainEqual(
      expect.objectContaining({
        kept: 'orientation',
        label: 'irot',
        value: '90°',
      }),
    );
    const rotation = /"QuickTime:Rotation": (\d+)/;
    expect(exiftool(out).match(rotation)?.[1]).toBe('90');
  });

  it.each(['taggedHeic', 'taggedAvif'])(
    '%s keeps its EXIF Orientation alone in its Exif item, reported kept',
    (name) => {
      expect(metadataTags(inputs[name]!)).toMatchObject({
        [ORIENTATION_TAG]: 'Rotate 90 CW',
      });
      expect(metadataTags(outputs[name]!.path)).toEqual({
        [ORIENTATION_TAG]: 'Rotate 90 CW',
      });
      expect(outputs[name]!.result.kept).toContainEqual(
        expect.objectContaining({
          kept: 'orientation',
          label: 'Orientation',
          value: '6',
        }),
      );
    },
  );

  it('finds nothing more to remove in a rotated photo it cleaned', async () => {
    const again = await cleanFile(outputs.taggedHeic!.path);
    expect(again.result.removed).toEqual([]);
    expect(again.bytes).toEqual(outputs.taggedHeic!.bytes);
  });

  it('sniffs AVIF from its brands', async () => {
    const { format } = await inspect(await openAsBlob(inputs.taggedAvif!));
    expect(format).toMatchObject({ id: 'avif', mime: 'image/avif' });
  });
});
