/**
 * Bytes after an Ogg stream's identification header (Opus's OpusHead, Vorbis's first header)
 * are read by no decoder (RFC 7845 5.1; Vorbis I 4.2.2), and a writer's text there went with the
 * clean copy; now the first page is rebuilt with the header cut to its layout, the cut reported,
 * every page's checksum right and the decoded audio the same. `strings` reads the canary.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan, planToBlob } from '../../../workers/engine';
import { oggCrc, oggPages } from '../../helpers/audio-tags';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import {
  blobOf,
  fileBytes,
  framemd5,
  tempDir,
} from '../../helpers/video-tools';

const CANARY = 'IDHEADERCANARY 48.8584N 2.2945E';
let dir = '';

beforeAll(() => {
  dir = tempDir('ogg-id-header');
});

function write(name: string, bytes: Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

function encoded(name: string, codec: string): Buffer {
  const path = join(dir, name);
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'sine=d=0.5',
    '-c:a',
    codec,
    path,
  ]);
  return Buffer.from(fileBytes(path));
}

/** `file` with `extra` appended to the packet alone on its first page, the page's CRC redone. */
function withIdExtra(file: Buffer, extra: string): Buffer {
  const count = file[26]!;
  const length = [...file.subarray(27, 27 + count)].reduce((n, l) => n + l, 0);
  const packet = Buffer.concat([
    file.subarray(27 + count, 27 + count + length),
    Buffer.from(extra, 'latin1'),
  ]);
  expect(packet.length).toBeLessThan(255);
  const page = Buffer.concat([
    file.subarray(0, 26),
    Buffer.from([1, packet.length]),
    packet,
  ]);
  page.writeUInt32LE(0, 22);
  page.writeUInt32LE(oggCrc(page), 22);
  return Buffer.concat([page, file.subarray(27 + count + length)]);
}

const strings = (path: string) =>
  execFileSync('strings', ['-n', '6', path], { encoding: 'latin1' });

describe.each([
  ['opus', 'libopus', 'OpusHead extra bytes'],
  ['ogg', 'libvorbis', 'Vorbis identification header extra bytes'],
])(
  'an .%s identification header with bytes after its layout',
  (ext, codec, label) => {
    let plain: Buffer;
    beforeAll(() => {
      plain = encoded(`plain.${ext}`, codec);
    });

    it('is cut to its layout and reported, the audio the same', async () => {
      const input = withIdExtra(plain, CANARY);
      const inPath = write(`planted.${ext}`, input);
      expect(strings(inPath)).toContain(CANARY);
      const blob = blobOf(input);
      const { plan, removed } = await cleanPlan(blob);
      const out = new Uint8Array(
        await (await planToBlob(blob, plan)).arrayBuffer(),
      );
      const outPath = write(`planted-clean.${ext}`, out);
      expect(removed.find((f) => f.label === label)?.value).toBe(
        `${CANARY.length} bytes`,
      );
      expect(strings(outPath)).not.toContain(CANARY);
      expectNoLeaks(input, out, [CANARY]);
      expect(oggPages(out).every((p) => p.crcValid)).toBe(true);
      // ffmpeg refuses a Vorbis identification header longer than 30 bytes: the copy plays as the
      // file did before the bytes were planted.
      expect(framemd5(outPath)).toBe(framemd5(write(`plain.${ext}`, plain)));
    });

    it('without such bytes keeps its first page as it is', async () => {
      const blob = blobOf(plain);
      const { plan, removed } = await cleanPlan(blob);
      const out = new Uint8Array(
        await (await planToBlob(blob, plan)).arrayBuffer(),
      );
      expect(removed.map((f) => f.label)).not.toContain(label);
      const first = oggPages(plain)[0]!.bytes;
      expect(
        Buffer.from(out.subarray(0, first)).equals(plain.subarray(0, first)),
      ).toBe(true);
    });
  },
);
