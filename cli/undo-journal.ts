import { createHash } from 'node:crypto';
import {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  fsyncSync,
  futimesSync,
  openSync,
  readFileSync,
  renameSync,
  unlinkSync,
  type BigIntStats,
} from 'node:fs';
import { dirname } from 'node:path';
import { CliError, writingSync } from './cli-error';
import {
  fsyncDirSync,
  readExactSync,
  sameBytes,
  writeExactSync,
} from './sync-io';
import { discard, track, untrack } from './temp-files';

/**
 * The undo journal of an in-place clean: the original bytes of every range about to be patched,
 * written and synced beside the file before the first patch and removed after the last. If the run
 * is cut (SIGKILL, a crash, a power cut), the journal is left and puts the original bytes back,
 * through `metaclean --undo FILE` or on the next run on the file.
 *
 * Layout: MAGIC, a u32 (little-endian) length, a JSON header, the original bytes of every range,
 * the patched bytes of every range, then the SHA-256 of everything before it. The patched bytes let
 * an undo check that each byte of a range is either the original or the patch (a run may stop
 * between, or inside, any two writes), and refuse a file that changed in any other way since.
 */
const MAGIC = new TextEncoder().encode('metaclean-undo/1\n');
const DIGEST_BYTES = 32;
const LENGTH_BYTES = 4;

/** The journal's name: beside the file, so it is found again by the file's name. */
export const journalPathFor = (file: string) => `${file}.metaclean-undo`;

export interface PatchRange {
  readonly offset: number;
  readonly original: Uint8Array;
  readonly patched: Uint8Array;
}

interface Header {
  readonly dev: string;
  readonly ino: string;
  readonly size: number;
  readonly atimeNs: string;
  readonly mtimeNs: string;
  readonly ranges: readonly (readonly [offset: number, length: number])[];
}

function encode(file: BigIntStats, ranges: readonly PatchRange[]): Uint8Array {
  const header: Header = {
    dev: String(file.dev),
    ino: String(file.ino),
    size: Number(file.size),
    atimeNs: String(file.atimeNs),
    mtimeNs: String(file.mtimeNs),
    ranges: ranges.map((r) => [r.offset, r.original.length]),
  };
  const json = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(LENGTH_BYTES);
  length.writeUInt32LE(json.length);
  const body = Buffer.concat([
    MAGIC,
    length,
    json,
    ...ranges.map((r) => r.original),
    ...ranges.map((r) => r.patched),
  ]);
  return Buffer.concat([body, createHash('sha256').update(body).digest()]);
}

function decode(bytes: Buffer): { header: Header; ranges: PatchRange[] } {
  const damaged = (why: string) =>
    new CliError('journal-mismatch', `the undo journal is damaged (${why})`);
  const headerStart = MAGIC.length + LENGTH_BYTES;
  if (
    bytes.length < headerStart + DIGEST_BYTES ||
    !sameBytes(bytes.subarray(0, MAGIC.length), MAGIC)
  )
    throw damaged('not a metaclean undo journal');
  const body = bytes.subarray(0, bytes.length - DIGEST_BYTES);
  const digest = createHash('sha256').update(body).digest();
  if (!digest.equals(bytes.subarray(body.length)))
    throw damaged('checksum mismatch');
  const jsonEnd = headerStart + body.readUInt32LE(MAGIC.length);
  if (jsonEnd > body.length) throw damaged('header past the end');
  let header: Header;
  try {
    header = JSON.parse(
      body.subarray(headerStart, jsonEnd).toString(),
    ) as Header;
  } catch {
    throw damaged('unreadable header');
  }
  if (!validRanges(header)) throw damaged('ranges outside the file');
  const total = header.ranges.reduce((n, [, length]) => n + length, 0);
  if (jsonEnd + 2 * total !== body.length) throw damaged('wrong length');
  let original = jsonEnd;
  let patched = jsonEnd + total;
  const ranges = header.ranges.map(([offset, length]) => {
    const range = {
      offset,
      original: body.subarray(original, original + length),
      patched: body.subarray(patched, patched + length),
    };
    original += length;
    patched += length;
    return range;
  });
  return { header, ranges };
}

/**
 * Writes the journal for patching the file open as `fd` and makes it durable (file and folder
 * synced) before returning: only then may the first patch be written.
 */
export function writeJournalSync(
  file: string,
  fd: number,
  ranges: readonly PatchRange[],
): string {
  const journal = journalPathFor(file);
  const temp = `${journal}.metaclean-${process.pid}.tmp`;
  const bytes = encode(fstatSync(fd, { bigint: true }), ranges);
  track(temp);
  try {
    writingSync('cannot write the undo journal', () => {
      // Only the owner may read it: it holds the metadata being removed.
      const jfd = openSync(temp, 'wx', 0o600);
      try {
        writeExactSync(jfd, bytes, 0);
        fsyncSync(jfd);
      } finally {
        closeSync(jfd);
      }
      renameSync(temp, journal);
      untrack(temp);
      fsyncDirSync(dirname(file));
    });
  } catch (error) {
    discard(temp);
    throw error;
  }
  return journal;
}

/** Removes a journal whose run finished (all patches written, or all original bytes put back). */
export function removeJournalSync(file: string): void {
  writingSync('cannot remove the undo journal', () => {
    unlinkSync(journalPathFor(file));
    fsyncDirSync(dirname(file));
  });
}

export const hasJournal = (file: string) => existsSync(journalPathFor(file));

/**
 * Puts back the original bytes the journal beside `file` holds, restores the file's times, and
 * removes the journal. Refuses (`journal-mismatch`) a damaged journal or a file that is not the one
 * the journal was written for, or that changed since in any byte the run did not write.
 */
export function undoSync(file: string): void {
  const journal = journalPathFor(file);
  let bytes: Buffer;
  try {
    bytes = readFileSync(journal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new CliError('no-journal', `no undo journal (${journal})`);
    throw new CliError(
      'unreadable',
      `cannot read ${journal}: ${String(error)}`,
    );
  }
  const { header, ranges } = decode(bytes);
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDWR | constants.O_NONBLOCK);
  } catch (error) {
    throw new CliError(
      'unwritable',
      `cannot open the file to undo: ${String(error)}`,
    );
  }
  try {
    const now = fstatSync(fd, { bigint: true });
    if (
      !now.isFile() ||
      String(now.dev) !== header.dev ||
      String(now.ino) !== header.ino ||
      Number(now.size) !== header.size
    ) {
      throw new CliError(
        'journal-mismatch',
        `the file was replaced or resized since the interrupted run; the journal is left at ${journal}`,
      );
    }
    for (const range of ranges) {
      const current = readExactSync(fd, range.offset, range.original.length);
      if (!eachByteFromEither(current, range))
        throw new CliError(
          'journal-mismatch',
          `bytes at ${range.offset} changed since the interrupted run; the journal is left at ${journal}`,
        );
    }
    writingSync('cannot put the original bytes back', () => {
      for (const range of ranges)
        writeExactSync(fd, range.original, range.offset);
      fsyncSync(fd);
      futimesSync(fd, nsToSeconds(header.atimeNs), nsToSeconds(header.mtimeNs));
    });
    for (const range of ranges) {
      const back = readExactSync(fd, range.offset, range.original.length);
      if (!sameBytes(back, range.original))
        throw new CliError(
          'unwritable',
          `bytes at ${range.offset} did not read back as written`,
        );
    }
  } finally {
    closeSync(fd);
  }
  removeJournalSync(file);
}

function validRanges(header: Header): boolean {
  return (
    Number.isSafeInteger(header.size) &&
    Array.isArray(header.ranges) &&
    header.ranges.every(
      ([offset, length]) =>
        Number.isSafeInteger(offset) &&
        Number.isSafeInteger(length) &&
        offset >= 0 &&
        length > 0 &&
        offset + length <= header.size,
    )
  );
}

function eachByteFromEither(current: Uint8Array, range: PatchRange): boolean {
  for (let i = 0; i < current.length; i++) {
    const byte = current[i];
    if (byte !== range.original[i] && byte !== range.patched[i]) return false;
  }
  return true;
}

/** futimes takes seconds; a float keeps microseconds, as much as the call honours. */
const nsToSeconds = (ns: string) => Number(BigInt(ns) / 1000n) / 1e6;
