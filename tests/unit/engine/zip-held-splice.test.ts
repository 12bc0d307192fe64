/**
 * A large deflated photo whose cleaned bytes are held (within the package's allowance) is written
 * spliced from its own deflate stream: a new start, then its compressed bytes copied from the
 * input, so the output is mostly ranges of the input File and not 100+ MB of new bytes. Verify-
 * after-clean reads the held content instead of inflating the member written, so each photo is
 * still inflated once per clean. The input is written by Python's zipfile (zlib's deflate).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeCodecs } from '../../../cli/node-codecs';
import { cleanPlan } from '../../../workers/engine';
import { planBytes, segmentSize } from '../../../workers/engine/output-plan';
import {
  lendHostCodecs,
  type HostCodecs,
} from '../../../workers/engine/shared/host-codecs';
import { SMALL_MEMBER_BYTES } from '../../../workers/engine/shared/zip/whole';
import { identifyingTags } from '../../helpers/exiftool';
import { CANARY_GPS } from '../../helpers/image-exif-builder';
import { tempDir } from '../../helpers/image-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import {
  CANARY,
  deepFind,
  gpsJpeg,
  syntheticDocx,
} from '../../helpers/office-fixtures';
import { hasTool, materialize, unzipTest } from '../../helpers/zip-tools';

const blob = (bytes: Uint8Array) =>
  new Blob([bytes as Uint8Array<ArrayBuffer>]);
/** A plasma picture this large and this fine does not compress below SMALL_MEMBER_BYTES. */
const LARGE_PHOTO = { size: '640x480', extra: ['-quality', '100'] } as const;
/** Drawing, tagging and judging a half-megabyte photo with exiftool is slow on a loaded machine. */
const TIMEOUT = 180_000;
const PHOTO = 'word/media/image1.jpg';
/** The new bytes of the photo's member are its spliced start: far less than the photo. */
const NEW_SHARE = 0.25;
/** Python's `zipfile.ZIP_DEFLATED`: the deflate method's number (APPNOTE 4.4.5). */
const ZIP_DEFLATED = 8;

/** `parts` zipped by Python's zipfile with zlib's deflate; each member's method and CRC-32 read back by it. */
function pythonZip(dir: string, parts: Record<string, Uint8Array>): Uint8Array {
  const names: string[] = [];
  for (const [i, [name, bytes]] of Object.entries(parts).entries()) {
    const file = join(dir, `part-${i}`);
    writeFileSync(file, bytes);
    names.push(name, file);
  }
  const out = join(dir, 'input.docx');
  const script =
    'import sys,zipfile\n' +
    'z=zipfile.ZipFile(sys.argv[1],"w",zipfile.ZIP_DEFLATED)\n' +
    'a=sys.argv[2:]\n' +
    'for n,f in zip(a[::2],a[1::2]): z.write(f,n)\n' +
    'z.close()';
  execFileSync('/usr/bin/python3', ['-c', script, out, ...names]);
  return new Uint8Array(readFileSync(out));
}

/** The member's method and content as Python's zipfile and zlib read them. */
function pythonRead(
  dir: string,
  zip: Uint8Array,
  name: string,
): { deflated: boolean; content: Uint8Array } {
  const file = join(dir, 'output.docx');
  const content = join(dir, 'member.bin');
  writeFileSync(file, zip);
  const script =
    'import sys,zipfile\n' +
    'z=zipfile.ZipFile(sys.argv[1])\n' +
    'open(sys.argv[3],"wb").write(z.read(sys.argv[2]))\n' +
    'print(z.getinfo(sys.argv[2]).compress_type)';
  const method = execFileSync(
    '/usr/bin/python3',
    ['-c', script, file, name, content],
    { encoding: 'utf8' },
  ).trim();
  return {
    deflated: method === String(ZIP_DEFLATED),
    content: new Uint8Array(readFileSync(content)),
  };
}

/** Node's codecs, counting the inflates of at least `min` bytes of content. */
function countingCodecs(min: number): {
  codecs: HostCodecs;
  count: () => number;
} {
  const node = nodeCodecs();
  let inflates = 0;
  const seen = (size: number) => {
    if (size >= min) inflates++;
  };
  return {
    codecs: {
      ...node,
      inflateRaw: (raw, size) => (seen(size), node.inflateRaw!(raw, size)),
      inflateRawEnd: (raw, size) => (
        seen(size),
        node.inflateRawEnd!(raw, size)
      ),
      inflateRawEndAsync: (raw, size) => (
        seen(size),
        node.inflateRawEndAsync!(raw, size)
      ),
      inflateRawEndAsyncChecked: (raw, size, crc) => (
        seen(size),
        node.inflateRawEndAsyncChecked!(raw, size, crc)
      ),
    },
    count: () => inflates,
  };
}

describe('a large deflated photo held within the allowance', () => {
  afterEach(() => lendHostCodecs({}));

  it(
    'is written spliced from its own stream, inflated once, its content the photo cleaned alone',
    async () => {
      const dir = tempDir('held-splice');
      const jpeg = gpsJpeg(dir, 'large.jpg', LARGE_PHOTO);
      expect(jpeg.length).toBeGreaterThan(SMALL_MEMBER_BYTES);
      const original = join(dir, 'original.jpg');
      writeFileSync(original, jpeg);
      expect(identifyingTags(original).length).toBeGreaterThan(0);
      const input = pythonZip(dir, unzipSync(syntheticDocx({ jpeg })));
      expect(deepFind(input, CANARY).length).toBeGreaterThan(0);
      expect(pythonRead(dir, input, PHOTO).deflated).toBe(true);

      const cleanedPhoto = await planBytes(
        jpeg,
        (await cleanPlan(blob(jpeg))).plan,
      );
      const { codecs, count } = countingCodecs(cleanedPhoto.length);
      lendHostCodecs(codecs);
      const result = await cleanPlan(blob(input));
      // The clean's read; neither verify-after-clean nor the write inflates the photo again.
      expect(count()).toBe(1);
      const newBytes = result.plan
        .filter((s) => s.kind !== 'copy')
        .reduce((n, s) => n + segmentSize(s), 0);
      expect(newBytes).toBeLessThan(jpeg.length * NEW_SHARE);
      const output = await materialize(input, result.plan);

      // The engine's own JavaScript (a browser without native inflate) writes the same bytes.
      lendHostCodecs({});
      const portable = await cleanPlan(blob(input));
      expect(await materialize(input, portable.plan)).toEqual(output);

      if (hasTool('unzip')) unzipTest(output);
      expectNoLeaks(input, output, [CANARY, CANARY_GPS]);
      const written = pythonRead(dir, output, PHOTO);
      expect(written.deflated).toBe(true);
      expect(written.content).toEqual(cleanedPhoto);
      const media = join(dir, 'cleaned.jpg');
      writeFileSync(media, written.content);
      expect(identifyingTags(media)).toEqual([]);
    },
    TIMEOUT,
  );
});
