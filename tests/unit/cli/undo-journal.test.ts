import {
  mkdtempSync,
  openSync,
  closeSync,
  readFileSync,
  writeFileSync,
  existsSync,
  renameSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  journalPathFor,
  undoSync,
  writeJournalSync,
} from '../../../cli/undo-journal';

const ORIGINAL = Uint8Array.from({ length: 256 }, (_, i) => i);

/** A file "interrupted" after its first patch: the journal is written, one range patched. */
function interrupted() {
  const dir = mkdtempSync(join(tmpdir(), 'metaclean-journal-'));
  const file = join(dir, 'f.bin');
  writeFileSync(file, ORIGINAL);
  const fd = openSync(file, 'r+');
  const ranges = [
    {
      offset: 10,
      original: ORIGINAL.slice(10, 14),
      patched: new Uint8Array(4),
    },
    {
      offset: 100,
      original: ORIGINAL.slice(100, 102),
      patched: new Uint8Array(2),
    },
  ];
  writeJournalSync(file, fd, ranges);
  closeSync(fd);
  const half = Uint8Array.from(ORIGINAL);
  half.fill(0, 10, 14);
  writeFileSync(file, half);
  return { dir, file };
}

describe('the undo journal', () => {
  it('puts the original bytes back and removes itself', () => {
    const { file } = interrupted();
    undoSync(file);
    expect(new Uint8Array(readFileSync(file))).toEqual(ORIGINAL);
    expect(existsSync(journalPathFor(file))).toBe(false);
  });

  it('refuses a damaged journal and leaves the file alone', () => {
    const { file } = interrupted();
    const journal = readFileSync(journalPathFor(file));
    journal[journal.length - 40]! ^= 1;
    writeFileSync(journalPathFor(file), journal);
    const before = readFileSync(file);
    expect(() => undoSync(file)).toThrow(
      expect.objectContaining({ code: 'journal-mismatch' }),
    );
    expect(readFileSync(file)).toEqual(before);
  });

  it('refuses a file replaced since by another of the same size', () => {
    const { file } = interrupted();
    const replacement = `${file}.new`;
    writeFileSync(replacement, readFileSync(file));
    renameSync(replacement, file);
    expect(() => undoSync(file)).toThrow(
      expect.objectContaining({ code: 'journal-mismatch' }),
    );
    expect(existsSync(journalPathFor(file))).toBe(true);
  });

  it('says no-journal for a file without one', () => {
    const { dir } = interrupted();
    const plain = join(dir, 'plain.bin');
    writeFileSync(plain, ORIGINAL);
    expect(() => undoSync(plain)).toThrow(
      expect.objectContaining({ code: 'no-journal' }),
    );
  });
});
