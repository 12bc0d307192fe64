import type { Reporter, TestModule } from 'vitest/node';
import { CORPUS_TAG } from './corpus';

/**
 * Says how many tests were skipped and where, so a missing tool or corpus is never silent: one
 * line for the tests that need the real-file corpus when none is set, one per file with skips
 * (tests that need LibreOffice, qpdf or another tool, and known leaks waiting for a fix).
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
    if (byFile.length > 0)
      console.log(
        `skipped tests by file (a tool, the corpus or a known leak):\n  ${byFile.join('\n  ')}`,
      );
  }
}
