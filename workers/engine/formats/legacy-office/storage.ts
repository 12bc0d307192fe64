/** What every part of a legacy Office walk shares: the compound file, and what the walk found. */
import type { ByteReader } from '../../byte-source';
import { EngineError } from '../../errors';
import type { Finding } from '../../findings';
import { MAX_DECOMPRESSED_BYTES } from '../../limits';
import type { Patch } from '../../shared/in-place';
import {
  patchExtents,
  readExtents,
  type CompoundFile,
} from '../../shared/cfb/compound-file';
import type { DirEntry } from '../../shared/cfb/directory';

/** One storage of a compound file (the root, or an embedded object's), seen by its streams. */
export interface Storage {
  readonly src: ByteReader;
  readonly cfb: CompoundFile;
  readonly entry: DirEntry;
  /** Where findings say they are: the storage's path, '' for the root. */
  readonly location: string;
  /** The child stream of that name, compared as [MS-CFB] 2.6.4 compares names: case-insensitively. */
  stream(name: string): DirEntry | undefined;
  /** Every child stream, in directory order. */
  readonly streams: readonly DirEntry[];
}

/** [MS-CFB] 2.6.4: directory entry names compare by their upper-case forms. */
export const sameEntryName = (a: string, b: string): boolean =>
  a.length === b.length && a.toUpperCase() === b.toUpperCase();

/** What a walk collects: findings for the report, same-size patches for the clean. */
export class Cleaning {
  readonly findings: Finding[] = [];
  readonly patches: Patch[] = [];
  /** Bytes this file's compressed parts were allowed to inflate to so far. */
  private inflated = 0;

  /**
   * Charges `bytes` about to be inflated from one of the file's compressed parts: many small
   * bombs, each within its own bound, stop at the file's budget as `too-large`.
   */
  chargeInflate(bytes: number): void {
    this.inflated += bytes;
    if (this.inflated > MAX_DECOMPRESSED_BYTES)
      throw new EngineError(
        'too-large',
        `compressed parts inflating past ${MAX_DECOMPRESSED_BYTES} bytes`,
      );
  }

  /** Overwrites bytes [at, at + data.length) of `stream` in place. */
  write(
    storage: Storage,
    stream: DirEntry,
    at: number,
    data: Uint8Array,
  ): void {
    this.patches.push(...patchExtents(storage.cfb.extents(stream), at, data));
  }
}

export function storagesOf(src: ByteReader, cfb: CompoundFile): Storage[] {
  const byIndex = new Map(cfb.entries.map((e) => [e.index, e]));
  return cfb.entries
    .filter((e) => e.kind !== 'stream')
    .map((entry) => {
      const streams = entry.children
        .map((i) => byIndex.get(i)!)
        .filter((c) => c.kind === 'stream');
      // Two names one reader takes for the same stream: which one is the document's is a guess.
      const names = new Set(streams.map((c) => c.name.toUpperCase()));
      if (names.size !== streams.length)
        throw new EngineError(
          'corrupt',
          `two streams of one name in ${entry.path.join('/') || 'the root'}`,
        );
      return {
        src,
        cfb,
        entry,
        location: entry.path.map((name) => `/${name}`).join(''),
        stream: (name: string) =>
          streams.find((c) => sameEntryName(c.name, name)),
        streams,
      };
    });
}

/** A whole stream, or its first `length` bytes. */
export function readStream(
  storage: Storage,
  stream: DirEntry,
  length = Infinity,
): Promise<Uint8Array> {
  return readExtents(storage.src, storage.cfb.extents(stream), 0, length);
}

/** Text that says nothing: empty, or only NULs and spaces (what a blanked value reads as). */
export function isBlank(text: string): boolean {
  return /^[\0\s]*$/.test(text);
}
