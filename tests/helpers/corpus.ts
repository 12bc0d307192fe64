import { join } from 'node:path';

/**
 * The shared sample files: `../shared/corpus` beside the repository (as on developers' machines
 * and in CI), or wherever METACLEAN_CORPUS points.
 */
export const CORPUS_DIR =
  process.env.METACLEAN_CORPUS ??
  join(import.meta.dirname, '..', '..', '..', 'shared', 'corpus');
