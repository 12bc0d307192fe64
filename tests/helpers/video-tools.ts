/**
 * Independent readers for the video format tests: ffmpeg builds fixtures with planted canaries;
 * ffmpeg, ffprobe and exiftool check the engine's output.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, openAsBlob, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { expect } from 'vitest';
import { cleanPlan, inPlacePatches, planToBlob } from '../../workers/engine';
import type { CleanPlanResult, EngineContext } from '../../workers/engine';

const MAX_TOOL_OUTPUT = 64 * 1024 * 1024;

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `${prefix}-`));
}

/** Tiny test inputs: 1 s of 64x64 test pattern at 10 fps, 1 s of sine. */
export const TEST_VIDEO = ['-f', 'lavfi', '-i', 'testsrc=size=64x64:rate=10'];
export const TEST_AUDIO = ['-f', 'lavfi', '-i', 'sine=d=1:sample_rate=8000'];

export function ffmpeg(args: readonly string[]): void {
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...args], { stdio: 'pipe' });
}

/** A digest per decoded frame of every stream: equal digests mean identical samples. */
export function framemd5(path: string): string {
  const digests = execFileSync(
    'ffmpeg',
    [
      '-v',
      'error',
      '-i',
      path,
      '-map',
      '0:v?',
      '-map',
      '0:a?',
      '-f',
      'framemd5',
      '-',
    ],
    { maxBuffer: MAX_TOOL_OUTPUT },
  )
    .toString()
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'));
  if (digests.length === 0) throw new Error(`no frame decoded from ${path}`);
  return digests.join('\n');
}

/** What ffmpeg complains about while decoding the whole file (empty when it plays clean). */
export function decodeErrors(path: string): string {
  const run = spawnSync(
    'ffmpeg',
    ['-v', 'error', '-i', path, '-f', 'null', '-'],
    {
      encoding: 'utf8',
    },
  );
  if (run.status !== 0) return `exit ${String(run.status)}: ${run.stderr}`;
  return run.stderr;
}

export function ffprobe(path: string): string {
  return execFileSync(
    'ffprobe',
    ['-v', 'error', '-show_format', '-show_streams', '-of', 'json', path],
    { encoding: 'utf8', maxBuffer: MAX_TOOL_OUTPUT },
  );
}

export function exiftool(path: string): string {
  return execFileSync('exiftool', ['-a', '-G1', '-j', path], {
    encoding: 'utf8',
    maxBuffer: MAX_TOOL_OUTPUT,
  });
}

export interface Cleaned {
  readonly result: CleanPlanResult;
  readonly path: string;
  readonly bytes: Uint8Array;
  readonly inPlace: boolean;
}

/**
 * Cleans `path` with the engine and writes the output as `cleaned_<name>` in a fresh temporary
 * folder: never beside the input, which may be the read-only shared corpus.
 */
export async function cleanFile(
  path: string,
  ctx: EngineContext = {},
): Promise<Cleaned> {
  const blob = await openAsBlob(path);
  const result = await cleanPlan(blob, ctx);
  const bytes = new Uint8Array(
    await (await planToBlob(blob, result.plan)).arrayBuffer(),
  );
  const out = join(
    mkdtempSync(join(tmpdir(), 'metaclean-video-')),
    `cleaned_${basename(path)}`,
  );
  writeFileSync(out, bytes);
  const inPlace = inPlacePatches(blob.size, result.plan) !== null;
  return { result, path: out, bytes, inPlace };
}

export function contains(bytes: Uint8Array, text: string): boolean {
  return Buffer.from(bytes).includes(Buffer.from(text, 'latin1'));
}

export function fileBytes(path: string): Uint8Array {
  return new Uint8Array(readFileSync(path));
}

export function blobOf(bytes: Uint8Array): Blob {
  return new Blob([bytes as Uint8Array<ArrayBuffer>]);
}

/** exiftool and ffprobe together: the readings the video tests compare before and after. */
export function toolText(path: string): string {
  return exiftool(path) + ffprobe(path);
}

/**
 * The same reader on the input and the output: each pattern must show in the input's reading
 * (so the reader can see it) and in none of the output's.
 */
export function expectReadGone(
  read: (path: string) => string,
  input: string,
  output: string,
  patterns: readonly (string | RegExp)[],
): void {
  const before = read(input);
  const after = read(output);
  const shows = (text: string, p: string | RegExp) =>
    typeof p === 'string' ? text.includes(p) : p.test(text);
  for (const p of patterns) {
    expect(shows(before, p), `${String(p)} in the input's reading`).toBe(true);
    expect(shows(after, p), `${String(p)} in the output's reading`).toBe(false);
  }
}
