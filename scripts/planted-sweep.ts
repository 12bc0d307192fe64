/**
 * The planted-value sweep, as the independent checkers score us: files of every format the CLI
 * takes, made by common tools (exiftool, ffmpeg, LibreOffice, hand-written packages; mutagen,
 * python-docx, openpyxl, PIL and pikepdf through `planted-sweep/python/`; Ghostscript, ImageMagick,
 * mkvpropedit, metaflac, vorbiscomment, id3v2, sox and flac) with a distinct canary in every
 * field those tools write; each canary found in the input by an
 * independent reader first, then looked for in the CLI's clean copy (`--json --out-dir`) by the
 * same readers and a raw byte search, and the content compared. Prints one row per file.
 * Not part of `npm test`: it takes minutes.
 *
 *   npm run sweep -- [NAME-FILTER]   (builds the CLI, then runs this)
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  checkFixture,
  type FixtureMaker,
  type Row,
} from './planted-sweep/check';
import { imageFixtures } from './planted-sweep/images';
import { mediaFixtures } from './planted-sweep/media';
import { id3Fixtures } from './planted-sweep/id3-frames';
import { documentFixtures } from './planted-sweep/documents';
import { markupFixtures, zipFixtureOf } from './planted-sweep/markup';
import { audioWriterFixtures } from './planted-sweep/audio-writers';
import { pdfWriterFixtures } from './planted-sweep/pdf-writers';
import { officeWriterFixtures } from './planted-sweep/office-writers';
import { imageWriterFixtures } from './planted-sweep/image-writers';
import { matroskaWriterFixtures } from './planted-sweep/matroska-writers';

const filter = (process.argv[2] ?? '').toLowerCase();
/** `VERBOSE=1` lists the planted fields no reader found in the input. */
const verbose = process.env.VERBOSE === '1';
const root = mkdtempSync(join(tmpdir(), 'planted-sweep-'));

const makers: readonly FixtureMaker[] = [
  ...imageFixtures,
  ...mediaFixtures,
  ...id3Fixtures,
  ...documentFixtures,
  ...markupFixtures,
  zipFixtureOf(imageFixtures[0]!),
  ...audioWriterFixtures,
  ...pdfWriterFixtures,
  ...officeWriterFixtures,
  ...imageWriterFixtures,
  ...matroskaWriterFixtures,
];

function line(row: Row): string {
  const leaks = row.leaks.length;
  return [
    row.name.padEnd(22),
    String(row.planted).padStart(5),
    String(row.foundInInput).padStart(6),
    row.outcome.padEnd(22),
    String(leaks).padStart(5),
    row.contentKept === 'yes' || row.contentKept === '-'
      ? row.contentKept.padEnd(3)
      : 'NO ',
    row.contentCanaries.padStart(5),
    row.strayOutput ? 'STRAY OUTPUT' : '',
  ].join(' ');
}

const rows: Row[] = [];
console.log(`work folder ${root}`);
console.log(
  'format                 plant  found outcome                 leaks content shown',
);
for (const maker of makers) {
  if (filter && !maker.name.toLowerCase().includes(filter)) continue;
  const dir = join(root, maker.name.replace(/[^\w.-]+/g, '_'));
  mkdirSync(dir, { recursive: true });
  let row: Row;
  try {
    row = checkFixture(maker.make(dir), join(root, 'out'));
  } catch (error) {
    console.log(
      `${maker.name}: could not make or check: ${String(error).slice(0, 400)}`,
    );
    continue;
  }
  rows.push(row);
  console.log(line(row));
  if (verbose && row.unseen.length > 0)
    console.log(`    not found in the input: ${row.unseen.join(', ')}`);
  for (const leak of row.leaks) console.log(`    leak: ${leak}`);
  if (row.contentLost.length > 0)
    console.log(`    shown, not kept: ${row.contentLost.join(', ')}`);
  if (row.contentKept !== 'yes' && row.contentKept !== '-')
    console.log(`    content: ${row.contentKept}`);
}
writeFileSync(join(root, 'sweep.json'), JSON.stringify(rows, null, 2));
console.log(`rows in ${join(root, 'sweep.json')}`);
