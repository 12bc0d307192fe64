/**
 * A Void nested in a master that stays (Info, Tracks, a TrackEntry and its Audio, the Chapters'
 * masters, a Cluster and its BlockGroup, the Cues' masters, the SeekHead and a Seek, Attachments
 * and a font kept for a subtitle track) can hold what an editor voided by writing only a Void
 * header over it (libebml's `EbmlVoid::Overwrite`). Those went out unread with exit 0; now each
 * is zero-filled and reported, every CRC-32 recomputed, in a copy and in place, and a Void of
 * zeros (room a muxer reserved) stays silent. A Void inside Tags, or inside the Seek that points
 * at them, goes with the master voided whole. `strings` is the independent reader (no Matroska
 * tool shows a Void's data), ffmpeg's stream hash the frames'.
 */
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan } from '../../../workers/engine';
import { runCli } from '../../helpers/cli-run';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import {
  VOID_CANARIES,
  WHOLE_CANARIES,
  nestedVoidMkv,
  verifyAllCrcs,
} from '../../helpers/nested-void-mkv';
import {
  blobOf,
  expectReadGone,
  fileBytes,
  tempDir,
} from '../../helpers/video-tools';

const VOIDS = Object.values(VOID_CANARIES);
const CANARIES = [...VOIDS, ...Object.values(WHOLE_CANARIES)];
/** Where the report places each master's Void. */
const LOCATIONS = [
  'Segment/SeekHead',
  'Segment/Info',
  'Segment/Tracks',
  'Segment/Tracks/TrackEntry 1',
  'Segment/Chapters',
  'Segment/Cluster',
  'Segment/Cues',
  'Segment/Attachments',
];

let dir: string;
let input: string;

beforeAll(() => {
  dir = tempDir('mkv-nested-voids');
  input = join(dir, 'voids.mkv');
  writeFileSync(input, nestedVoidMkv());
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const strings = (path: string) =>
  execFileSync('strings', ['-n', '8', path], { encoding: 'latin1' });

const streamHash = (path: string) =>
  execFileSync(
    'ffmpeg',
    [
      '-v',
      'error',
      '-i',
      path,
      '-map',
      '0',
      '-c',
      'copy',
      '-f',
      'streamhash',
      '-',
    ],
    { encoding: 'utf8' },
  );

function expectCleaned(output: string): void {
  expectReadGone(strings, input, output, CANARIES);
  expectNoLeaks(fileBytes(input), fileBytes(output), CANARIES);
  expect(fileBytes(output).length).toBe(fileBytes(input).length);
  // Every CRC-32 holds; the three of Tags, Tag and SimpleTag went with the Tags.
  expect(verifyAllCrcs(fileBytes(output))).toBe(
    verifyAllCrcs(fileBytes(input)) - 3,
  );
  expect(streamHash(output)).toBe(streamHash(input));
}

describe('a Void nested in a master that stays', () => {
  it('is zero-filled in a copy by the CLI, every CRC-32 recomputed', async () => {
    const output = join(dir, 'copy.mkv');
    const run = await runCli(['-o', output, input]);
    expect(run.code, run.stderr).toBe(0);
    expectCleaned(output);
  });

  it('is zero-filled --in-place', async () => {
    const copy = join(dir, 'in-place.mkv');
    writeFileSync(copy, fileBytes(input));
    const run = await runCli(['--in-place', copy]);
    expect(run.code, run.stderr).toBe(0);
    expectCleaned(copy);
  });

  it('is reported where it was; the Voids of zeros are not', async () => {
    const { removed } = await cleanPlan(blobOf(fileBytes(input)));
    const voids = removed.filter((f) => f.label === 'Void contents');
    expect(voids).toHaveLength(VOIDS.length);
    expect(new Set(voids.map((f) => f.location))).toEqual(new Set(LOCATIONS));
    // The Tags go whole, their Seek with them: what their Voids held goes unread, once.
    expect(
      removed.filter((f) => f.label !== 'Void contents').map((f) => f.label),
    ).toEqual(['TITLE']);
  });
});
