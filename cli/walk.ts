import {
  closeSync,
  lstatSync,
  openSync,
  readdirSync,
  readSync,
  statSync,
  type Stats,
} from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';
import {
  looksLikeDjiLog,
  sidecarOf,
  type Sidecar,
} from '../workers/engine/sidecars';

/** Why a path met in a folder is not cleaned: one word a script can switch on. */
export type SkipReason =
  /** A copy metaclean wrote (`cleaned_*`), in a mode that names outputs after inputs. */
  | 'cleaned-copy'
  | 'hidden'
  | 'symlink'
  | 'symlink-loop'
  | 'own-file'
  | 'not-regular'
  | 'sidecar';

/** What `-r` found: a file to clean (with its path under the folder given), or one passed over. */
export type WalkItem =
  | {
      readonly kind: 'file';
      readonly file: string;
      /** Its path from the folder given, that folder's name first; absent for a file given. */
      readonly mirror?: string;
    }
  | {
      readonly kind: 'skipped';
      readonly file: string;
      readonly reason: SkipReason;
      readonly sidecar?: Sidecar;
    };

export interface WalkOptions {
  /** Enter symbolic links to folders and clean links to files (`--follow-symlinks`). */
  readonly followSymlinks: boolean;
}

/**
 * Files metaclean writes itself beside its inputs: temporary copies (`x.metaclean-PID.tmp`) and
 * undo journals (`x.metaclean-undo`, and their temporary `x.metaclean-undo.metaclean-PID.tmp`).
 * Cleaned copies (`cleaned_*`) are told apart later, where the output names are known.
 */
const OWN_FILE = /\.metaclean-(\d+\.tmp|undo)$/;
/** A flight log not named after a DJI clip is still told by its first lines. */
const SUBTITLE_EXTENSION = '.srt';
const SUBTITLE_HEAD_BYTES = 4096;

function subtitleIsFlightLog(path: string): boolean {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(SUBTITLE_HEAD_BYTES);
    const read = readSync(fd, head, 0, head.length, 0);
    return looksLikeDjiLog(head.subarray(0, read).toString('utf8'));
  } catch {
    return false;
  } finally {
    closeSync(fd);
  }
}

/** The sidecar a file is, by its name among its siblings or, for a subtitle file, its content. */
function sidecarAt(path: string, siblings: readonly string[]): Sidecar | null {
  const byName = sidecarOf(path, siblings);
  if (byName) return byName;
  if (extname(path).toLowerCase() !== SUBTITLE_EXTENSION) return null;
  return subtitleIsFlightLog(path) ? { kind: 'dji-srt' } : null;
}

/** A folder's identity, so a link back to a folder already walked is not walked again. */
const folderKey = (info: Stats) => `${info.dev}:${info.ino}`;

/**
 * The inputs with every folder among them walked (`-r`): files in name order, folder by folder.
 * A folder named on the command line is walked even through a link (the person named it); inside,
 * hidden files and folders, metaclean's own files, links (unless followed) and anything that is
 * no regular file are passed over and said so, and sidecars are left out, named. A link back to a
 * folder being walked is passed over as a loop, so no folder is entered twice.
 */
export function walkInputs(
  inputs: readonly string[],
  options: WalkOptions,
): WalkItem[] {
  const items: WalkItem[] = [];
  const walked = new Set<string>();
  const walk = (dir: string, mirror: string, info: Stats): void => {
    const key = folderKey(info);
    if (walked.has(key)) {
      items.push({ kind: 'skipped', file: dir, reason: 'symlink-loop' });
      return;
    }
    walked.add(key);
    const names = readdirSync(dir).sort();
    const paths = names.map((n) => join(dir, n));
    const folders: [string, string, Stats][] = [];
    for (const [i, name] of names.entries()) {
      const path = paths[i]!;
      const skip = (reason: SkipReason, sidecar?: Sidecar) =>
        items.push({
          kind: 'skipped',
          file: path,
          reason,
          ...(sidecar && { sidecar }),
        });
      if (name.startsWith('.')) {
        skip('hidden');
        continue;
      }
      let entry = lstatSync(path);
      if (entry.isSymbolicLink()) {
        if (!options.followSymlinks) {
          skip('symlink');
          continue;
        }
        try {
          entry = statSync(path);
        } catch {
          // A link to nothing (or to itself): there is no file to clean.
          skip('symlink');
          continue;
        }
      }
      if (entry.isDirectory()) {
        folders.push([path, join(mirror, name), entry]);
        continue;
      }
      if (!entry.isFile()) {
        skip('not-regular');
        continue;
      }
      if (OWN_FILE.test(name)) {
        skip('own-file');
        continue;
      }
      const sidecar = sidecarAt(path, paths);
      if (sidecar) skip('sidecar', sidecar);
      else items.push({ kind: 'file', file: path, mirror: join(mirror, name) });
    }
    for (const [path, under, entry] of folders) walk(path, under, entry);
  };
  for (const input of inputs) {
    let info: Stats | undefined;
    try {
      info = statSync(input);
    } catch {
      // Missing or unreadable: cleaning it says why, as for any file given.
    }
    // Named by its own name, even when given as `.` or `..`, so no copy lands outside the output
    // folder.
    if (info?.isDirectory()) walk(input, basename(resolve(input)), info);
    else items.push({ kind: 'file', file: input });
  }
  return items;
}
