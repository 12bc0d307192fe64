/**
 * The crash-safety of `--in-place` rests on the order in which its writes reach the disk (argued
 * at `commitSync` in cli/in-place.ts): the journal's bytes synced, its name synced (the folder),
 * then the patches, synced, then the journal's removal, synced. A power cut cannot be staged in a
 * test, so the order is read where it is decided, in the system calls of a real run (strace, each
 * file descriptor shown with its path): a step moved or left out fails here, though the file would
 * come out clean on a machine that never crashes.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { includes, taggedMovie } from '../../helpers/cli-fixtures';
import { BIN } from '../../helpers/cli-run';
import { exiftool, tempDir } from '../../helpers/video-tools';

const CANARY = 'CANARYORDER7k';
const SYNCS = new Set(['fsync', 'fdatasync']);

interface Call {
  readonly name: string;
  /** The path of the call's file descriptor (strace -y), or its first path argument. */
  readonly path: string;
  readonly to?: string;
}

/** The file system calls of one run of the bin, in order, each with the path it acts on. */
function tracedRun(file: string): Call[] {
  const log = join(dirname(file), 'strace.log');
  execFileSync('strace', [
    '-f',
    '-y',
    '-qq',
    '-o',
    log,
    '-e',
    'trace=openat,pwrite64,fsync,fdatasync,rename,renameat,renameat2,unlink,unlinkat',
    process.execPath,
    BIN,
    '--in-place',
    file,
  ]);
  const calls: Call[] = [];
  for (const line of readFileSync(log, 'utf8').split('\n')) {
    const call = /^\d+\s+(\w+)\((.*)\)\s+=\s+(-?\d+)/.exec(line);
    if (!call || Number(call[3]) < 0) continue;
    const [, name, args] = call;
    const fd = /^\d+<([^>]*)>/.exec(args!);
    const paths = [...args!.matchAll(/"([^"]*)"/g)].map((m) => m[1]!);
    calls.push({ name: name!, path: fd ? fd[1]! : paths[0]!, to: paths[1] });
  }
  return calls;
}

describe('metaclean --in-place, the order of its writes', () => {
  let file = '';
  let calls: Call[] = [];

  beforeAll(() => {
    file = taggedMovie(
      tempDir('metaclean-in-place-order'),
      'movie.mp4',
      CANARY,
    );
    expect(exiftool(file)).toContain(CANARY);
    calls = tracedRun(file);
  });

  const journal = () => `${file}.metaclean-undo`;
  const folder = () => dirname(file);
  const index = (test: (c: Call) => boolean, from = 0) => {
    const at = calls.findIndex((c, i) => i >= from && test(c));
    return at < 0 ? Infinity : at;
  };

  it('cleans the file and leaves no journal', () => {
    expect(exiftool(file)).not.toContain(CANARY);
    expect(includes(readFileSync(file), CANARY)).toBe(false);
    expect(existsSync(journal())).toBe(false);
  });

  it('syncs the journal, then its name, before the first patch', () => {
    const temp = (c: Call) => c.path.startsWith(`${journal()}.metaclean-`);
    const written = index((c) => c.name === 'pwrite64' && temp(c));
    const synced = index((c) => SYNCS.has(c.name) && temp(c), written);
    const renamed = index(
      (c) => c.name.startsWith('rename') && c.to === journal(),
      synced,
    );
    const named = index(
      (c) => SYNCS.has(c.name) && c.path === folder(),
      renamed,
    );
    const firstPatch = index((c) => c.name === 'pwrite64' && c.path === file);
    expect(written).toBeLessThan(Infinity);
    expect([written, synced, renamed, named]).toEqual(
      [written, synced, renamed, named].sort((a, b) => a - b),
    );
    expect(named).toBeLessThan(firstPatch);
  });

  it('syncs the patches before the journal goes, and the folder after', () => {
    const patches = calls
      .map((c, i) => (c.name === 'pwrite64' && c.path === file ? i : -1))
      .filter((i) => i >= 0);
    expect(patches.length).toBeGreaterThan(0);
    const synced = index(
      (c) => SYNCS.has(c.name) && c.path === file,
      patches.at(-1),
    );
    const removed = index(
      (c) => c.name.startsWith('unlink') && c.path === journal(),
    );
    const gone = index(
      (c) => SYNCS.has(c.name) && c.path === folder(),
      removed,
    );
    expect(synced).toBeLessThan(removed);
    expect(removed).toBeLessThan(gone);
    expect(gone).toBeLessThan(Infinity);
  });
});
