import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { jsonLines } from '../../helpers/cli-run';
import { describe, expect, it } from 'vitest';
import { corpusFile, itCorpus } from '../../helpers/corpus';

const run = promisify(execFile);
const BIN = join(import.meta.dirname, '../../../cli/bin.cjs');

/** Runs the real command in a child process; resolves with its exit code and output. */
async function metaclean(...args: string[]) {
  try {
    const { stdout, stderr } = await run('node', [BIN, ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('metaclean command', () => {
  it('exits 2 with the usage on bad arguments', async () => {
    const result = await metaclean('--bogus');
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('Usage: metaclean');
  });

  it('exits 1 with one line naming the error code for a file it cannot clean, and writes nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'metaclean-cli-'));
    const file = join(dir, 'notes.xyz');
    writeFileSync(file, 'plain words, no known signature at all');
    const result = await metaclean(file);
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toBe(
      `metaclean: ${file}: not a photo, video, audio file or document metaclean reads (unsupported: no format matched the file signature)\n`,
    );
    expect(existsSync(join(dir, 'cleaned_notes.xyz'))).toBe(false);
  });

  it('says what a damaged photo means for the person, then its code and detail', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'metaclean-cli-'));
    const file = join(dir, 'cut.jpg');
    // An APP1 segment whose length runs past the end of the file.
    writeFileSync(file, Uint8Array.from([0xff, 0xd8, 0xff, 0xe1, 0x40, 0x00]));
    const result = await metaclean('--out-dir', join(dir, 'out'), file);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^metaclean: .*cut\.jpg: the file seems damaged or incomplete, so it cannot be cleaned safely \(corrupt: .+\)\n$/,
    );
    expect(existsSync(join(dir, 'out', 'cleaned_cut.jpg'))).toBe(false);
  });

  it('reports a missing file as a failure, not a crash', async () => {
    const result = await metaclean('/nonexistent/photo.jpg', '--json');
    expect(result.code).toBe(1);
    expect(jsonLines(result.stdout)[0].error.code).toBe('unreadable');
  });
});

describe('metaclean writing', () => {
  itCorpus(
    'cleans a corpus photo into an --out-dir it creates, leaving the input untouched',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'metaclean-out-'));
      const input = corpusFile('exif-samples', 'DSCN0010.jpg');
      const before = readFileSync(input);
      const result = await metaclean(
        '--json',
        '--out-dir',
        join(dir, 'new', 'sub'),
        input,
      );
      expect(result.code).toBe(0);
      const [outcome] = jsonLines(result.stdout);
      expect(outcome.output).toBe(
        join(dir, 'new', 'sub', 'cleaned_DSCN0010.jpg'),
      );
      expect(
        outcome.removed.some(
          (f: { category: string }) => f.category === 'location',
        ),
      ).toBe(true);
      expect(existsSync(outcome.output)).toBe(true);
      expect(readFileSync(input)).toEqual(before);
    },
  );
});
