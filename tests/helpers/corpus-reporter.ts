import type { Reporter, TestModule } from 'vitest/node';
import { CORPUS_TAG } from './corpus';
import { hasTool, OPTIONAL_TOOLS } from './zip-tools';

/**
 * Says how many tests were skipped and where, so a missing tool or corpus is never silent: one
 * line for the tests that need the real-file corpus when none is set, one naming the tools a test
 * skips without when any is missing, one per file with skips (tests that need LibreOffice, qpdf or
 * another tool, and known leaks waiting for a fix). A METACLEAN_CORPUS that points at a missing or
 * empty folder fails the run before any test (see `corpus.ts`).
 */
export default class CorpusReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    let corpusSkipped = 0;
    const byFile: string[] = [];
    for (const module of modules) {
      let skipped = 0;
      for (const test of module.children.allTests('skipped')) {
        skipped++;
        if (test.fullName.includes(CORPUS_TAG)) corpusSkipped++;
      }
      if (skipped > 0)
        byFile.push(
          `${module.moduleId.replace(process.cwd() + '/', '')}: ${skipped}`,
        );
    }
    if (corpusSkipped > 0 && !process.env.METACLEAN_CORPUS)
      console.log(
        `real-file corpus not found: ${corpusSkipped} tests skipped; set METACLEAN_CORPUS`,
      );
    // Plain `npx vitest` skips check-tools: the tools a test would skip without are named here.
    const missing = OPTIONAL_TOOLS.filter((tool) => !hasTool(tool));
    if (missing.length > 0)
      console.log(
        `tools not found: ${missing.join(', ')}; the tests that need them were skipped (npm run check:tools names the packages)`,
      );
    if (byFile.length > 0)
      console.log(
        `skipped tests by file (a tool, the corpus or a known leak):\n  ${byFile.join('\n  ')}`,
      );
  }
}
