/**
 * The bare audio the sweep's taggers start from: a second of sine made by ffmpeg with no tag of
 * its own, in the container a tagger writes.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

export const SINE = ['-f', 'lavfi', '-i', 'sine=d=1:sample_rate=8000'];

export interface Source {
  readonly ext: string;
  readonly codec: readonly string[];
}

export const MP3: Source = { ext: 'mp3', codec: ['-c:a', 'libmp3lame'] };
export const FLAC: Source = { ext: 'flac', codec: ['-c:a', 'flac'] };
export const OGG: Source = { ext: 'ogg', codec: ['-c:a', 'libvorbis'] };

/** A second of sine as `source`, in `dir`. */
export function bareAudio(dir: string, { ext, codec }: Source): string {
  const path = join(dir, `planted.${ext}`);
  execFileSync(
    'ffmpeg',
    [
      '-v',
      'error',
      '-y',
      ...SINE,
      ...codec,
      '-map_metadata',
      '-1',
      '-fflags',
      '+bitexact',
      path,
    ],
    { stdio: 'pipe' },
  );
  return path;
}
