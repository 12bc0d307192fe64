/**
 * Content hashes of the formats located by the walks added after the first set (GIF, TIFF, BMP,
 * JPEG 2000, AVI, ASF, FLV, Ogg, AIFF): for each, a file generated with a planted canary is
 * cleaned, and the engine's SHA-256 of its content equals one this test computes from the
 * content it locates itself (exiftool's strip offsets, or the test's own walk of the file), in
 * the original and in the copy; one byte changed inside that content changes the hash.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  compareContent,
  hashContent,
  type ContentHashes,
  type Sha256Host,
} from '../../../workers/engine/content-hash';
import { convert, exiftoolWrite } from '../../helpers/image-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import {
  blobOf,
  cleanFile,
  ffmpeg,
  fileBytes,
  tempDir,
  TEST_AUDIO,
  TEST_VIDEO,
} from '../../helpers/video-tools';

const CANARY = 'QZHASHCANARYQZ';

const sha256 = (bytes: Uint8Array): string =>
  createHash('sha256').update(bytes).digest('hex');

const host: Sha256Host = {
  maxBytes: Number.POSITIVE_INFINITY,
  async sha256(pieces) {
    const hash = createHash('sha256');
    for await (const piece of pieces) hash.update(piece);
    return hash.digest('hex');
  },
};

function onlyHash(h: ContentHashes): string {
  expect(h.error).toBeUndefined();
  expect(h.parts).toHaveLength(1);
  return h.parts[0]!.sha256!;
}

/** What the test locates itself: the content's bytes joined, and one offset inside it to change. */
interface Located {
  readonly data: Uint8Array;
  readonly change: number;
}

const text = (b: Uint8Array, at: number, n = 4) =>
  Buffer.from(b.subarray(at, at + n)).toString('latin1');
const view = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.length);
const join2 = (b: Uint8Array, ranges: [number, number][]): Located => ({
  data: Buffer.concat(ranges.map(([s, e]) => b.subarray(s, e))),
  change: Math.floor((ranges[0]![0] + ranges[0]![1]) / 2),
});

/** GIF: the global colour table, then each image from its separator to its block terminator. */
function gifImages(b: Uint8Array): Located {
  const tableOf = (packed: number) =>
    packed & 0x80 ? 3 << ((packed & 7) + 1) : 0;
  const ranges: [number, number][] = [];
  let at = 13 + tableOf(b[10]!);
  if (at > 13) ranges.push([13, at]);
  const skipBlocks = (i: number) => {
    while (b[i] !== 0) i += b[i]! + 1;
    return i + 1;
  };
  while (b[at] !== 0x3b) {
    if (b[at] === 0x21) {
      at = skipBlocks(at + 2);
      continue;
    }
    const end = skipBlocks(at + 10 + tableOf(b[at + 9]!) + 1);
    ranges.push([at, end]);
    at = end;
  }
  const image = ranges.at(-1)!;
  // The image's left position, inside its descriptor.
  return { ...join2(b, ranges), change: image[0] + 1 };
}

/** TIFF: the strips exiftool names, in its order. */
function tiffStrips(path: string): (b: Uint8Array) => Located {
  return (b) => {
    const tags = JSON.parse(
      execFileSync(
        'exiftool',
        ['-j', '-n', '-StripOffsets', '-StripByteCounts', path],
        {
          encoding: 'utf8',
        },
      ),
    ) as { StripOffsets: string | number; StripByteCounts: string | number }[];
    const list = (v: string | number) => String(v).split(' ').map(Number);
    const offsets = list(tags[0]!.StripOffsets);
    const counts = list(tags[0]!.StripByteCounts);
    return join2(
      b,
      offsets.map((o, i) => [o, o + counts[i]!]),
    );
  };
}

/** BMP: from the header's pixel offset to the end (ImageMagick writes no profile after it). */
function bmpPixels(b: Uint8Array): Located {
  return join2(b, [[view(b).readUInt32LE(10), b.length]]);
}

/** JPEG 2000 with one tile-part: after SOD, up to the EOC that ends the file's codestream. */
function jp2Tile(b: Uint8Array): Located {
  const sod = view(b).indexOf(Buffer.from([0xff, 0x93]));
  const eoc = view(b).lastIndexOf(Buffer.from([0xff, 0xd9]));
  expect(view(b).indexOf(Buffer.from([0xff, 0x90]), sod)).toBe(-1);
  return join2(b, [[sod + 2, eoc]]);
}

/**
 * AVI: the stream chunks (`##db`, `##dc`, `##wb`, `##pc`, `##sb`) of the `movi` list, found by its
 * list type, headers and pad bytes in; the index chunks and padding between them are not content.
 */
function aviMovi(b: Uint8Array): Located {
  let at = view(b).indexOf('LIST', 0, 'latin1');
  while (text(b, at + 8) !== 'movi')
    at = view(b).indexOf('LIST', at + 1, 'latin1');
  const end = at + 8 + view(b).readUInt32LE(at + 4);
  const ranges: [number, number][] = [];
  for (let c = at + 12; c + 8 <= end;) {
    const size = view(b).readUInt32LE(c + 4);
    const next = c + 8 + size + (size % 2);
    if (/^\d\d(db|dc|wb|pc|sb)$/.test(text(b, c))) ranges.push([c, next]);
    c = next;
  }
  return join2(b, ranges);
}

/** ASF: the Data Object by its GUID, less its 50-byte header. */
function asfPackets(b: Uint8Array): Located {
  const guid = Buffer.from('3626b2758e66cf11a6d900aa0062ce6c', 'hex');
  const at = view(b).indexOf(guid);
  const size = Number(view(b).readBigUInt64LE(at + 16));
  return join2(b, [[at + 50, at + size]]);
}

/** FLV: each audio (8) and video (9) tag's data. */
function flvTags(b: Uint8Array): Located {
  const ranges: [number, number][] = [];
  for (let at = view(b).readUInt32BE(5) + 4; at + 11 <= b.length;) {
    const size = view(b).readUIntBE(at + 1, 3);
    if ((b[at]! & 0x1f) === 8 || (b[at]! & 0x1f) === 9)
      ranges.push([at + 11, at + 11 + size]);
    at += 11 + size + 4;
  }
  return { ...join2(b, ranges), change: ranges.at(-1)![1] - 1 };
}

/** Ogg: each page's packet bytes, less the second packet of the stream (the comment header). */
function oggPackets(b: Uint8Array): Located {
  const ranges: [number, number][] = [];
  let packet = 0;
  for (let at = 0; at < b.length;) {
    expect(text(b, at)).toBe('OggS');
    const lacing = b.subarray(at + 27, at + 27 + b[at + 26]!);
    let data = at + 27 + lacing.length;
    for (const lace of lacing) {
      if (packet !== 1) ranges.push([data, data + lace]);
      data += lace;
      if (lace < 255) packet++;
    }
    at = data;
  }
  return { ...join2(b, ranges), change: b.length - 1 };
}

/** AIFF: the SSND chunk's samples, from its offset past its 8-byte head to its end. */
function aiffSamples(b: Uint8Array): Located {
  const at = view(b).indexOf('SSND', 12, 'latin1');
  const samples = at + 16 + view(b).readUInt32BE(at + 8);
  return join2(b, [[samples, at + 8 + view(b).readUInt32BE(at + 4)]]);
}

type Make = (path: string) => void;
const tagged =
  (args: readonly string[]): Make =>
  (p) =>
    ffmpeg([...args, p]);
const av = (v: string, a: string, ...extra: string[]) =>
  tagged([
    ...TEST_VIDEO,
    ...TEST_AUDIO,
    '-t',
    '1',
    '-c:v',
    v,
    '-c:a',
    a,
    ...extra,
    '-metadata',
    `title=${CANARY}`,
  ]);

const CASES: [string, Make, (path: string) => (b: Uint8Array) => Located][] = [
  [
    'gif',
    (p) =>
      convert([
        '-size',
        '24x16',
        'gradient:red-blue',
        '-set',
        'comment',
        CANARY,
        p,
      ]),
    () => gifImages,
  ],
  [
    'tif',
    (p) => {
      convert([
        '-size',
        '48x40',
        'gradient:red-blue',
        '-define',
        'tiff:rows-per-strip=8',
        p,
      ]);
      exiftoolWrite(p, [`-Artist=${CANARY}`]);
    },
    tiffStrips,
  ],
  [
    'bmp',
    (p) => convert(['-size', '20x10', 'gradient:red-blue', p]),
    () => bmpPixels,
  ],
  [
    'jp2',
    (p) => {
      convert(['-size', '48x32', 'gradient:red-blue', p]);
      exiftoolWrite(p, [`-XMP-dc:Creator=${CANARY}`]);
    },
    () => jp2Tile,
  ],
  ['avi', av('mpeg4', 'pcm_s16le'), () => aviMovi],
  ['wmv', av('wmv2', 'wmav2'), () => asfPackets],
  ['flv', av('flv', 'libmp3lame', '-ar', '22050'), () => flvTags],
  [
    'ogg',
    tagged([
      ...TEST_AUDIO,
      '-c:a',
      'libvorbis',
      '-metadata',
      `artist=${CANARY}`,
    ]),
    () => oggPackets,
  ],
  [
    'opus',
    tagged([...TEST_AUDIO, '-c:a', 'libopus', '-metadata', `artist=${CANARY}`]),
    () => oggPackets,
  ],
  [
    'aiff',
    tagged([
      ...TEST_AUDIO,
      '-write_id3v2',
      '1',
      '-metadata',
      `artist=${CANARY}`,
    ]),
    () => aiffSamples,
  ],
];

describe('content hashes of more formats', () => {
  it.each(CASES)(
    'a %s: the content the test locates hashes the same in the engine, before and after cleaning, and one changed byte is caught',
    async (ext, make, locateIn) => {
      const path = join(tempDir(`content-hash-${ext}`), `sample.${ext}`);
      make(path);
      const input = fileBytes(path);
      const cleaned = await cleanFile(path);
      // A BMP has no metadata field to plant a canary in.
      if (ext !== 'bmp') expectNoLeaks(input, cleaned.bytes, [CANARY]);

      const expected = sha256(locateIn(path)(input).data);
      const copy = locateIn(cleaned.path)(cleaned.bytes);
      expect(sha256(copy.data)).toBe(expected);
      const before = await hashContent(blobOf(input), host);
      const after = await hashContent(blobOf(cleaned.bytes), host);
      expect(onlyHash(before)).toBe(expected);
      expect(onlyHash(after)).toBe(expected);
      expect(compareContent(before, after).identical).toBe(true);

      const changed = cleaned.bytes.slice();
      changed[copy.change] ^= 1;
      const changedPath = join(
        tempDir(`content-hash-${ext}-changed`),
        `c.${ext}`,
      );
      writeFileSync(changedPath, changed);
      const changedHash = onlyHash(await hashContent(blobOf(changed), host));
      expect(changedHash).toBe(sha256(locateIn(changedPath)(changed).data));
      expect(changedHash).not.toBe(expected);
      expect(
        compareContent(before, await hashContent(blobOf(changed), host))
          .identical,
      ).toBe(false);

      // Half the file: an answer (a typed error, or parts), never a throw, never identical.
      const cut = await hashContent(
        blobOf(input.subarray(0, input.length >> 1)),
        host,
      );
      expect(compareContent(before, cut).identical).toBe(false);
    },
  );
});
