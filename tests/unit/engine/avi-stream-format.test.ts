/**
 * Bytes past an AVI stream format's structure (the video's BITMAPINFOHEADER with the codec data
 * its biSize counts, the audio's WAVEFORMATEX with its cbSize bytes) belong to no structure and
 * no decoder needs them; a writer's text there went with the clean copy. Now they are zeroed in
 * place and reported; the codec data inside the structure stays, the frames the same. The files
 * are ffmpeg's; `strings` reads the canary, ffmpeg decodes both.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan, planToBlob } from '../../../workers/engine';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import {
  blobOf,
  fileBytes,
  framemd5,
  tempDir,
} from '../../helpers/video-tools';

let dir = '';
let movie: Buffer;
let indexed: Buffer;

beforeAll(() => {
  dir = tempDir('avi-stream-format');
  const path = join(dir, 'movie.avi');
  // mpeg4 with a global header: codec data after the BITMAPINFOHEADER, counted by biSize.
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=64x64:rate=10',
    '-f',
    'lavfi',
    '-i',
    'sine=d=1',
    '-t',
    '1',
    '-c:v',
    'mpeg4',
    '-flags',
    '+global_header',
    '-c:a',
    'pcm_s16le',
    path,
  ]);
  movie = Buffer.from(fileBytes(path));
  // 8-bit indexed frames: a 40-byte BITMAPINFOHEADER, then the 256-entry colour table.
  const palPath = join(dir, 'indexed.avi');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=64x48:rate=5',
    '-t',
    '1',
    '-pix_fmt',
    'pal8',
    '-c:v',
    'rawvideo',
    palPath,
  ]);
  indexed = Buffer.from(fileBytes(palPath));
});

function write(name: string, bytes: Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

const baseMovie = () => movie;

/** The bytes of the first `strf` chunk, header included. */
function strfOf(bytes: Buffer): Buffer {
  const at = bytes.indexOf('strf', 0, 'latin1');
  return bytes.subarray(at, at + 8 + bytes.readUInt32LE(at + 4));
}

async function cleaned(input: Buffer) {
  const blob = blobOf(input);
  const { plan, removed } = await cleanPlan(blob);
  const out = Buffer.from(await (await planToBlob(blob, plan)).arrayBuffer());
  return { out, removed };
}

const strings = (path: string) =>
  execFileSync('strings', ['-n', '6', path], { encoding: 'latin1' });

/** `movie` with `extra` after the `nth` strf chunk's payload, its lists and RIFF grown to match. */
function withStrfExtra(
  nth: number,
  extra: string,
  movie = baseMovie(),
): Buffer {
  let at = -1;
  for (let i = 0; i <= nth; i++) at = movie.indexOf('strf', at + 1, 'latin1');
  const size = movie.readUInt32LE(at + 4);
  const added = Buffer.from(extra.length % 2 ? `${extra}\0` : extra, 'latin1');
  const out = Buffer.concat([
    movie.subarray(0, at + 8 + size),
    added,
    movie.subarray(at + 8 + size),
  ]);
  out.writeUInt32LE(size + added.length, at + 4);
  const hdrl = out.indexOf('hdrl', 0, 'latin1') - 8;
  let strl = hdrl;
  for (let i = 0; i <= nth; i++)
    strl = out.indexOf('strl', strl + 12, 'latin1') - 8;
  for (const list of [0, hdrl, strl])
    out.writeUInt32LE(out.readUInt32LE(list + 4) + added.length, list + 4);
  return out;
}

describe('bytes past an AVI stream format’s structure', () => {
  it.each([
    ['video', 0, 'STRFVIDEOCANARY 48.8584N'],
    ['audio', 1, 'STRFAUDIOCANARY 48.8584N'],
  ])(
    'after the %s format are zeroed and reported, the frames the same',
    async (_, nth, canary) => {
      const input = withStrfExtra(nth, canary);
      const inPath = write(`planted-${nth}.avi`, input);
      expect(strings(inPath)).toContain(canary);
      const blob = blobOf(input);
      const { plan, removed } = await cleanPlan(blob);
      const out = new Uint8Array(
        await (await planToBlob(blob, plan)).arrayBuffer(),
      );
      const outPath = write(`planted-${nth}-clean.avi`, out);
      expect(
        removed.find((f) => f.label === 'strf extra bytes')?.value,
      ).toContain(canary);
      expect(strings(outPath)).not.toContain(canary);
      expectNoLeaks(input, out, [canary]);
      expect(out.length).toBe(input.length);
      expect(framemd5(outPath)).toBe(framemd5(write('plain.avi', movie)));
    },
  );

  it('codec data the structure counts stays byte for byte', async () => {
    const blob = blobOf(movie);
    const { plan, removed } = await cleanPlan(blob);
    const out = Buffer.from(await (await planToBlob(blob, plan)).arrayBuffer());
    expect(removed.map((f) => f.label)).not.toContain('strf extra bytes');
    const strf = movie.indexOf('strf', 0, 'latin1');
    const end = strf + 8 + movie.readUInt32LE(strf + 4);
    expect(movie.readUInt32LE(strf + 8)).toBeGreaterThan(40);
    expect(out.subarray(strf, end).equals(movie.subarray(strf, end))).toBe(
      true,
    );
  });
});

describe('an AVI of indexed colour', () => {
  it('keeps its colour table: the frames decode the same', async () => {
    const strf = strfOf(indexed);
    expect(strf.readUInt32LE(8)).toBe(40);
    expect(strf.readUInt16LE(8 + 14)).toBe(8);
    expect(strf.length).toBe(8 + 40 + 256 * 4);
    const { out, removed } = await cleaned(indexed);
    expect(removed.map((f) => f.label)).not.toContain('strf extra bytes');
    expect(strfOf(out).equals(strf)).toBe(true);
    expect(framemd5(write('indexed-clean.avi', out))).toBe(
      framemd5(write('indexed.avi', indexed)),
    );
  });

  it('zeroes bytes after the colour table, the table kept', async () => {
    const canary = 'STRFPALETTECANARY 48.8584N';
    const input = withStrfExtra(0, canary, indexed);
    expect(strings(write('indexed-planted.avi', input))).toContain(canary);
    const { out, removed } = await cleaned(input);
    expect(
      removed.find((f) => f.label === 'strf extra bytes')?.value,
    ).toContain(canary);
    expect(strings(write('indexed-planted-clean.avi', out))).not.toContain(
      canary,
    );
    expectNoLeaks(input, out, [canary]);
    const table = strfOf(indexed).subarray(8 + 40);
    expect(strfOf(out).subarray(8 + 40, 8 + 40 + table.length)).toEqual(table);
  });
});
