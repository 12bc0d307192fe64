/**
 * Metadata boxes outside the places a writer puts them (a top-level `ilst`, `udta` under `stbl`,
 * `dinf`, a top-level `trak`) are read by FFmpeg all the same, so the cleaner must find them
 * wherever they are; and a `udta` of a million boxes must not overflow the stack.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan } from '../../../workers/engine';
import { box, concat, ftyp } from '../../helpers/isobmff-fixtures';
import {
  TEST_AUDIO,
  blobOf,
  cleanFile,
  contains,
  ffmpeg,
  ffprobe,
  fileBytes,
  tempDir,
} from '../../helpers/video-tools';

const TITLE = 'CANARYTOPTITLE7z';
const ARTIST = 'CANARYTOPARTIST7z';

let dir = '';
let plain: Buffer;
let ilst: Buffer;

/** The box of `type` found first in `bytes` (by scanning for its four characters). */
function findBox(bytes: Buffer, type: string): Buffer {
  const at = bytes.indexOf(type, 0, 'latin1') - 4;
  return bytes.subarray(at, at + bytes.readUInt32BE(at));
}

/** Boxes from the top level down along `path`, each as [offset, size]. */
function pathOffsets(bytes: Buffer, path: string[]): number[] {
  const offsets: number[] = [];
  let from = 0;
  let to = bytes.length;
  for (const type of path) {
    let at = from;
    while (at < to && bytes.toString('latin1', at + 4, at + 8) !== type)
      at += bytes.readUInt32BE(at);
    if (at >= to) throw new Error(`no ${type} in the fixture`);
    offsets.push(at);
    from = at + 8;
    to = at + bytes.readUInt32BE(at);
  }
  return offsets;
}

/** Appends `child` at the end of the box at `path`, growing every enclosing size. */
function insertInto(bytes: Buffer, path: string[], child: Uint8Array): Buffer {
  const offsets = pathOffsets(bytes, path);
  const last = offsets.at(-1)!;
  const end = last + bytes.readUInt32BE(last);
  const out = Buffer.concat([
    bytes.subarray(0, end),
    child,
    bytes.subarray(end),
  ]);
  for (const at of offsets)
    out.writeUInt32BE(out.readUInt32BE(at) + child.length, at);
  return out;
}

/** moov after mdat (ffmpeg's default), so growing moov moves no sample. */
beforeAll(() => {
  dir = tempDir('mp4-anywhere');
  const tagged = join(dir, 'tagged.m4a');
  ffmpeg([
    ...TEST_AUDIO,
    '-t',
    '1',
    '-c:a',
    'aac',
    '-metadata',
    `title=${TITLE}`,
    '-metadata',
    `artist=${ARTIST}`,
    tagged,
  ]);
  ilst = Buffer.from(findBox(Buffer.from(fileBytes(tagged)), 'ilst'));
  const untagged = join(dir, 'plain.m4a');
  ffmpeg([
    ...TEST_AUDIO,
    '-t',
    '1',
    '-c:a',
    'aac',
    '-map_metadata',
    '-1',
    '-fflags',
    '+bitexact',
    untagged,
  ]);
  plain = Buffer.from(fileBytes(untagged));
});

async function expectCleaned(name: string, bytes: Uint8Array) {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  expect(contains(bytes, TITLE)).toBe(true);
  const cleaned = await cleanFile(path);
  expect(contains(cleaned.bytes, TITLE)).toBe(false);
  expect(contains(cleaned.bytes, ARTIST)).toBe(false);
  expect(cleaned.bytes.length).toBe(bytes.length);
  const probed = ffprobe(cleaned.path);
  expect(probed).not.toContain(TITLE);
  expect(probed).not.toContain(ARTIST);
  return { path, cleaned };
}

describe('metadata boxes anywhere in the box tree', () => {
  it('removes a top-level ilst that ffprobe reads', async () => {
    const [ftypAt] = pathOffsets(plain, ['ftyp']);
    const ftypEnd = ftypAt! + plain.readUInt32BE(ftypAt!);
    // Before mdat: chunk offsets move, which matters to playback, not to what ffprobe lists.
    const bytes = Buffer.concat([
      plain.subarray(0, ftypEnd),
      ilst,
      plain.subarray(ftypEnd),
    ]);
    writeFileSync(join(dir, 'top-ilst.m4a'), bytes);
    expect(ffprobe(join(dir, 'top-ilst.m4a'))).toContain(TITLE);
    const { cleaned } = await expectCleaned('top-ilst.m4a', bytes);
    expect(cleaned.result.removed.map((f) => f.location)).toContain('/ilst');
  });

  it.each([
    ['moov', ['moov']],
    ['trak', ['moov', 'trak']],
    ['stbl', ['moov', 'trak', 'mdia', 'minf', 'stbl']],
    ['dinf', ['moov', 'trak', 'mdia', 'minf', 'dinf']],
  ])('removes an ilst and a udta under %s', async (_, path) => {
    const udta = box(
      'udta',
      box(
        '\u00a9nam',
        concat(new Uint8Array([0, TITLE.length, 0, 0]), Buffer.from(TITLE)),
      ),
    );
    const bytes = insertInto(insertInto(plain, path, ilst), path, udta);
    await expectCleaned(`in-${path.at(-1)}.m4a`, bytes);
  });

  it('removes metadata under a top-level trak', async () => {
    const bytes = Buffer.concat([plain, box('trak', box('udta', ilst))]);
    await expectCleaned('top-trak.m4a', bytes);
  });
});

describe('a udta of hundreds of thousands of boxes', () => {
  it('is cleaned without overflowing the stack', async () => {
    const count = 300_000;
    const payload = new Uint8Array(count * 8);
    const view = new DataView(payload.buffer);
    for (let at = 0; at < payload.length; at += 8) {
      view.setUint32(at, 8);
      view.setUint32(at + 4, 0x61626364); // 'abcd'
    }
    const bytes = concat(ftyp('isom'), box('udta', payload), box('moov'));
    const started = performance.now();
    const result = await cleanPlan(blobOf(bytes));
    expect(performance.now() - started).toBeLessThan(20_000);
    expect(result.removed).toHaveLength(count);
  });
});
