/**
 * The bytes an AIFF's Sound Data chunk holds around its samples: those its offset skips, and
 * those past the frames the Common chunk counts. No reader plays them, so a writer's text there
 * went with the clean copy; now they are cut and reported, the samples copied as they are.
 * `strings` reads the canary in the input; ffmpeg decodes the same samples from the copy as from
 * the file without the planted bytes, and the content hash (one rule for where the frames end,
 * formats/aiff/frames-end.ts) reads the same samples in all three.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan, planToBlob } from '../../../workers/engine';
import {
  hashContent,
  type Sha256Host,
} from '../../../workers/engine/content-hash';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import {
  blobOf,
  fileBytes,
  framemd5,
  tempDir,
} from '../../helpers/video-tools';

const CANARY = 'SSNDCANARY GPS 51.5074N 0.1278W';
let dir = '';
let plain: Buffer;

beforeAll(() => {
  dir = tempDir('aiff-sound-data');
  const path = join(dir, 'plain.aiff');
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'sine=d=0.2',
    '-c:a',
    'pcm_s16be',
    path,
  ]);
  plain = Buffer.from(fileBytes(path));
});

function write(name: string, bytes: Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

/** `plain` with `before` between the SSND head and its samples (the offset says so) and `after` past them. */
function withBytes(before: string, after: string): Buffer {
  const ssnd = plain.indexOf('SSND');
  const size = plain.readUInt32BE(ssnd + 4);
  const head = Buffer.alloc(16);
  head.write('SSND', 0, 'latin1');
  head.writeUInt32BE(size + before.length + after.length, 4);
  head.writeUInt32BE(before.length, 8);
  const out = Buffer.concat([
    plain.subarray(0, ssnd),
    head,
    Buffer.from(before, 'latin1'),
    plain.subarray(ssnd + 16, ssnd + 8 + size),
    Buffer.from(after, 'latin1'),
    plain.subarray(ssnd + 8 + size),
  ]);
  out.writeUInt32BE(out.length - 8, 4);
  return out;
}

/** `bytes` with its SSND chunk moved to the front of the form, before COMM (AIFF 1.3 allows any order). */
function soundDataFirst(bytes: Buffer): Buffer {
  const chunks: Buffer[] = [];
  for (let at = 12; at < bytes.length;) {
    const size = bytes.readUInt32BE(at + 4);
    const end = at + 8 + size + (size % 2);
    chunks.push(bytes.subarray(at, end));
    at = end;
  }
  const isSsnd = (c: Buffer) => c.toString('latin1', 0, 4) === 'SSND';
  return Buffer.concat([
    bytes.subarray(0, 12),
    ...chunks.filter(isSsnd),
    ...chunks.filter((c) => !isSsnd(c)),
  ]);
}

const strings = (path: string) =>
  execFileSync('strings', ['-n', '6', path], { encoding: 'latin1' });

async function clean(input: Uint8Array) {
  const blob = blobOf(input);
  const { plan, removed } = await cleanPlan(blob);
  return {
    out: new Uint8Array(await (await planToBlob(blob, plan)).arrayBuffer()),
    removed,
  };
}

describe('the bytes around an AIFF sound data chunk’s samples', () => {
  it.each([
    ['the offset skips', CANARY, ''],
    ['past the counted frames', '', CANARY],
  ])(
    '%s are cut and reported, the samples the same',
    async (_, before, after) => {
      const input = withBytes(before, after);
      const inPath = write('planted.aiff', input);
      expect(strings(inPath)).toContain(CANARY);
      const { out, removed } = await clean(input);
      const outPath = write('planted-clean.aiff', out);
      expect(removed.find((f) => f.label === 'SSND extra bytes')?.value).toBe(
        `${CANARY.length} bytes`,
      );
      expect(strings(outPath)).not.toContain(CANARY);
      expectNoLeaks(input, out, [CANARY]);
      expect(framemd5(outPath)).toBe(framemd5(write('plain.aiff', plain)));
    },
  );

  it('past the counted frames are cut when COMM comes after SSND', async () => {
    const after = CANARY.length % 2 ? `${CANARY}!` : CANARY;
    const input = soundDataFirst(withBytes('', after));
    expect(input.indexOf('SSND')).toBeLessThan(input.indexOf('COMM'));
    const inPath = write('late-comm.aiff', input);
    expect(strings(inPath)).toContain(CANARY);
    const { out, removed } = await clean(input);
    const outPath = write('late-comm-clean.aiff', out);
    expect(removed.find((f) => f.label === 'SSND extra bytes')?.value).toBe(
      `${after.length} bytes`,
    );
    expect(strings(outPath)).not.toContain(CANARY);
    expectNoLeaks(input, out, [CANARY]);
    expect(framemd5(outPath)).toBe(
      framemd5(write('plain-late-comm.aiff', soundDataFirst(plain))),
    );
  });

  it('are outside the content hash, which reads the frames the clean keeps', async () => {
    const host: Sha256Host = {
      maxBytes: Number.POSITIVE_INFINITY,
      async sha256(pieces) {
        const hash = createHash('sha256');
        for await (const piece of pieces) hash.update(piece);
        return hash.digest('hex');
      },
    };
    const hashes = async (bytes: Uint8Array) =>
      (await hashContent(blobOf(bytes), host)).parts;
    const planted = withBytes(CANARY, CANARY);
    const plainParts = await hashes(plain);
    expect(plainParts).toHaveLength(1);
    expect(await hashes(planted)).toEqual(plainParts);
    expect(await hashes((await clean(planted)).out)).toEqual(plainParts);
  });

  it('a file with nothing around its samples is copied as it is', async () => {
    const { out, removed } = await clean(plain);
    expect(removed).toEqual([]);
    expect(Buffer.from(out).equals(plain)).toBe(true);
  });
});
