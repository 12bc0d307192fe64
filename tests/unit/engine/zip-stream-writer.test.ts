import { execFileSync } from 'node:child_process';
import {
  closeSync,
  ftruncateSync,
  mkdtempSync,
  openSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { nodeCodecs } from '../../../cli/node-codecs';
import { crc32 } from '../../../workers/engine/shared/crc32';
import { lendHostCodecs } from '../../../workers/engine/shared/host-codecs';
import { ZipStreamWriter } from '../../../workers/engine/shared/zip/stream-writer';

const dir = mkdtempSync(join(tmpdir(), 'zip-stream-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => lendHostCodecs({}));

const encoder = new TextEncoder();
/** One more than a 16-bit count can say: the archive needs the ZIP64 end record. */
const MANY = 70_000;
/** One more mebibyte than 32 bits can say. */
const MIB = 1024 * 1024;
const HUGE = 2 ** 32 + MIB;

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const NAMES =
  'import sys, zipfile; print("\\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))';

function run(tool: string, args: readonly string[]): string {
  return execFileSync(tool, args, {
    encoding: 'utf8',
    // Info-ZIP matches and prints UTF-8 names only under a UTF-8 locale.
    env: { ...process.env, LC_ALL: 'C.UTF-8' },
    maxBuffer: 64 * MIB,
  });
}

describe('ZipStreamWriter', () => {
  it('writes members whose CRC-32 is known up front and members whose CRC passes with the data', () => {
    const w = new ZipStreamWriter();
    const parts: Uint8Array[] = [];
    const a = encoder.encode('first member');
    const b = encoder.encode('second, in a folder');
    parts.push(
      w.begin({ name: 'cleaned_a.txt', size: a.length, crc32: crc32(a) }),
    );
    w.data(a);
    parts.push(a, w.end());
    parts.push(w.begin({ name: 'trip/día/cleaned_b.txt', size: b.length }));
    w.data(b.subarray(0, 5));
    w.data(b.subarray(5));
    parts.push(b, w.end(), ...w.finish());
    const path = join(dir, 'small.zip');
    writeFileSync(path, concat(parts));

    expect(run('unzip', ['-t', path])).toContain('No errors detected');
    expect(run('unzip', ['-p', path, 'trip/*/cleaned_b.txt'])).toBe(
      'second, in a folder',
    );
    // Python's zipfile reads the name as UTF-8 because flag bit 11 says so.
    expect(run('python3', ['-c', NAMES, path])).toBe(
      'cleaned_a.txt\ntrip/día/cleaned_b.txt\n',
    );
    const info = run('zipinfo', ['-v', path]);
    expect(info).toContain('1980 Jan 1 00:00:00');
    expect(info).not.toMatch(/extra field.*: [1-9]/i);
    expect(info).toContain(
      'compression method:                             none (stored)',
    );
  });

  it('refuses data that does not match the announced size', () => {
    const w = new ZipStreamWriter();
    w.begin({ name: 'x', size: 3 });
    w.data(new Uint8Array(2));
    expect(() => w.end()).toThrow(/announced/);
  });

  it(`writes ${MANY} members: the count goes into the ZIP64 end record`, () => {
    const w = new ZipStreamWriter();
    const parts: Uint8Array[] = [];
    for (let i = 0; i < MANY; i++) {
      const data = encoder.encode(String(i));
      const name = `f${i % 10}/cleaned_${i}.txt`;
      parts.push(
        w.begin({
          name,
          size: data.length,
          ...(i % 2 ? { crc32: crc32(data) } : {}),
        }),
      );
      w.data(data);
      parts.push(data, w.end());
    }
    parts.push(...w.finish());
    const path = join(dir, 'many.zip');
    writeFileSync(path, concat(parts));

    expect(run('unzip', ['-tq', path])).toContain('No errors detected');
    expect(run('zipinfo', ['-t', path])).toMatch(new RegExp(`^${MANY} files`));
    expect(run('unzip', ['-p', path, 'f7/cleaned_69997.txt'])).toBe('69997');
  });

  it('streams a member past 4 GiB without holding it: sizes and offsets go into ZIP64 fields', () => {
    // Node's CRC-32 (the one the CLI lends) keeps this test short; the engine's own gives the same.
    lendHostCodecs(nodeCodecs());
    const zeros = new Uint8Array(MIB);
    const path = join(dir, 'huge.zip');
    const fd = openSync(path, 'w');
    let at = 0;
    // The zero chunks are skipped, not written, so the file on disk stays sparse.
    const put = (bytes: Uint8Array): void => {
      if (bytes !== zeros) writeSync(fd, bytes, 0, bytes.length, at);
      at += bytes.length;
    };
    try {
      const w = new ZipStreamWriter();
      put(w.begin({ name: 'cleaned_zeros.bin', size: HUGE }));
      for (let n = 0; n < HUGE; n += MIB) {
        w.data(zeros);
        put(zeros);
      }
      put(w.end());
      const tail = encoder.encode('after the big one');
      put(
        w.begin({
          name: 'cleaned_tail.txt',
          size: tail.length,
          crc32: crc32(tail),
        }),
      );
      w.data(tail);
      put(tail);
      put(w.end());
      for (const p of w.finish()) put(p);
      ftruncateSync(fd, at);
    } finally {
      closeSync(fd);
    }

    const info = run('zipinfo', ['-v', path]);
    expect(info).toContain(
      `uncompressed size:                              ${HUGE} bytes`,
    );
    expect(info).toMatch(
      /offset of local header from start of archive:\s+4\d{9}$/m,
    );
    expect(run('zipinfo', ['-t', path])).toMatch(/^2 files/);
    expect(run('unzip', ['-p', path, 'cleaned_tail.txt'])).toBe(
      'after the big one',
    );
  });
});
