/**
 * Top-level free space (ISO/IEC 14496-12 8.1.2): a cleaned copy leaves out every top-level `free`
 * or `skip` box with contents, its chunk offsets re-pointed when the box stood before the media
 * data; a clean in place keeps the layout and zeroes the box's contents. The movies are ffmpeg's,
 * with canaries planted in free space by the test's own box writer; ffprobe reads the packets.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cleanPlan,
  inPlacePatches,
  isEngineError,
  planToBlob,
  type EngineContext,
} from '../../../workers/engine';
import { planLeavingOut } from '../../../workers/engine/formats/isobmff/leave-out';
import { MAX_FREE_SPACE_IN_PLACE_BYTES } from '../../../workers/engine/formats/isobmff/free-space-in-place';
import { box, concat, ftyp, taggedMp4 } from '../../helpers/isobmff-fixtures';
import {
  boxIndex,
  freeSpace,
  topLevelBoxes,
  withCo64,
  withFreeSpace,
} from '../../helpers/free-space-fixtures';
import { blobOf, tempDir } from '../../helpers/video-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { runCli } from '../../helpers/cli-run';

const BEFORE = 'CANARYFREEBEFORE9q';
const AFTER = 'CANARYSKIPAFTER9q';
const XMP_PACKET = `<x:xmpmeta xmlns:x="adobe:ns:meta/">${BEFORE}</x:xmpmeta>`;

/** Every packet's stream, timing, size and data hash: what a player is given, not where from. */
function packets(bytes: Uint8Array, dir: string): string {
  const path = join(dir, `probe-${Math.random().toString(36).slice(2)}.mp4`);
  writeFileSync(path, bytes);
  try {
    return execFileSync(
      'ffprobe',
      [
        ...['-v', 'error', '-show_data_hash', 'sha256'],
        ...['-show_entries', 'packet=stream_index,pts,dts,size,data_hash'],
        ...['-of', 'csv', path],
      ],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
  } finally {
    rmSync(path);
  }
}

async function cleaned(
  bytes: Uint8Array,
  ctx: EngineContext = {},
): Promise<{ bytes: Uint8Array; inPlace: boolean }> {
  const blob = blobOf(bytes);
  const { plan } = await cleanPlan(blob, ctx);
  const out = new Uint8Array(
    await (await planToBlob(blob, plan)).arrayBuffer(),
  );
  return { bytes: out, inPlace: inPlacePatches(blob.size, plan) !== null };
}

async function errorCode(input: Blob, ctx: EngineContext) {
  try {
    await cleanPlan(input, ctx);
    return 'none';
  } catch (error) {
    return isEngineError(error) ? error.code : `untyped: ${String(error)}`;
  }
}

let dir: string;
const movies: Record<string, Uint8Array> = {};

beforeAll(() => {
  dir = tempDir('isobmff-free-space');
  const read = (path: string) => new Uint8Array(readFileSync(path));
  movies.moovAtEnd = read(taggedMp4(dir, 'moov-at-end.mp4', []));
  movies.co64 = withCo64(movies.moovAtEnd);
  movies.faststart = read(
    taggedMp4(dir, 'faststart.mp4', ['-movflags', '+faststart']),
  );
  movies.fragmented = read(
    taggedMp4(dir, 'fragmented.mp4', ['-movflags', 'frag_keyframe+empty_moov']),
  );
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Free space with a canary before mdat and a `skip` box with another at the end. */
function planted(movie: Uint8Array, before = BEFORE): Uint8Array {
  const spaced = withFreeSpace(
    movie,
    boxIndex(movie, 'mdat'),
    freeSpace('free', before),
  );
  return withFreeSpace(
    spaced,
    topLevelBoxes(spaced).length,
    freeSpace('skip', AFTER),
  );
}

describe.each(['moovAtEnd', 'faststart', 'co64'])('%s, copy', (name) => {
  it('plays the same packets with the free space planted', () => {
    const movie = movies[name]!;
    if (name === 'co64') expect(Buffer.from(movie).includes('co64')).toBe(true);
    expect(packets(planted(movie), dir)).toBe(packets(movie, dir));
  });

  it('leaves the free space out: no canary, the same packets, the copy of the movie without it', async () => {
    const movie = movies[name]!;
    const input = planted(movie);
    const { bytes, inPlace } = await cleaned(input);
    expect(inPlace).toBe(false);
    expectNoLeaks(input, bytes, [BEFORE, AFTER]);
    expect(packets(bytes, dir)).toBe(packets(input, dir));
    // Chunk offsets re-pointed byte for byte as if the free space had never been there.
    const plain = await cleaned(movie);
    expect(Buffer.from(bytes).equals(Buffer.from(plain.bytes))).toBe(true);
  });
});

describe('a metadata signature in free space', () => {
  it('is left out with it in a copy, instead of failing the clean', async () => {
    const input = planted(movies.moovAtEnd!, XMP_PACKET);
    const { bytes } = await cleaned(input);
    expectNoLeaks(input, bytes, [BEFORE]);
  });
});

describe('in place (keepLayout)', () => {
  it('keeps the layout and every free box, their contents zeroed: no canary, the same packets', async () => {
    const input = planted(movies.moovAtEnd!);
    const { bytes, inPlace } = await cleaned(input, { keepLayout: true });
    expect(inPlace).toBe(true);
    expect(bytes.length).toBe(input.length);
    expect(topLevelBoxes(bytes).map((b) => b.type)).toEqual(
      topLevelBoxes(input).map((b) => b.type),
    );
    expectNoLeaks(input, bytes, [BEFORE, AFTER]);
    expect(packets(bytes, dir)).toBe(packets(input, dir));
  });

  it('reports each free box it zeroes, and none that held only zeros', async () => {
    const input = withFreeSpace(
      planted(movies.faststart!),
      1,
      freeSpace('free', '', 4096),
    );
    const { removed } = await cleanPlan(blobOf(input), { keepLayout: true });
    const spaces = removed.filter((f) => f.location === 'top level');
    expect(spaces.map((f) => [f.label, f.value])).toEqual([
      ['free', `${BEFORE.length + 64} bytes`],
      ['skip', `${AFTER.length + 64} bytes`],
    ]);
  });

  it('writes nothing into free space that holds only zeros', async () => {
    const movie = movies.moovAtEnd!;
    const input = withFreeSpace(movie, 1, freeSpace('free', '', 4096));
    const { plan } = await cleanPlan(blobOf(input), { keepLayout: true });
    const { plan: without } = await cleanPlan(blobOf(movie), {
      keepLayout: true,
    });
    const written = (p: typeof plan, size: number) =>
      (inPlacePatches(size, p) ?? []).reduce((n, x) => n + x.data.length, 0);
    expect(written(plan, input.length)).toBe(written(without, movie.length));
  });

  it('zeroes a metadata signature in free space, where it failed the clean', async () => {
    const input = planted(movies.moovAtEnd!, XMP_PACKET);
    const { bytes } = await cleaned(input, { keepLayout: true });
    expectNoLeaks(input, bytes, [BEFORE]);
  });

  it('keeps the free space that holds a chunk as it is', async () => {
    const { bytes: input } = tinyMovie((free) => free + 8);
    const { bytes } = await cleaned(input, { keepLayout: true });
    expect(Buffer.from(bytes).equals(Buffer.from(input))).toBe(true);
  });

  it('fails too-large, unread, past the free space a clean in place reads', async () => {
    const movie = movies.moovAtEnd!;
    const header = new Uint8Array(8);
    new DataView(header.buffer).setUint32(0, MAX_FREE_SPACE_IN_PLACE_BYTES + 9);
    header.set(Buffer.from('free'), 4);
    const blob = new Blob([
      movie as Uint8Array<ArrayBuffer>,
      header,
      new Uint8Array(MAX_FREE_SPACE_IN_PLACE_BYTES + 1).fill(1),
    ]);
    expect(await errorCode(blob, { keepLayout: true })).toBe('too-large');
  });

  it('metaclean --in-place keeps the size and zeroes the free space; -o leaves it out', async () => {
    const input = planted(movies.moovAtEnd!);
    const path = join(dir, 'in-place.mp4');
    writeFileSync(path, input);
    const copy = join(dir, 'copy.mp4');
    copyFileSync(path, join(dir, 'source.mp4'));
    expect((await runCli(['--in-place', path])).code).toBe(0);
    const inPlace = new Uint8Array(readFileSync(path));
    expect(inPlace.length).toBe(input.length);
    expectNoLeaks(input, inPlace, [BEFORE, AFTER]);
    expect(packets(inPlace, dir)).toBe(packets(input, dir));
    expect((await runCli(['-o', copy, join(dir, 'source.mp4')])).code).toBe(0);
    const written = new Uint8Array(readFileSync(copy));
    expectNoLeaks(input, written, [BEFORE, AFTER]);
    expect(packets(written, dir)).toBe(packets(input, dir));
  });
});

describe('fragmented movie', () => {
  it('leaves out only the free space at the end, whose place nothing names', async () => {
    const movie = movies.fragmented!;
    const beforeFragment = withFreeSpace(
      movie as Uint8Array<ArrayBuffer>,
      boxIndex(movie, 'moof'),
      freeSpace('free', BEFORE),
    );
    const input = withFreeSpace(
      beforeFragment,
      topLevelBoxes(beforeFragment).length,
      freeSpace('skip', AFTER),
    );
    const { bytes } = await cleaned(input);
    const trailing = topLevelBoxes(input).at(-1)!;
    expect(bytes.length).toBe(input.length - (trailing.end - trailing.start));
    expectNoLeaks(input, bytes, [AFTER]);
    expect(Buffer.from(bytes).includes(BEFORE)).toBe(true);
    expect(packets(bytes, dir)).toBe(packets(input, dir));
  });
});

/** 32-bit big-endian words. */
function words(...values: number[]): Uint8Array {
  const out = new Uint8Array(values.length * 4);
  values.forEach((v, i) => new DataView(out.buffer).setUint32(i * 4, v));
  return out;
}

/**
 * A hand-built movie: ftyp, a free box with a canary, 64 bytes of mdat, and a moov whose one track
 * has one chunk of one 16-byte sample at `chunkAt` (a file offset).
 */
function tinyMovie(chunkAt: (free: number, mdat: number) => number) {
  const head = ftyp('isom', 'isom');
  const free = freeSpace('free', BEFORE, 16);
  const mdat = box('mdat', new Uint8Array(64).fill(7));
  const freeAt = head.length;
  const mdatAt = freeAt + free.length;
  const stbl = box(
    'stbl',
    concat(
      box('stsc', words(0, 1, 1, 1, 1)),
      box('stsz', words(0, 16, 1)),
      box('stco', words(0, 1, chunkAt(freeAt, mdatAt))),
    ),
  );
  const trak = box('trak', box('mdia', box('minf', stbl)));
  return {
    bytes: concat(head, free, mdat, box('moov', trak)),
    freeBytes: free.length,
  };
}

/** The one chunk offset of a tiny movie's output. */
function onlyChunkOffset(bytes: Uint8Array): number {
  const at = Buffer.from(bytes).indexOf('stco') + 12;
  return new DataView(bytes.buffer, bytes.byteOffset).getUint32(at);
}

describe('chunk offsets of a hand-built movie', () => {
  it('are moved up by the free space left out before them', async () => {
    const { bytes: input, freeBytes } = tinyMovie((_, mdat) => mdat + 8);
    const { bytes } = await cleaned(input);
    expect(bytes.length).toBe(input.length - freeBytes);
    expect(Buffer.from(bytes).includes(BEFORE)).toBe(false);
    expect(onlyChunkOffset(bytes)).toBe(onlyChunkOffset(input) - freeBytes);
  });

  it('keep the free space that holds a chunk, and point where they did', async () => {
    const { bytes: input } = tinyMovie((free) => free + 8);
    const { bytes, inPlace } = await cleaned(input);
    expect(inPlace).toBe(true);
    expect(onlyChunkOffset(bytes)).toBe(onlyChunkOffset(input));
  });
});

describe('planLeavingOut', () => {
  const patch = (offset: number) => ({ offset, data: new Uint8Array(2) });

  it('copies around the space left out and keeps the patches before and after it', () => {
    const plan = planLeavingOut(
      100,
      [patch(4), patch(60)],
      [{ start: 10, end: 50 }],
    );
    expect(plan).toEqual([
      { kind: 'copy', start: 0, end: 4 },
      { kind: 'bytes', data: new Uint8Array(2) },
      { kind: 'copy', start: 6, end: 10 },
      { kind: 'copy', start: 50, end: 60 },
      { kind: 'bytes', data: new Uint8Array(2) },
      { kind: 'copy', start: 62, end: 100 },
    ]);
  });

  it.each([
    ['inside', 20],
    ['across its start', 9],
  ])('fails corrupt on a patch %s the space left out', (_, offset) => {
    expect(() =>
      planLeavingOut(100, [patch(offset)], [{ start: 10, end: 50 }]),
    ).toThrow(expect.objectContaining({ code: 'corrupt' }));
  });
});
