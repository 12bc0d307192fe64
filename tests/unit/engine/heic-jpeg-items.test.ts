/**
 * A HEIF item of type `jpeg` (a thumbnail some cameras and converters write, or a picture of its
 * own) is a whole JPEG file with its own EXIF (GPS, make) and XMP. It went out unread as picture
 * data ("no metadata found", exit 0); now the JPEG module cleans it where it lies, zero-padded to
 * its length. exiftool reads the canaries in the item's bytes taken out of the input (it does not
 * read a HEIF jpeg item itself), `strings` in the whole file; both find none after the clean, and
 * the primary picture and the JPEG's own pixels are the same.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan, planToBlob } from '../../../workers/engine';
import {
  compareContent,
  hashContent,
  type Sha256Host,
} from '../../../workers/engine/content-hash';
import { removable } from '../../../workers/engine/findings';
import { jpegItemHeic, taggedJpeg } from '../../helpers/heif-jpeg-fixtures';
import { exiftoolWrite, pixelDigest } from '../../helpers/image-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { blobOf, tempDir } from '../../helpers/video-tools';

const MAKE = 'CANARYJPEGMAKE7';
const XMP = 'CANARYJPEGXMP7';

let dir: string;
let jpeg: Buffer;

beforeAll(() => {
  dir = tempDir('heic-jpeg-items');
  jpeg = taggedJpeg(dir, { make: MAKE, xmp: XMP });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, bytes: Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

const strings = (path: string) =>
  execFileSync('strings', ['-n', '6', path], { encoding: 'latin1' });

const exiftool = (path: string) =>
  execFileSync('exiftool', ['-a', '-G1', '-u', '-ee', '-n', '-s', path], {
    encoding: 'utf8',
  });

async function cleaned(input: Uint8Array) {
  const blob = blobOf(input);
  const { plan, removed } = await cleanPlan(blob);
  const out = new Uint8Array(
    await (await planToBlob(blob, plan)).arrayBuffer(),
  );
  return { out, removed };
}

describe.each(['thmb', 'picture'] as const)('a HEIF jpeg item (%s)', (as) => {
  it('loses its EXIF and XMP, its pixels and the picture the same', async () => {
    const input = jpegItemHeic(dir, { jpeg, as });
    const inPath = write(`${as}.heic`, input);
    // The fixture stores the JPEG item last: the file's last bytes.
    const itemAt = input.length - jpeg.length;
    const inItem = write(`${as}-item.jpg`, input.subarray(itemAt));
    expect(strings(inPath)).toContain(MAKE);
    expect(exiftool(inItem)).toContain(MAKE);
    expect(exiftool(inItem)).toMatch(/GPSLatitude\s*:\s*48\.8584/);

    const { out, removed } = await cleaned(input);

    const outPath = write(`${as}-clean.heic`, out);
    const outItem = write(
      `${as}-item-clean.jpg`,
      out.subarray(itemAt, itemAt + jpeg.length),
    );
    expect(out.length).toBe(input.length);
    expect(strings(outPath)).not.toContain(MAKE);
    expect(strings(outPath)).not.toContain(XMP);
    expect(exiftool(outItem)).not.toContain(MAKE);
    expect(exiftool(outItem)).not.toMatch(/GPS/);
    expectNoLeaks(input, out, [MAKE, XMP]);
    const gps = removed.find((f) => f.category === 'location');
    expect(gps?.item?.name).toBe('item 2');
    expect(pixelDigest(outItem)).toBe(pixelDigest(inItem));
    expect(pixelDigest(outPath)).toBe(pixelDigest(inPath));
  });
});

describe('a HEIF jpeg item cleaned once', () => {
  it('has nothing left to remove', async () => {
    const { out, removed } = await cleaned(
      jpegItemHeic(dir, { jpeg, as: 'thmb' }),
    );
    expect(removed.some((f) => f.item?.name === 'item 2')).toBe(true);
    const again = await cleanPlan(blobOf(out));
    expect(again.removed.filter(removable)).toEqual([]);
  });
});

describe('a rotated HEIF jpeg item in idat', () => {
  it('keeps its Orientation alone, and its clean copy cleans again', async () => {
    const path = write('rotated.jpg', jpeg);
    exiftoolWrite(path, ['-n', '-Orientation=6']);
    const input = jpegItemHeic(dir, {
      jpeg: readFileSync(path),
      as: 'thmb',
      inIdat: true,
    });
    expect(strings(write('idat.heic', input))).toContain(MAKE);

    const { out, removed } = await cleaned(input);

    expect(strings(write('idat-clean.heic', out))).not.toContain(MAKE);
    expectNoLeaks(input, out, [MAKE, XMP]);
    expect(removed.some((f) => f.category === 'location')).toBe(true);
    // The kept Orientation-only EXIF in meta is checked, not residue.
    const again = await cleanPlan(blobOf(out));
    expect(again.removed.filter(removable)).toEqual([]);
    expect(again.kept.map((f) => f.field)).toContain('image.orientation');
  });
});

/** node:crypto fed piece by piece, as the CLI lends it. */
const host: Sha256Host = {
  maxBytes: Number.POSITIVE_INFINITY,
  async sha256(pieces) {
    const hash = createHash('sha256');
    for await (const piece of pieces) hash.update(piece);
    return hash.digest('hex');
  },
};

describe('the content hash of a HEIF with a jpeg item', () => {
  it('is the same before and after the clean: the JPEG counts by its scans', async () => {
    const input = jpegItemHeic(dir, { jpeg, as: 'thmb' });
    const { out } = await cleaned(input);
    const before = await hashContent(blobOf(input), host);
    const after = await hashContent(blobOf(out), host);
    expect(compareContent(before, after).identical).toBe(true);
  });
});

describe('a HEIF jpeg item that holds no JPEG', () => {
  it('is refused, not passed unread', async () => {
    const input = jpegItemHeic(dir, {
      jpeg: Buffer.from('no JPEG here, CANARYNOTJPEG7 instead', 'latin1'),
      as: 'thmb',
    });
    await expect(cleanPlan(blobOf(input))).rejects.toMatchObject({
      code: 'unsupported',
    });
  });
});
