import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'vitest';

/**
 * The real-file corpus, only where METACLEAN_CORPUS points (CI sets it to `../shared/corpus`). A
 * fresh clone has none: the tests that read it are skipped, and `corpus-reporter.ts` says how many.
 */
const fromEnv = process.env.METACLEAN_CORPUS;
/** A folder every corpus holds; its absence means the variable points at the wrong place. */
const CORPUS_MARKER = 'mat2';

/**
 * METACLEAN_CORPUS set to a missing or empty folder is a mistake, not a reason to skip: every
 * test file that reads the corpus fails at once, naming the path.
 */
function checkedCorpus(dir: string | undefined): string | undefined {
  if (!dir) return undefined;
  const marker = join(dir, CORPUS_MARKER);
  if (!existsSync(marker) || readdirSync(marker).length === 0)
    throw new Error(
      `METACLEAN_CORPUS=${dir} holds no corpus (no files in ${marker}); unset it or point it at the corpus`,
    );
  return dir;
}

export const CORPUS_DIR: string | undefined = checkedCorpus(
  fromEnv || undefined,
);

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
  describe.skipIf(CORPUS_DIR === undefined)(`${CORPUS_TAG} ${name}`, () => {
    body();
    // A suite whose tests are one per corpus file has none without a corpus: one placeholder
    // keeps it in the reporter's count of skipped suites.
    if (CORPUS_DIR === undefined) it('its real files', () => {});
  });
}

/** An `it` that reads the corpus: skipped without one. */
export function itCorpus(
  name: string,
  body: () => Promise<void> | void,
  timeout?: number,
): void {
  it.skipIf(CORPUS_DIR === undefined)(`${CORPUS_TAG} ${name}`, body, timeout);
}
