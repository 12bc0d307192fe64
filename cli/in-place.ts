import { fsyncSync } from 'node:fs';
import {
  inPlacePatches,
  type CleanPlanResult,
  type EngineContext,
} from '../workers/engine/index';
import { asCliError, CliError } from './cli-error';
import { openFileAccess, type FileAccess } from './file-access';
import { planInput } from './plan-input';
import { readExactSync, sameBytes, writeExactSync } from './sync-io';
import { faultPoint, faultPointSync } from './test-faults';
import {
  removeJournalSync,
  writeJournalSync,
  type PatchRange,
} from './undo-journal';

export interface InPlaceResult extends Omit<CleanPlanResult, 'plan'> {
  /** Bytes written into the file: only the ranges whose contents change. */
  readonly patchedBytes: number;
}

/**
 * Cleans `file` in place: for formats whose cleaned output has the input's size and layout (MP4,
 * MOV, HEIC, Matroska, AVI, ASF, FLV, TIFF, ...), only the changed byte ranges are written into the
 * file. The plan is verified (verify-after-clean) before the first write; the original bytes of
 * every range go to a synced undo journal first; the journal is removed after the last patch.
 */
export async function cleanInPlace(
  file: string,
  ctx: EngineContext = {},
): Promise<InPlaceResult> {
  const input = await openFileAccess(file, 'read-write');
  try {
    const { plan, ...result } = await planInput(input, ctx);
    const patches = inPlacePatches(input.size, plan);
    if (!patches) {
      throw new CliError(
        'needs-rewrite',
        `a cleaned ${result.format.id} file is laid out differently from the input, so it cannot be cleaned in place; run without --in-place to write a cleaned copy`,
      );
    }
    await faultPoint('planned');
    return { ...result, patchedBytes: commitSync(file, input, patches) };
  } finally {
    await input.close();
  }
}

/**
 * Writes the patches: synchronous from the last check of the input to the removal of the journal,
 * so SIGINT, SIGTERM and SIGHUP wait until the file is whole again (cleaned, or put back).
 */
function commitSync(
  file: string,
  input: FileAccess,
  patches: readonly { offset: number; data: Uint8Array }[],
): number {
  const fd = input.handle.fd;
  input.assertUnchangedSync();
  const ranges: PatchRange[] = patches
    .map((p) => ({
      offset: p.offset,
      patched: p.data,
      original: readExactSync(fd, p.offset, p.data.length),
    }))
    .filter((r) => !sameBytes(r.original, r.patched));
  if (ranges.length === 0) return 0;
  writeJournalSync(file, fd, ranges);
  try {
    for (const range of ranges) {
      writeExactSync(fd, range.patched, range.offset);
      faultPointSync('patched');
    }
    fsyncSync(fd);
    for (const range of ranges) {
      const back = readExactSync(fd, range.offset, range.patched.length);
      if (!sameBytes(back, range.patched))
        throw new CliError(
          'unwritable',
          `bytes at ${range.offset} did not read back as written`,
        );
    }
  } catch (error) {
    putBackSync(file, fd, ranges, error);
  }
  removeJournalSync(file);
  return ranges.reduce((n, r) => n + r.patched.length, 0);
}

/** A patch failed: the original bytes go back and the journal goes; the error is reported. */
function putBackSync(
  file: string,
  fd: number,
  ranges: readonly PatchRange[],
  cause: unknown,
): never {
  const error = asCliError('unwritable', 'cannot write into the file', cause);
  try {
    for (const range of ranges)
      writeExactSync(fd, range.original, range.offset);
    fsyncSync(fd);
    removeJournalSync(file);
  } catch {
    throw new CliError(
      'unwritable',
      `${error.detail}; the original bytes could not be put back either: run metaclean --undo on the file`,
    );
  }
  throw error;
}
