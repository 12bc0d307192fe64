/**
 * An MP3 tagged by mutagen's mid3v2 with a canary in every ID3v2.4 text and URL frame and in the
 * frames with a description or an owner (TXXX, WXXX, COMM, USLT, POPM's e-mail, UFID, PRIV).
 * A frame mid3v2 refuses is skipped; only what a reader finds counts as planted.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { CanarySet } from './canaries';
import type { Fixture, FixtureMaker } from './check';

/** Frames whose value is not text: a date, a number or a key the writer checks. */
const NOT_TEXT = new Set([
  'TDAT',
  'TIME',
  'TYER',
  'TORY',
  'TRDA',
  'TSIZ',
  'TLEN',
  'TBPM',
  'TDLY',
]);

function frameIds(): string[] {
  return execFileSync('mid3v2', ['--list-frames'], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().split(/\s+/)[0]!.replace(/^--/, ''))
    .filter(
      (id) =>
        /^[TW][A-Z0-9]{3}$/.test(id) &&
        id !== 'TXXX' &&
        id !== 'WXXX' &&
        !NOT_TEXT.has(id),
    );
}

function mid3v2(path: string, frame: string, value: string): void {
  spawnSync('mid3v2', [`--${frame}`, value, path], { stdio: 'ignore' });
}

function id3Fixture(dir: string): Fixture {
  const set = new CanarySet();
  const path = join(dir, 'planted.mp3');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'sine=d=1:sample_rate=8000',
    '-c:a',
    'libmp3lame',
    '-write_xing',
    '0',
    path,
  ]);
  for (const id of frameIds())
    mid3v2(
      path,
      id,
      id.startsWith('W')
        ? `http://example.com/${set.text(`ID3 ${id}`)}`
        : set.text(`ID3 ${id}`),
    );
  mid3v2(
    path,
    'TXXX',
    `${set.text('TXXX description')}:${set.text('TXXX value')}`,
  );
  mid3v2(
    path,
    'WXXX',
    `${set.text('WXXX description')}:http://example.com/${set.text('WXXX url')}`,
  );
  mid3v2(
    path,
    'COMM',
    `${set.text('COMM description')}:${set.text('COMM text')}:eng`,
  );
  mid3v2(
    path,
    'USLT',
    `${set.text('USLT description')}:${set.text('USLT lyrics')}:eng`,
  );
  mid3v2(path, 'POPM', `${set.text('POPM e-mail')}@example.com:128:7`);
  mid3v2(path, 'UFID', `${set.text('UFID owner')}:${set.text('UFID id')}`);
  mid3v2(path, 'PRIV', `${set.text('PRIV owner')}:${set.text('PRIV data')}`);
  mid3v2(path, 'TDRC', '1971-02-03T04:05:06');
  set.fixed('TDRC', '1971-02-03');
  return {
    name: 'MP3 (mid3v2, every frame)',
    path,
    canaries: set,
    gps: false,
    content: 'frames',
  };
}

export const id3Fixtures: readonly FixtureMaker[] = [
  { name: 'MP3 (mid3v2, every frame)', make: id3Fixture },
];
