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
  ])('rejects %j as bad usage', (argv) => {
    expect(() => parseArgs(argv)).toThrow(UsageError);
  });

  it('asks for help without needing a file', () => {
    expect(parseArgs(['--help']).help).toBe(true);
  });
});
