// A very large MP4 that costs a few kilobytes of disk, for the browser benchmark and the large-file
// browser test: written in plain JavaScript so the .mjs benchmark and the TypeScript test share it.
import { execFileSync } from 'node:child_process';
import {
  closeSync,
  ftruncateSync,
  openSync,
  readFileSync,
  writeSync,
} from 'node:fs';

const quietly = { stdio: ['ignore', 'ignore', 'inherit'] };

/** A real one-second MP4, moov first, with a ©xyz location of 48.8584 N, 2.2945 E (exiftool). */
export function makeGpsClip(path) {
  execFileSync(
    'ffmpeg',
    [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=s=64x64:r=10',
      '-t',
      '1',
      '-c:v',
      'mpeg4',
      '-movflags',
      '+faststart',
      path,
    ],
    quietly,
  );
  execFileSync(
    'exiftool',
    [
      '-q',
      '-overwrite_original',
      '-UserData:GPSCoordinates=48.8584, 2.2945, 0',
      path,
    ],
    quietly,
  );
}

/**
 * `clip` followed by a second `mdat` whose 64-bit size (ISO/IEC 14496-12, 4.2) covers a sparse
 * hole up to `size` bytes: ffprobe reads it as valid, the disk holds a few kilobytes, and the
 * engine, which never reads media data, sees a file of `size`.
 */
export function writeSparseMp4(clip, path, size) {
  const head = readFileSync(clip);
  const box = Buffer.alloc(16);
  box.writeUInt32BE(1, 0);
  box.write('mdat', 4, 'latin1');
  box.writeBigUInt64BE(BigInt(size - head.length), 8);
  const fd = openSync(path, 'w');
  writeSync(fd, head);
  writeSync(fd, box);
  ftruncateSync(fd, size);
  closeSync(fd);
}
