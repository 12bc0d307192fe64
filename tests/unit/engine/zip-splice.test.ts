import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { unzipSync, zipSync } from 'fflate';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { nodeCodecs } from '../../../cli/node-codecs';
import { cleanPlan } from '../../../workers/engine';
import { planBytes } from '../../../workers/engine/output-plan';
import { crc32Js } from '../../../workers/engine/shared/crc32';
import { lendHostCodecs } from '../../../workers/engine/shared/host-codecs';
import { SMALL_MEMBER_BYTES } from '../../../workers/engine/shared/zip/whole';
import {
  newMember,
  writeZip,
  type OutMember,
} from '../../../workers/engine/shared/zip/write';
import { METHOD_DEFLATED } from '../../../workers/engine/shared/zip/format';
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

// Spliced are the members past the package's allowance for held ones: here spent from the start.
vi.mock('../../../workers/engine/limits', async (original) => ({
  ...(await original<typeof import('../../../workers/engine/limits')>()),
  MAX_HELD_MEMBER_BYTES: 0,
}));

const blob = (bytes: Uint8Array) =>
  new Blob([bytes as Uint8Array<ArrayBuffer>]);
/** A plasma picture this large and this fine does not compress below SMALL_MEMBER_BYTES. */
const LARGE_PHOTO = { size: '640x480', extra: ['-quality', '100'] } as const;
/** Drawing, tagging and judging a half-megabyte photo with exiftool is slow on a loaded machine. */
const TIMEOUT = 180_000;
const PHOTO = 'word/media/image1.jpg';
const JUNK_CANARY = 'CANARY_AFTER_THE_STREAM';
const DEFLATE = 'deflate';

/** Each member's method and CRC-32 as Python's zipfile reads the central directory. */
function centralDirectory(
  dir: string,
  zip: Uint8Array,
): Record<string, { method: string; crc: number }> {
  const file = join(dir, 'listed.zip');
  writeFileSync(file, zip);
  const script =
    'import json,sys,zipfile\n' +
    'z=zipfile.ZipFile(sys.argv[1])\n' +
    'print(json.dumps({i.filename:{"method":"deflate" if i.compress_type==8 else "stored","crc":i.CRC} for i in z.infolist()}))';
  return JSON.parse(
    execFileSync('/usr/bin/python3', ['-c', script, file], {
      encoding: 'utf8',
    }),
  ) as Record<string, { method: string; crc: number }>;
}

async function cleanedWith(
  input: Uint8Array,
  lend: boolean,
): Promise<Uint8Array> {
  lendHostCodecs(lend ? nodeCodecs() : {});
  const result = await cleanPlan(blob(input));
  return materialize(input, result.plan);
}

describe('a Word document whose large deflated photos are past the allowance for held members', () => {
  let dir: string;
  let jpeg: Uint8Array;
  beforeAll(() => {
    dir = tempDir('zip-splice');
    jpeg = gpsJpeg(dir, 'large.jpg', LARGE_PHOTO);
  });
  afterEach(() => lendHostCodecs({}));

  it(
    'gets each photo spliced: the cleaned photo, deflated, its CRC-32 right, the same bytes on every host',
    async () => {
      expect(jpeg.length).toBeGreaterThan(SMALL_MEMBER_BYTES);
      const original = join(dir, 'original.jpg');
      writeFileSync(original, jpeg);
      expect(identifyingTags(original).length).toBeGreaterThan(0);
      const input = zipSync(unzipSync(syntheticDocx({ jpeg })), { level: 6 });
      expect(deepFind(input, CANARY).length).toBeGreaterThan(0);

      const output = await cleanedWith(input, true);
      // The engine's own JavaScript (a browser) writes the very same bytes.
      expect(await cleanedWith(input, false)).toEqual(output);

      if (hasTool('unzip')) unzipTest(output);
      expectNoLeaks(input, output, [CANARY, CANARY_GPS]);
      const listed = centralDirectory(dir, output);
      expect(listed[PHOTO]?.method).toBe(DEFLATE);
      const photo = unzipSync(output)[PHOTO]!;
      expect(listed[PHOTO]?.crc).toBe(crc32Js(photo));
      const alone = await cleanPlan(blob(jpeg));
      expect(photo).toEqual(await planBytes(jpeg, alone.plan));
      const media = join(dir, 'cleaned.jpg');
      writeFileSync(media, photo);
      expect(identifyingTags(media)).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'stores the cleaned photo when its stream has bytes after its end, and leaves them out',
    async () => {
      const raw = new Uint8Array(deflateRawSync(jpeg));
      const junk = new TextEncoder().encode(JUNK_CANARY);
      const withJunk = new Uint8Array(raw.length + junk.length);
      withJunk.set(raw);
      withJunk.set(junk, raw.length);
      const parts = unzipSync(syntheticDocx({ jpeg }));
      const members: OutMember[] = Object.entries(parts).map(([name, bytes]) =>
        name === PHOTO
          ? {
              name,
              method: METHOD_DEFLATED,
              crc32: crc32Js(jpeg),
              uncompressedSize: jpeg.length,
              data: [{ kind: 'bytes', data: withJunk }],
            }
          : newMember(name, bytes),
      );
      const input = await planBytes(new Uint8Array(0), writeZip(members));
      expect(unzipSync(input)[PHOTO]).toEqual(jpeg);

      for (const lend of [true, false]) {
        const output = await cleanedWith(input, lend);
        expectNoLeaks(input, output, [JUNK_CANARY, CANARY_GPS]);
        expect(centralDirectory(dir, output)[PHOTO]?.method).not.toBe(DEFLATE);
      }
    },
    TIMEOUT,
  );
});
