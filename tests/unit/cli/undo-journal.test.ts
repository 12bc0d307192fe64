import { execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  mkdtempSync,
  symlinkSync,
  truncateSync,
  unlinkSync,
  utimesSync,
  openSync,
  closeSync,
  readFileSync,
  writeFileSync,
  existsSync,
  renameSync,
  readdirSync,
  mkdirSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  journalPathFor,
  journalWaiting,
  leftoverJournalSweeper,
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

  describe('is honoured only when it can be ours', () => {
    const refusedLeavingFile = (file: string) => {
      const before = readFileSync(file);
      expect(() => undoSync(file)).toThrow(
        expect.objectContaining({ code: 'journal-mismatch' }),
      );
      expect(readFileSync(file)).toEqual(before);
    };

    it('refuses a journal that is a symbolic link (here to /dev/zero), without reading it', () => {
      const { file } = interrupted();
      unlinkSync(journalPathFor(file));
      symlinkSync('/dev/zero', journalPathFor(file));
      refusedLeavingFile(file);
    });

    it('refuses a FIFO as the journal instead of waiting on it', () => {
      const { file } = interrupted();
      unlinkSync(journalPathFor(file));
      execFileSync('mkfifo', [journalPathFor(file)]);
      refusedLeavingFile(file);
    });

    it('refuses a journal readable by others (mode other than 0600)', () => {
      const { file } = interrupted();
      chmodSync(journalPathFor(file), 0o644);
      refusedLeavingFile(file);
    });

    it.skipIf(process.getuid?.() !== 0)(
      'refuses a journal owned by another user, even with a valid checksum',
      () => {
        const { file } = interrupted();
        chownSync(journalPathFor(file), 65534, 65534);
        refusedLeavingFile(file);
      },
    );

    it('refuses a journal larger than any journal for the file could be', () => {
      const { file } = interrupted();
      writeFileSync(journalPathFor(file), '', { mode: 0o600 });
      // Sparse: the size is what the check reads, not the bytes.
      truncateSync(journalPathFor(file), 64 * 1024 * 1024);
      refusedLeavingFile(file);
    });

    it('refuses a file modified after its run (times) though its bytes fit', () => {
      const { file } = interrupted();
      const past = new Date('2001-01-01T00:00:00Z');
      utimesSync(file, past, past);
      refusedLeavingFile(file);
    });
  });

  it('is seen waiting whatever sits under its name, a dangling link included', () => {
    const { dir, file } = interrupted();
    expect(journalWaiting(file)).toBe(true);
    unlinkSync(journalPathFor(file));
    expect(journalWaiting(file)).toBe(false);
    symlinkSync(join(dir, 'nowhere'), journalPathFor(file));
    expect(journalWaiting(file)).toBe(true);
  });

  it('leaves no temporary of a killed writer behind: the next run removes those of dead processes', async () => {
    const { dir, file } = interrupted();
    const dead = spawn('true');
    await new Promise((done) => dead.on('exit', done));
    const leftover = `${journalPathFor(file)}.metaclean-${dead.pid}.tmp`;
    const ofLiveProcess = `${journalPathFor(file)}.metaclean-${process.ppid}.tmp`;
    writeFileSync(leftover, 'original metadata', { mode: 0o600 });
    writeFileSync(ofLiveProcess, 'being written', { mode: 0o600 });

    leftoverJournalSweeper()(file);

    expect(existsSync(leftover)).toBe(false);
    expect(existsSync(ofLiveProcess)).toBe(true);
    expect(existsSync(journalPathFor(file))).toBe(true);
    expect(existsSync(join(dir, 'f.bin'))).toBe(true);
  });

  it('lists each folder once per run, and still removes every leftover of the files it meets', async () => {
    const dead = spawn('true');
    await new Promise((done) => dead.on('exit', done));
    const root = mkdtempSync(join(tmpdir(), 'metaclean-journal-'));
    const folders = [join(root, 'one'), join(root, 'two')];
    const FILES_PER_FOLDER = 5;
    const files = folders.flatMap((folder) => {
      mkdirSync(folder);
      return Array.from({ length: FILES_PER_FOLDER }, (_, i) => {
        const file = join(folder, `p${i}.jpg`);
        writeFileSync(file, 'a photo');
        return file;
      });
    });
    const temp = (file: string, pid: number) =>
      `${journalPathFor(file)}.metaclean-${pid}.tmp`;
    const leftovers = files.map((file) => temp(file, dead.pid!));
    for (const leftover of leftovers)
      writeFileSync(leftover, 'original metadata', { mode: 0o600 });
    // Not met by the run: its leftover is not the run's to remove.
    const notInRun = join(folders[0]!, 'other.jpg');
    writeFileSync(notInRun, 'another photo');
    writeFileSync(temp(notInRun, dead.pid!), 'original metadata', {
      mode: 0o600,
    });
    const ofThisRun = temp(files[1]!, process.pid);
    writeFileSync(ofThisRun, 'being written', { mode: 0o600 });
    const listed: string[] = [];
    const sweep = leftoverJournalSweeper((dir) => {
      listed.push(dir);
      return readdirSync(dir);
    });

    // Folders interleaved, as named on a command line: still one listing each.
    const order = Array.from({ length: FILES_PER_FOLDER }, (_, i) => [
      files[i]!,
      files[FILES_PER_FOLDER + i]!,
    ]).flat();
    for (const leftover of leftovers) expect(existsSync(leftover)).toBe(true);
    for (const file of order) {
      sweep(file);
      // A temporary this run writes after the listing is never taken for a leftover.
      writeFileSync(temp(file, process.pid), 'being written', { mode: 0o600 });
    }

    expect(new Set(order).size).toBe(files.length);
    expect(listed.sort()).toEqual([...folders].sort());
    for (const leftover of leftovers) expect(existsSync(leftover)).toBe(false);
    expect(existsSync(temp(notInRun, dead.pid!))).toBe(true);
    expect(existsSync(ofThisRun)).toBe(true);
    for (const file of files) {
      expect(existsSync(file)).toBe(true);
      expect(existsSync(temp(file, process.pid))).toBe(true);
    }
  });

  it('lists the folder of a batch of files in one folder once', () => {
    const dir = mkdtempSync(join(tmpdir(), 'metaclean-journal-'));
    const BATCH = 50;
    let listings = 0;
    const sweep = leftoverJournalSweeper((folder) => {
      listings++;
      return readdirSync(folder);
    });
    for (let i = 0; i < BATCH; i++) sweep(join(dir, `p${i}.jpg`));
    // The same folder named another way is the same folder.
    sweep(join(dir, '.', 'p0.jpg'));
    expect(listings).toBe(1);
  });
});
