/**
 * The real-file corpus a few fixtures start from: `METACLEAN_CORPUS`, as `.ci/run` sets it. A fresh
 * clone has nothing beside it, so without the variable those fixtures are skipped with a notice.
 */
import { join } from 'node:path';

const ROOT = process.env.METACLEAN_CORPUS;

/** The path of a corpus file; only called for fixtures `withCorpus` kept. */
export function corpusPath(relative: string): string {
  if (!ROOT) throw new Error(`METACLEAN_CORPUS is not set (${relative})`);
  return join(ROOT, relative);
}

/** `items` without those that `needsCorpus` says start from a corpus file, when no corpus is set. */
export function withCorpus<T>(
  items: readonly T[],
  needsCorpus: (item: T) => boolean,
): T[] {
  if (ROOT) return [...items];
  const kept = items.filter((item) => !needsCorpus(item));
  const skipped = items.length - kept.length;
  if (skipped)
    console.warn(
      `METACLEAN_CORPUS is not set: skipping ${skipped} fixture(s) made from corpus files`,
    );
  return kept;
}
