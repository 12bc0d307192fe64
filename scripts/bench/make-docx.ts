// `tsx scripts/bench/make-docx.ts`: writes .bench/document-135mb.docx (twenty deflated GPS photos)
// unless it exists and prints its path, for the browser benchmark (scripts/bench-ui.mjs), which
// is plain JavaScript and times the site and the CLI on the same document `npm run bench` uses.
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { BENCH_DIR, makePhotoDocx, PHOTO_DOCX } from './fixtures';

const path = join(BENCH_DIR, PHOTO_DOCX);
if (!existsSync(path)) {
  mkdirSync(BENCH_DIR, { recursive: true });
  const partial = `${path}.partial.docx`;
  process.stderr.write(`bench: generating ${PHOTO_DOCX}...\n`);
  makePhotoDocx(partial);
  renameSync(partial, path);
}
console.log(path);
