import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'vitest';

/**
 * The real-file corpus, only where METACLEAN_CORPUS points (CI sets it to `../shared/corpus`). A
 * fresh clone has none: the tests that read it are skipped, and `corpus-reporter.ts` says how many.
 */
const fromEnv = process.env.METACLEAN_CORPUS;
export const CORPUS_DIR: string | undefined =
  fromEnv && existsSync(fromEnv) ? fromEnv : undefined;

/** Marks the names of tests that need the corpus, so the reporter can count the skipped ones. */
export const CORPUS_TAG = '[corpus]';

/**
 * A path inside the corpus. Safe to compute at module scope without a corpus: only tests declared
 * with `describeCorpus` or `itCorpus` (skipped then) may read it.
 */
export function corpusFile(...parts: string[]): string {
  return join(CORPUS_DIR ?? 'METACLEAN_CORPUS-is-unset', ...parts);
}

/** A `describe` whose tests read the corpus: skipped without one. */
export function describeCorpus(name: string, body: () => void): void {
  describe.skipIf(CORPUS_DIR === undefined)(`${CORPUS_TAG} ${name}`, body);
}

/** An `it` that reads the corpus: skipped without one. */
export function itCorpus(
  name: string,
  body: () => Promise<void> | void,
  timeout?: number,
): void {
  it.skipIf(CORPUS_DIR === undefined)(`${CORPUS_TAG} ${name}`, body, timeout);
}
