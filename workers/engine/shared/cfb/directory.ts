/**
 * Directory entries of a compound file ([MS-CFB] 2.6): 128 bytes each, storages and streams held
 * in one red-black tree of siblings per storage. The walk visits each entry once, so a tree that
 * points back at itself is `corrupt`, never a hang.
 */
import { u16le, u32le } from '../../bytes';
import { corrupt } from '../../errors';
import { MAX_DEPTH } from '../../limits';

export const DIR_ENTRY_BYTES = 128;
/** [MS-CFB] 2.6.3: no sibling or child. */
export const NO_STREAM = 0xffffffff;
const NAME_BYTES = 64;
const NAME_LENGTH_OFFSET = 64;
const TYPE_OFFSET = 66;
const LEFT_OFFSET = 68;
const RIGHT_OFFSET = 72;
const CHILD_OFFSET = 76;
/** [MS-CFB] 2.6.1: creation and modification times, FILETIMEs. */
export const TIMES_OFFSET = 100;
export const TIMES_BYTES = 16;
const START_OFFSET = 116;
const SIZE_OFFSET = 120;
const TYPE_STORAGE = 1;
const TYPE_STREAM = 2;
const TYPE_ROOT = 5;

export interface DirEntry {
  /** Index in the directory: its place is `index * DIR_ENTRY_BYTES` in the directory stream. */
  readonly index: number;
  readonly name: string;
  readonly kind: 'storage' | 'stream' | 'root';
  /** Names from the root's child down to this entry. */
  readonly path: readonly string[];
  readonly start: number;
  readonly size: number;
  /** Whether the creation or modification time is set. */
  readonly dated: boolean;
  readonly children: readonly number[];
}

interface RawEntry {
  name: string;
  type: number;
  left: number;
  right: number;
  child: number;
  start: number;
  size: number;
  dated: boolean;
}

function rawEntry(dir: Uint8Array, i: number, v3: boolean): RawEntry {
  const at = i * DIR_ENTRY_BYTES;
  const nameBytes = Math.min(u16le(dir, at + NAME_LENGTH_OFFSET), NAME_BYTES);
  let name = '';
  for (let k = 0; k + 1 < nameBytes - 1; k += 2)
    name += String.fromCharCode(u16le(dir, at + k));
  const low = u32le(dir, at + SIZE_OFFSET);
  // [MS-CFB] 2.6.3: in version 3 files the high half of the size may hold garbage.
  const high = v3 ? 0 : u32le(dir, at + SIZE_OFFSET + 4);
  let dated = false;
  for (let k = 0; k < TIMES_BYTES; k++)
    if (dir[at + TIMES_OFFSET + k] !== 0) dated = true;
  return {
    name,
    type: dir[at + TYPE_OFFSET]!,
    left: u32le(dir, at + LEFT_OFFSET),
    right: u32le(dir, at + RIGHT_OFFSET),
    child: u32le(dir, at + CHILD_OFFSET),
    start: u32le(dir, at + START_OFFSET),
    size: high * 2 ** 32 + low,
    dated,
  };
}

/**
 * Every entry reachable from the root, with its path. Entries are checked to be storages or
 * streams; sizes are checked by the caller against the file.
 */
export function parseDirectory(dir: Uint8Array, v3: boolean): DirEntry[] {
  const count = Math.floor(dir.length / DIR_ENTRY_BYTES);
  if (count === 0) throw corrupt('empty compound file directory');
  const root = rawEntry(dir, 0, v3);
  if (root.type !== TYPE_ROOT) throw corrupt('no root entry');
  const seen = new Uint8Array(count);
  seen[0] = 1;
  const out: DirEntry[] = [];
  // Each storage's children: its child, then that entry's left and right siblings, and so on.
  const storages: { index: number; raw: RawEntry; path: string[] }[] = [
    { index: 0, raw: root, path: [] },
  ];
  while (storages.length > 0) {
    const { index, raw, path } = storages.pop()!;
    if (path.length > MAX_DEPTH) throw corrupt('storages nest too deep');
    const children: number[] = [];
    const stack = raw.child === NO_STREAM ? [] : [raw.child];
    while (stack.length > 0) {
      const i = stack.pop()!;
      if (i >= count) throw corrupt(`directory entry ${i} is past the end`);
      if (seen[i]) throw corrupt('directory tree loops');
      seen[i] = 1;
      const e = rawEntry(dir, i, v3);
      if (e.type !== TYPE_STORAGE && e.type !== TYPE_STREAM)
        throw corrupt(`directory entry ${i} of type ${e.type} in the tree`);
      children.push(i);
      if (e.left !== NO_STREAM) stack.push(e.left);
      if (e.right !== NO_STREAM) stack.push(e.right);
      if (e.type === TYPE_STORAGE)
        storages.push({ index: i, raw: e, path: [...path, e.name] });
      else out.push(entry(i, e, [...path, e.name], 'stream', []));
    }
    out.push(
      entry(index, raw, path, index === 0 ? 'root' : 'storage', children),
    );
  }
  return out.sort((a, b) => a.index - b.index);
}

function entry(
  index: number,
  raw: RawEntry,
  path: readonly string[],
  kind: DirEntry['kind'],
  children: readonly number[],
): DirEntry {
  return {
    index,
    name: raw.name,
    kind,
    path,
    start: raw.start,
    size: raw.size,
    dated: raw.dated,
    children,
  };
}
