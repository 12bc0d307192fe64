import {
  closeSync,
  constants,
  fchmodSync,
  fdatasyncSync,
  fstatSync,
  fsyncSync,
  futimesSync,
  lstatSync,
  openSync,
  readdirSync,
  renameSync,
  unlinkSync,
  type BigIntStats,
} from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { CliError, describeSystemError, writingSync } from './cli-error';
import { JS_HASH_MAX_BYTES, sha256Js } from './sha256';
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
/** The JSON header's largest size: a journal claiming more is not one of ours. */
const MAX_HEADER_BYTES = 16 * 1024 * 1024;
/** The journal holds its secrets: only its owner may read or write it. */
const JOURNAL_MODE = 0o600;
const PERMISSION_BITS = 0o777;

/**
 * SHA-256 of a journal's body: a small one (the usual few hundred bytes) in JavaScript, a large
 * one by node:crypto, loaded then: only a large journal pays for loading it. Synchronous, as the
 * journal is written and undone without waiting.
 */
function sha256(data: Uint8Array): Buffer {
  if (data.length < JS_HASH_MAX_BYTES)
    return Buffer.from(sha256Js(data).buffer);
  const crypto = createRequire(import.meta.url)(
    'node:crypto',
  ) as typeof import('node:crypto');
  return crypto.createHash('sha256').update(data).digest();
}

/** The journal's name: beside the file, so it is found again by the file's name. */
export const journalPathFor = (file: string) => `${file}.metaclean-undo`;

/** What every journal temporary's name holds: `.metaclean-undo.metaclean-` (then PID `.tmp`). */
const TEMP_MARK = `${journalPathFor('')}.metaclean-`;
const TEMP_END = '.tmp';

/** The temporary name a journal is written under by the process `pid`, before its rename. */
const journalTempFor = (file: string, pid: number) =>
  `${file}${TEMP_MARK}${pid}${TEMP_END}`;

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
  return Buffer.concat([body, sha256(body)]);
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
  const digest = sha256(body);
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
 * Writes the journal for patching the file open as `fd` and makes it durable (its data and size,
 * then its name: folder synced) before returning: only then may the first patch be written (the
 * order of writes is argued at `commitSync` in in-place.ts).
 */
export function writeJournalSync(
  file: string,
  fd: number,
  ranges: readonly PatchRange[],
): string {
  const journal = journalPathFor(file);
  const temp = journalTempFor(file, process.pid);
  const bytes = encode(fstatSync(fd, { bigint: true }), ranges);
  track(temp);
  try {
    writingSync('cannot write the undo journal', () => {
      // Only the owner may read it: it holds the metadata being removed. The mode is set again
      // after the open because a umask may only narrow it, and an undo honours exactly this mode.
      const jfd = openSync(temp, 'wx', JOURNAL_MODE);
      try {
        fchmodSync(jfd, JOURNAL_MODE);
        writeExactSync(jfd, bytes, 0);
        fdatasyncSync(jfd);
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

/**
 * Whether anything sits where the file's journal would be: a journal of an interrupted run, or
 * something else under its name (a link, a FIFO), which no run but --undo may touch.
 */
export function journalWaiting(file: string): boolean {
  return (
    lstatSync(journalPathFor(file), { throwIfNoEntry: false }) !== undefined
  );
}

/** Lists a folder's entry names (`readdirSync`; a test counts the calls). */
export type ListFolder = (dir: string) => readonly string[];

/**
 * A run's remover of journals that a run killed while writing them left under their temporary
 * names (`FILE.metaclean-undo.metaclean-PID.tmp`, holding the metadata being removed): called
 * before each file is touched, it removes that file's leftovers, those of processes that no longer
 * run, owned by this user, regular files only (a link is never followed).
 *
 * Each folder is listed once per run, the first time one of its files is met, not once per file:
 * a batch of N files in one folder cost N listings of N names. Only the names that can be a
 * temporary are kept; whether their writer still runs is asked when the file is reached. A
 * temporary that appears after the listing is written by a process running then (this one or
 * another), never a leftover of an earlier run; this process's own are never removed.
 */
export function leftoverJournalSweeper(
  list: ListFolder = readdirSync,
): (file: string) => void {
  const tempsByFolder = new Map<string, readonly string[]>();
  return (file) => {
    const dir = dirname(file);
    const key = resolve(dir);
    let temps = tempsByFolder.get(key);
    if (temps === undefined) {
      temps = journalTempNames(dir, list);
      tempsByFolder.set(key, temps);
    }
    removeLeftovers(dir, temps, `${basename(file)}${TEMP_MARK}`);
  };
}

/** The names in the folder that can be a journal temporary of one of its files. */
function journalTempNames(dir: string, list: ListFolder): readonly string[] {
  try {
    return list(dir).filter(
      (name) => name.includes(TEMP_MARK) && name.endsWith(TEMP_END),
    );
  } catch {
    return []; // A folder we cannot list holds nothing we could remove either.
  }
}

function removeLeftovers(
  dir: string,
  temps: readonly string[],
  prefix: string,
): void {
  for (const name of temps) {
    const pid = leftoverPid(name, prefix);
    if (pid === undefined || pid === process.pid || running(pid)) continue;
    const path = join(dir, name);
    const info = lstatSync(path, { throwIfNoEntry: false });
    if (!info?.isFile() || info.uid !== currentUid()) continue;
    try {
      unlinkSync(path);
    } catch {
      // Gone meanwhile, or not ours to remove: nothing more to do.
    }
  }
}

function leftoverPid(name: string, prefix: string): number | undefined {
  if (!name.startsWith(prefix) || !name.endsWith(TEMP_END)) return undefined;
  const digits = name.slice(prefix.length, -TEMP_END.length);
  return /^[1-9][0-9]{0,9}$/.test(digits) ? Number(digits) : undefined;
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const currentUid = () => process.getuid?.() ?? 0;

/**
 * Reads the journal only when it can be ours for this file: a regular file (never through a link,
 * never a FIFO or a device, which could hang or grow without end), owned by the user running the
 * undo and by the file's owner, mode 0600, and no larger than a journal for this file can be. Its
 * size is read once and no more bytes than that are read.
 */
function readJournalSync(
  journal: string,
  file: BigIntStats,
): { bytes: Buffer; info: BigIntStats } {
  let jfd: number;
  try {
    jfd = openSync(
      journal,
      constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK,
    );
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT')
      throw new CliError('no-journal', `no undo journal (${journal})`);
    if (code === 'ELOOP')
      throw refused(journal, 'it is a symbolic link, not a journal');
    throw new CliError(
      'unreadable',
      `cannot read ${journal}: ${describeSystemError(error)}`,
    );
  }
  try {
    const info = fstatSync(jfd, { bigint: true });
    if (!info.isFile()) throw refused(journal, 'it is not a regular file');
    const uid = BigInt(currentUid());
    if (info.uid !== uid || info.uid !== file.uid)
      throw refused(
        journal,
        'it is not owned by both you and the owner of the file',
      );
    if (Number(info.mode) % (PERMISSION_BITS + 1) !== JOURNAL_MODE)
      throw refused(journal, 'its permissions are not 0600');
    const most =
      MAGIC.length +
      LENGTH_BYTES +
      MAX_HEADER_BYTES +
      2 * Number(file.size) +
      DIGEST_BYTES;
    if (Number(info.size) > most)
      throw refused(journal, 'it is larger than a journal for this file');
    return {
      bytes: Buffer.from(readExactSync(jfd, 0, Number(info.size))),
      info,
    };
  } finally {
    closeSync(jfd);
  }
}

const refused = (journal: string, why: string) =>
  new CliError(
    'journal-mismatch',
    `${journal} is not honoured: ${why}; it is left as it is`,
  );

/**
 * Puts back the original bytes the journal beside `file` holds, restores the file's times, and
 * removes the journal. Refuses (`journal-mismatch`) a journal that cannot be ours (see
 * `readJournalSync`), a damaged one, or a file that is not the one the journal was written for, or
 * that changed since in any byte or time the run did not write.
 */
export function undoSync(file: string): void {
  const journal = journalPathFor(file);
  let fd: number;
  try {
    fd = openSync(file, constants.O_RDWR | constants.O_NONBLOCK);
  } catch (error) {
    if (
      (error as NodeJS.ErrnoException).code === 'ENOENT' &&
      !journalWaiting(file)
    )
      throw new CliError('no-journal', `no undo journal (${journal})`);
    throw new CliError(
      'unwritable',
      `cannot open the file to undo: ${describeSystemError(error)}`,
    );
  }
  try {
    const now = fstatSync(fd, { bigint: true });
    if (!now.isFile())
      throw new CliError('journal-mismatch', 'the file is not a regular file');
    const { bytes, info } = readJournalSync(journal, now);
    const { header, ranges } = decode(bytes);
    if (
      String(now.dev) !== header.dev ||
      String(now.ino) !== header.ino ||
      Number(now.size) !== header.size
    ) {
      throw new CliError(
        'journal-mismatch',
        `the file was replaced or resized since the interrupted run; the journal is left at ${journal}`,
      );
    }
    // The run wrote its patches only after the journal: the file is as it was (no patch yet) or
    // was last modified after the journal was written.
    if (now.mtimeNs !== BigInt(header.mtimeNs) && now.mtimeNs < info.mtimeNs)
      throw new CliError(
        'journal-mismatch',
        `the file's times do not match the interrupted run; the journal is left at ${journal}`,
      );
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

const NANOSECONDS = /^[0-9]{1,30}$/;

function validRanges(header: Header): boolean {
  return (
    NANOSECONDS.test(String(header.atimeNs)) &&
    NANOSECONDS.test(String(header.mtimeNs)) &&
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
