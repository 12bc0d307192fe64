import { mkdtempSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkTarget, outputPaths } from '../../../cli/output-target';

describe('outputPaths', () => {
  it('names outputs cleaned_<name> beside each input', () => {
    expect(outputPaths(['a/x.jpg', 'b/y.png'], {})).toEqual([
      'a/cleaned_x.jpg',
      'b/cleaned_y.png',
    ]);
  });

  it('numbers a base name used again under --out-dir', () => {
    expect(
      outputPaths(['a/x.jpg', 'b/x.jpg', 'c/x.jpg', 'x'], { outDir: 'out' }),
    ).toEqual([
      'out/cleaned_x.jpg',
      'out/cleaned_x-2.jpg',
      'out/cleaned_x-3.jpg',
      'out/cleaned_x',
    ]);
  });

  it('names the output of x.jpg cleaned_x.jpg even when that is an input of the run (it is then refused as existing, never renamed into a pile of copies)', () => {
    expect(outputPaths(['x.jpg', 'cleaned_x.jpg'], {})).toEqual([
      'cleaned_x.jpg',
      'cleaned_cleaned_x.jpg',
    ]);
  });

  it('uses -o as given', () => {
    expect(outputPaths(['a.jpg'], { out: 'b.jpg' })).toEqual(['b.jpg']);
  });
});

describe('checkTarget', () => {
  const dir = mkdtempSync(join(tmpdir(), 'metaclean-target-'));
  const file = join(dir, 'file');
  writeFileSync(file, 'x');
  const other = { dev: 0n, ino: 0n };
  const force = { overwrite: true };
  const keep = { overwrite: false };

  it('accepts a missing path, and a regular file only with --force', () => {
    expect(() => checkTarget(join(dir, 'missing'), other, keep)).not.toThrow();
    expect(() => checkTarget(file, other, force)).not.toThrow();
    expect(() => checkTarget(file, other, keep)).toThrow(
      expect.objectContaining({ code: 'output-exists' }),
    );
  });

  it('refuses a symlink, even to a regular file, and a directory, even with --force', () => {
    const link = join(dir, 'link');
    symlinkSync(file, link);
    expect(() => checkTarget(link, other, force)).toThrow(/symbolic link/);
    expect(() => checkTarget(dir, other, force)).toThrow(/directory/);
  });

  it('refuses the input itself as output-is-input', () => {
    const { dev, ino } = statSync(file, { bigint: true });
    expect(() => checkTarget(file, { dev, ino }, force)).toThrow(
      expect.objectContaining({ code: 'output-is-input' }),
    );
  });
});
