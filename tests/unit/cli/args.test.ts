import { describe, expect, it } from 'vitest';
import { parseArgs, UsageError } from '../../../cli/args';

describe('parseArgs', () => {
  it('takes files and flags in any order', () => {
    expect(
      parseArgs(['a.jpg', '--json', 'b.png', '--out-dir', 'out']),
    ).toMatchObject({
      files: ['a.jpg', 'b.png'],
      json: true,
      outDir: 'out',
      inspect: false,
    });
  });

  it('takes -o for a single file', () => {
    expect(parseArgs(['-o', 'clean.jpg', 'a.jpg'])).toMatchObject({
      out: 'clean.jpg',
      files: ['a.jpg'],
    });
  });

  it('with -r, takes -o as the output folder for many inputs', () => {
    const options = parseArgs(['-r', 'photos', 'more', '-o', 'out']);
    expect(options).toMatchObject({ recursive: true, outDir: 'out' });
    expect(options.out).toBeUndefined();
  });

  it('takes --follow-symlinks only with -r, and -r not with --undo', () => {
    expect(parseArgs(['-r', '--follow-symlinks', 'd']).followSymlinks).toBe(
      true,
    );
    expect(() => parseArgs(['--follow-symlinks', 'd'])).toThrow(UsageError);
    expect(() => parseArgs(['-r', '--undo', 'd'])).toThrow(UsageError);
  });

  it('treats everything after -- as a file, even a dash name', () => {
    expect(parseArgs(['--', '--inspect']).files).toEqual(['--inspect']);
  });

  it.each([
    [[]],
    [['--bogus', 'a.jpg']],
    [['-o']],
    [['-o', 'x', 'a.jpg', 'b.jpg']],
    [['-o', 'x', '--out-dir', 'd', 'a.jpg']],
    [['--inspect', '-o', 'x', 'a.jpg']],
    [['--in-place', '-o', 'x', 'a.mp4']],
    [['--in-place', '--out-dir', 'd', 'a.mp4']],
    [['--inspect', '--in-place', 'a.mp4']],
    [['--undo', '--in-place', 'a.mp4']],
    [['--undo', '-o', 'x', 'a.mp4']],
  ])('rejects %j as bad usage', (argv) => {
    expect(() => parseArgs(argv)).toThrow(UsageError);
  });

  it('takes --in-place and --undo for several files', () => {
    expect(parseArgs(['--in-place', 'a.mp4', 'b.mkv'])).toMatchObject({
      inPlace: true,
      files: ['a.mp4', 'b.mkv'],
    });
    expect(parseArgs(['--undo', '--json', 'a.mp4'])).toMatchObject({
      undo: true,
      json: true,
    });
  });

  it('asks for help without needing a file', () => {
    expect(parseArgs(['--help']).help).toBe(true);
  });
});
