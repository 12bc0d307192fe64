/**
 * Inputs for the CLI's process tests: small tagged movies made by ffmpeg (each with its own
 * canary title), and a large one made by appending a top-level `mdat` box, so a copy is still
 * running after its first chunk.
 */
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { TEST_AUDIO, TEST_VIDEO, ffmpeg } from './video-tools';

export const LOCATION = '+48.8584+002.2945/';

/** A one-second movie (MP4, or MKV by the name's extension) titled `canary`, with a location. */
export function taggedMovie(
  dir: string,
  name: string,
  canary: string,
  flags: readonly string[] = [],
): string {
  const out = join(dir, name);
  ffmpeg([
    ...TEST_VIDEO,
    ...TEST_AUDIO,
    '-t',
    '1',
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac'],
    ...['-metadata', `title=${canary}`],
    ...['-metadata', `artist=${canary}`],
    ...['-metadata', `location=${LOCATION}`],
    ...['-metadata', 'creation_time=2021-04-11T15:47:53Z'],
    ...flags,
    out,
  ]);
  return out;
}

/**
 * Grows an MP4 by a top-level `mdat` box of `bytes` zeros: media data no track names, which a copy
 * keeps as it is (ISO/IEC 14496-12 8.1.1). Not a `free` box: a copy leaves free space out.
 */
export function padMp4(path: string, bytes: number): void {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(bytes);
  header.write('mdat', 4, 'latin1');
  appendFileSync(path, header);
  appendFileSync(path, Buffer.alloc(bytes - header.length));
}

export function includes(bytes: Uint8Array, text: string): boolean {
  return Buffer.from(bytes).includes(Buffer.from(text, 'latin1'));
}
