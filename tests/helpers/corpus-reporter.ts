import type { Reporter, TestModule } from 'vitest/node';
import { CORPUS_TAG } from './corpus';

/** Says in one line how many tests were skipped because no real-file corpus was found. */
export default class CorpusReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    if (process.env.METACLEAN_CORPUS) return;
    let skipped = 0;
    for (const module of modules)
      for (const test of module.children.allTests('skipped'))
        if (test.fullName.includes(CORPUS_TAG)) skipped++;
    if (skipped > 0)
      console.log(
        `real-file corpus not found: ${skipped} tests skipped; set METACLEAN_CORPUS`,
      );
  }
}
