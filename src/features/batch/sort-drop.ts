import type {
  BatchInput,
  BatchRefusal,
  BatchSidecar,
} from '../../machines/batch-items';
import { dropPath } from './drop-paths';

/** The sidecar recogniser's face: what a file beside photos is, from its path and its siblings'. */
export type SidecarOf = (
  path: string,
  siblingPaths: readonly string[],
) => BatchSidecar | null;

export { sidecarOf } from '../../../workers/engine/sidecars';

interface Sorted {
  readonly file: File;
  readonly refusal?: BatchRefusal;
}

/**
 * A drop as the batch list takes it: every file with its path, a sidecar named as one (and never
 * cleaned, whatever the page's types), a file the page refuses with the reason.
 */
export function sortDrop(
  files: readonly Sorted[],
  sidecarOf: SidecarOf,
): BatchInput[] {
  const paths = files.map(({ file }) => dropPath(file));
  return files.map(({ file, refusal }, i) => {
    const path = paths[i] as string;
    const sidecar = sidecarOf(path, paths);
    if (sidecar) return { file, path, sidecar };
    return refusal ? { file, path, refusal } : { file, path };
  });
}
