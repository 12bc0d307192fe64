/**
 * What the built command loads before it looks at a file (cli/build.mjs): the first step is one
 * CommonJS file, so `--help` never starts Node's ES module loader; the command's core is a few
 * modules, each of which costs Node a resolution, a read and a compilation at every start; and no
 * format's code is among them. The bundle is read as written, after the bin has rebuilt it if a
 * source is newer.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN } from '../../helpers/cli-run';

const DIST = join(import.meta.dirname, '..', '..', '..', 'dist-cli');
/**
 * The command's entry and its core's chunks: two today (what the library shares, the command's
 * own). Forty before the lazily loaded modules imported the core.
 */
const MAX_CORE_MODULES = 4;

/** The relative modules a bundle imports statically (`import ... from "./x.mjs"`). */
function staticImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const found = source.matchAll(
    /^import\s+(?:[^'";]*?\s+from\s+)?"(\.{1,2}\/[^"]+)";?$/gms,
  );
  return [...found].map((m) => join(dirname(file), m[1]!));
}

/** Every module loading `entry` loads before it runs, `entry` included. */
function staticClosure(entry: string): string[] {
  const seen = new Set([entry]);
  const queue = [entry];
  while (queue.length > 0)
    for (const next of staticImports(queue.pop()!))
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
  return [...seen];
}

beforeAll(() => {
  // A non-help command line makes the bin rebuild every stale bundle first.
  execFileSync(process.execPath, [BIN, '--list-formats'], { stdio: 'ignore' });
});

describe('the built command', () => {
  it('answers --help from one CommonJS file that requires nothing', () => {
    const first = readFileSync(join(DIST, 'start.cjs'), 'utf8');
    expect(first).toContain('module.exports');
    expect(first).not.toMatch(/\brequire\(/);
    expect(first).not.toMatch(/\bimport\(/);
    expect(readFileSync(BIN, 'utf8')).toMatch(/^'use strict';$/m);
  });

  it('loads its core as a few shared chunks and no format module', () => {
    const core = staticClosure(join(DIST, 'metaclean.mjs'));
    expect(core.length).toBeLessThanOrEqual(MAX_CORE_MODULES);
    // esbuild names a chunk that a lazy import() loads after its module (`pdf-HASH.mjs`), and a
    // chunk of shared modules `chunk-HASH.mjs`.
    const lazy = core
      .slice(1)
      .map((path) => basename(path))
      .filter((name) => !name.startsWith('chunk-'));
    expect(lazy).toEqual([]);
  });

  it("takes Node's own modules by require, so no start builds their ES module faces", () => {
    const outputs = [
      join(DIST, 'metaclean.mjs'),
      join(DIST, 'library.mjs'),
      ...readdirSync(join(DIST, 'chunks')).map((c) => join(DIST, 'chunks', c)),
    ];
    const imported = outputs.flatMap((file) =>
      [
        ...readFileSync(file, 'utf8').matchAll(
          /^import\s+(?:[^'";]*?\s+from\s+)?"(node:[^"]+)";?$/gms,
        ),
      ]
        .map((m) => m[1]!)
        // The one import each output needs to make its `require`.
        .filter((name) => name !== 'node:module')
        .map((name) => `${basename(file)}: ${name}`),
    );
    expect(imported).toEqual([]);
  });

  it("still runs by the launcher's former name, cli/bin.mjs, with the same answers and status", () => {
    const former = join(dirname(BIN), 'bin.mjs');
    const run = (bin: string, args: string[]) => {
      try {
        return {
          out: execFileSync(process.execPath, [bin, ...args], {
            encoding: 'utf8',
            stdio: 'pipe',
          }),
          status: 0,
        };
      } catch (error) {
        const { stderr, status } = error as { stderr: string; status: number };
        return { out: stderr, status };
      }
    };
    for (const args of [['--version'], ['--no-such-option']]) {
      const now = run(BIN, args);
      expect(run(former, args)).toEqual(now);
    }
    expect(run(former, ['--no-such-option']).status).toBe(2);
  });
});
