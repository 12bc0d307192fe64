import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan } from '../../../workers/engine';
import { id3v1Tag, id3v2Tag } from '../../helpers/audio-tags';
import { audioHash } from '../../helpers/audio-tools';
import {
  TEST_AUDIO,
  blobOf,
  cleanFile,
  decodeErrors,
  ffmpeg,
  fileBytes,
  tempDir,
} from '../../helpers/video-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';

const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));
const latin1 = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));

let dir = '';
const at = (name: string) => join(dir, name);

/** Where each audio packet starts, as ffprobe reads the file (not the engine's frame walk). */
function packetOffsets(path: string): number[] {
  const csv = execFileSync(
    'ffprobe',
    ['-v', 'error', '-show_entries', 'packet=pos', '-of', 'csv=p=0', path],
    { encoding: 'utf8' },
  );
  return csv
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map(Number);
}

/** `plain` with `inserted` placed where its middle packet starts, written to `name`. */
function insertMidway(name: string, inserted: Uint8Array): string {
  const plain = fileBytes(at('plain.mp3'));
  const offsets = packetOffsets(at('plain.mp3'));
  const cut = offsets[Math.floor(offsets.length / 2)]!;
  writeFileSync(
    at(name),
    concat(plain.subarray(0, cut), inserted, plain.subarray(cut)),
  );
  return at(name);
}

beforeAll(() => {
  dir = tempDir('mp3-between');
  ffmpeg([
    ...TEST_AUDIO,
    '-c:a',
    'libmp3lame',
    '-id3v2_version',
    '0',
    at('plain.mp3'),
  ]);
});

describe('mp3 bytes between frames', () => {
  it('drops an ID3v2 tag between two frames (files joined end to end) and reports it', async () => {
    const path = insertMidway(
      'joined.mp3',
      id3v2Tag(3, [
        ['TPE1', 'CANARY_MIDDLE_ARTIST'],
        ['TIT2', 'CANARY_MIDDLE_TITLE'],
      ]),
    );
    const cleaned = await cleanFile(path);
    expect(cleaned.result.removed.map((f) => f.value)).toEqual(
      expect.arrayContaining(['CANARY_MIDDLE_ARTIST', 'CANARY_MIDDLE_TITLE']),
    );
    expectNoLeaks(fileBytes(path), cleaned.bytes, [
      'CANARY_MIDDLE_ARTIST',
      'CANARY_MIDDLE_TITLE',
    ]);
    expect(audioHash(cleaned.path)).toBe(audioHash(at('plain.mp3')));
    expect(decodeErrors(cleaned.path)).toBe('');
  });

  it('drops bytes that are no frame before an ID3v1 tag (a MusicMatch block) and reports them', async () => {
    const plain = fileBytes(at('plain.mp3'));
    const block = concat(
      latin1('18273645\0\0Brava Software Inc.3.00'),
      latin1('CANARY_MUSICMATCH_ARTIST'.padEnd(64, '\0')),
    );
    writeFileSync(
      at('musicmatch.mp3'),
      concat(plain, block, id3v1Tag('CANARY_V1', '')),
    );
    const cleaned = await cleanFile(at('musicmatch.mp3'));
    expect(
      cleaned.result.removed.find((f) => f.label === 'not a whole frame'),
    ).toMatchObject({ category: 'other', value: `${block.length} bytes` });
    expectNoLeaks(fileBytes(at('musicmatch.mp3')), cleaned.bytes, [
      'CANARY_MUSICMATCH_ARTIST',
      'CANARY_V1',
    ]);
    expect(cleaned.bytes).toEqual(plain);
  });

  it('drops garbage between two frames and keeps every sample', async () => {
    const path = insertMidway(
      'garbage.mp3',
      latin1('\x00\x01CANARY_GARBAGE\xff\x00'),
    );
    const cleaned = await cleanFile(path);
    expectNoLeaks(fileBytes(path), cleaned.bytes, ['CANARY_GARBAGE']);
    expect(cleaned.bytes).toEqual(fileBytes(at('plain.mp3')));
    expect(decodeErrors(cleaned.path)).toBe('');
  });

  it('leaves a file of frames alone: one copy of the whole stream', async () => {
    const plain = fileBytes(at('plain.mp3'));
    const result = await cleanPlan(blobOf(plain));
    expect(result.removed).toEqual([]);
    expect(result.plan).toEqual([
      { kind: 'copy', start: 0, end: plain.length },
    ]);
  });

  it('drops a frame header at the end whose frame would run past the file', async () => {
    const plain = fileBytes(at('plain.mp3'));
    const fake = concat(
      new Uint8Array([0xff, 0xfb, 0x90, 0x64]),
      latin1('CANARY_FAKE_FRAME'),
    );
    const path = at('fake-tail.mp3');
    writeFileSync(path, concat(plain, fake));
    const cleaned = await cleanFile(path);
    expectNoLeaks(fileBytes(path), cleaned.bytes, ['CANARY_FAKE_FRAME']);
    expect(cleaned.bytes).toEqual(plain);
  });
});
