/**
 * Independent readers for the image format tests: ImageMagick makes fixtures and decodes pixels,
 * the engine cleans through the same path as the site and the CLI.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, openAsBlob, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanPlan, inPlacePatches, planToBlob } from '../../workers/engine';
import type { CleanPlanResult } from '../../workers/engine';

const MAX_TOOL_OUTPUT = 256 * 1024 * 1024;
/** ImageMagick 6 ships as `convert`; ImageMagick 7 as `magick`. */
const CONVERT = '/usr/bin/convert';

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `${prefix}-`));
}

/** Runs ImageMagick's convert (e.g. to make a fixture). */
export function convert(args: readonly string[]): void {
  execFileSync(CONVERT, args, { stdio: 'pipe', maxBuffer: MAX_TOOL_OUTPUT });
}

/** SHA-256 of the decoded RGBA pixels of every frame: equal digests mean identical pixels. */
export function pixelDigest(path: string): string {
  const rgba = execFileSync(CONVERT, [path, '-depth', '8', 'rgba:-'], {
    maxBuffer: MAX_TOOL_OUTPUT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (rgba.length === 0) throw new Error(`no pixels decoded from ${path}`);
  return createHash('sha256').update(rgba).digest('hex');
}

/** Writes tags into a file in place with exiftool (e.g. `-Artist=x`). */
export function exiftoolWrite(path: string, args: readonly string[]): void {
  execFileSync('exiftool', ['-q', '-overwrite_original', ...args, path], {
    stdio: 'pipe',
  });
}

export interface CleanedImage {
  readonly result: CleanPlanResult;
  readonly path: string;
  readonly bytes: Uint8Array;
  readonly inPlace: boolean;
}

/** Cleans `path` with the engine and writes the output beside it as `cleaned_<name>`. */
export async function cleanImage(path: string): Promise<CleanedImage> {
  const blob = await openAsBlob(path);
  const result = await cleanPlan(blob);
  const bytes = new Uint8Array(
    await (await planToBlob(blob, result.plan)).arrayBuffer(),
  );
  const out = path.replace(/([^/]+)$/, 'cleaned_$1');
  writeFileSync(out, bytes);
  return {
    result,
    path: out,
    bytes,
    inPlace: inPlacePatches(blob.size, result.plan) !== null,
  };
}

export function blobOf(bytes: Uint8Array): Blob {
  return new Blob([bytes as Uint8Array<ArrayBuffer>]);
}
