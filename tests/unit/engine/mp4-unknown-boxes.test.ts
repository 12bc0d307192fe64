/**
 * Top-level boxes of a type nothing defines (a vendor's `sefd` trailer, a box any writer appends):
 * each one that holds none of the movie's samples is reported and becomes zeroed free space in
 * place; one that holds the samples stays, and a HEIF file, whose items may lie in any box, is
 * refused. The movies are ffmpeg's, the boxes the test's own, each with a planted canary.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan, isEngineError, planToBlob } from '../../../workers/engine';
import { box, taggedMp4, taggedImage } from '../../helpers/isobmff-fixtures';
import { boxIndex, withFreeSpace } from '../../helpers/free-space-fixtures';
import { blobOf, framemd5, tempDir } from '../../helpers/video-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';

const SAMSUNG = 'CANARYSEFD9q';
const BEFORE = 'CANARYABCD9q';

let dir: string;
let movie: Uint8Array;

beforeAll(() => {
  dir = tempDir('isobmff-unknown-boxes');
  movie = new Uint8Array(readFileSync(taggedMp4(dir, 'moov-at-end.mp4', [])));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const text = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));

async function cleaned(bytes: Uint8Array) {
  const blob = blobOf(bytes);
  const { plan, removed: findings } = await cleanPlan(blob);
  const out = new Uint8Array(
    await (await planToBlob(blob, plan)).arrayBuffer(),
  );
  return { out, findings };
}

function frames(bytes: Uint8Array, name: string): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return framemd5(path);
}

describe('an unknown top-level box', () => {
  it('is reported and zeroed in place, before the media data and at the end, the frames the same', async () => {
    const before = withFreeSpace(
      movie,
      boxIndex(movie, 'mdat'),
      box('abcd', text(`old ${BEFORE}`)),
    );
    const input = withFreeSpace(
      before,
      Infinity,
      box('sefd', text(`SEFH Image_UTC_Data ${SAMSUNG}`)),
    );
    const { out, findings } = await cleaned(input);
    expect(out.length).toBe(input.length);
    expectNoLeaks(input, out, [BEFORE, SAMSUNG]);
    expect(findings.map((f) => f.label)).toEqual(
      expect.arrayContaining(['abcd', 'sefd']),
    );
    expect(frames(out, 'out.mp4')).toBe(frames(input, 'in.mp4'));
  });

  it('stays when the movie reads its samples from it', async () => {
    const input = new Uint8Array(movie);
    const mdat = Buffer.from(input).indexOf('mdat');
    input.set(text('xdat'), mdat);
    const { out, findings } = await cleaned(input);
    expect(findings.map((f) => f.label)).not.toContain('xdat');
    expect(frames(out, 'xdat-out.mp4')).toBe(frames(input, 'xdat-in.mp4'));
  });

  it('is refused beside HEIF items, which may lie in any box', async () => {
    const image = new Uint8Array(readFileSync(taggedImage(dir, 'heic')));
    const input = withFreeSpace(image, Infinity, box('abcd', text(BEFORE)));
    const code = await cleanPlan(blobOf(input)).then(
      () => 'none',
      (error: unknown) => (isEngineError(error) ? error.code : 'untyped'),
    );
    expect(code).toBe('unsupported');
  });
});
