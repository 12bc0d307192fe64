import { fdatasyncSync, realpathSync } from 'node:fs';
import {
  inPlacePatches,
  type CleanPlanResult,
  type EngineContext,
} from '../workers/engine/index';
import { asCliError, CliError } from './cli-error';
import { formatName } from '../src/catalog/format-names';
import { openFileAccess, type FileAccess } from './file-access';
import { planInput } from './plan-input';
import { writePlan } from './write-plan';
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
  /** The file was replaced whole by its cleaned copy (formats that change layout). */
  readonly rewritten: boolean;
}

/**
 * Cleans `file` in place: for formats whose cleaned output has the input's size and layout (MP4,
 * MOV, HEIC, Matroska, AVI, ASF, FLV, TIFF, ...), only the changed byte ranges are written into the
 * file. The plan is verified (verify-after-clean) before the first write; the original bytes of
 * every range go to a synced undo journal first; the journal is removed after the last patch.
 * Every other format (JPEG, PNG, MP3, FLAC, PDF, Office, ...) is written whole to a temporary file
 * in the same folder, synced, and renamed over the original: an interruption at any point leaves
 * the original or the cleaned file under the name, never a mix, and no journal is needed.
 */
export async function cleanInPlace(
  file: string,
  ctx: EngineContext = {},
): Promise<InPlaceResult> {
  const input = await openFileAccess(file, 'read-write', {
    blocking: true,
  });
  try {
    // The file keeps its size and layout, so its cleaned bytes can be written as patches.
    const { plan, ...result } = await planInput(input, {
      ...ctx,
      keepLayout: true,
    });
    const patches = inPlacePatches(input.size, plan);
    await faultPoint('planned');
    if (patches)
      return {
        ...result,
        patchedBytes: commitSync(file, input, patches),
        rewritten: false,
      };
    if (result.removed.length === 0)
      return { ...result, patchedBytes: 0, rewritten: false };
    if (input.links > 1)
      throw new CliError(
        'needs-rewrite',
        `the file has ${input.links} names (hard links) and a cleaned ${formatName(result.format)} file is laid out differently, so replacing it under this name would leave the other names with the metadata; run without --in-place to write a cleaned copy`,
      );
    // A symbolic link stays a link: the file it names is the one replaced.
    await writePlan(input, plan, realpathSync(file), {
      mode: input.permissions,
      owner: input.owner,
      durable: true,
    });
    return { ...result, patchedBytes: 0, rewritten: true };
  } finally {
    await input.close();
  }
}

/**
 * Writes the patches: synchronous from the last check of the input to the removal of the journal,
 * so SIGINT, SIGTERM and SIGHUP wait until the file is whole again (cleaned, or put back).
 *
 * What a crash or power cut at any point leaves rests on this order of writes reaching the disk,
 * each step durable before the next begins:
 *   1. the journal's bytes under a temporary name, then `fdatasync` (its data and size);
 *   2. the rename to `FILE.metaclean-undo`, then `fsync` of the folder (its name);
 *   3. the patches, then `fdatasync` of the file (their bytes);
 *   4. the journal's unlink, then `fsync` of the folder.
 * Cut before 2 is durable: no journal under its name and no patch written (a leftover temporary
 * is removed by a later run): the old file. Cut between 2 and 4: the journal is there and each
 * patched byte is the original or the patch; `--undo` puts the old file back and every other run
 * refuses until then. Cut after 4: the clean file, no journal. Without 2's folder sync a patch
 * could reach the disk before the journal's name; without 3's sync the unlink could reach it
 * before the patches: either way a mix of old and clean with no journal to undo it. `fdatasync`
 * is enough in 1 and 3: what it leaves out is the times, which the undo does not need the run's
 * (it restores the journal's own) and which no step waits on. Step 4's folder sync keeps a
 * journal, holding the removed metadata, from coming back after a power cut.
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
    fdatasyncSync(fd);
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
    fdatasyncSync(fd);
    removeJournalSync(file);
  } catch {
    throw new CliError(
      'unwritable',
      `${error.detail}; the original bytes could not be put back either: run metaclean --undo on the file`,
    );
  }
  throw error;
}
