// `npm run bench:folder`: files per second on a folder of 1,000 mixed real-style files (phone
// photos, screenshots, clips, recordings, PDFs, Word documents, each with planted metadata),
// metaclean beside `exiftool -r -all=` and mat2 on the same folder. Figures, not pass/fail.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  rmSync,
} from 'node:fs';
import { join } from 'node:path';
import { makeBenchDocx } from './bench/docx';
import { photoPdf } from './bench/pdf-fixture';
import { BENCH_DIR, PLANTED } from './bench/fixtures';
import { toolVersion } from './bench/measure';

const FILES = Number(process.env.BENCH_FOLDER_FILES ?? 1000);
const ROOT = join(BENCH_DIR, 'folder');
const SOURCE = join(ROOT, 'in');
const TEMPLATES = join(ROOT, 'templates');
const CLI = join(process.cwd(), 'cli', 'bin.cjs');

const run = (cmd: string, args: string[]) =>
  execFileSync(cmd, args, { stdio: 'ignore' });

/** One small file of each kind, with metadata in it; the folder is made of copies of these. */
function templates(): { name: string; share: number }[] {
  mkdirSync(TEMPLATES, { recursive: true });
  const t = (name: string) => join(TEMPLATES, name);
  if (!existsSync(t('photo.jpg'))) {
    run('convert', [
      '-size',
      '1600x1200',
      'plasma:fractal',
      '-quality',
      '88',
      t('photo.jpg'),
    ]);
    run('exiftool', ['-q', '-overwrite_original', ...PLANTED, t('photo.jpg')]);
    run('convert', [
      '-size',
      '1170x2532',
      'gradient:white-gray',
      t('screen.png'),
    ]);
    run('exiftool', [
      '-q',
      '-overwrite_original',
      '-Artist=Bench Artist',
      '-Software=BenchOS',
      t('screen.png'),
    ]);
    run('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=3:size=640x360:rate=30',
      '-metadata',
      'location=+48.8584+002.2945/',
      '-metadata',
      'artist=Bench Artist',
      '-pix_fmt',
      'yuv420p',
      t('clip.mp4'),
    ]);
    run('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'sine=duration=5',
      '-metadata',
      'artist=Bench Artist',
      t('voice.mp3'),
    ]);
    // photoPdf reads the picture's size from its name.
    copyFileSync(t('photo.jpg'), t('photo-1600x1200.jpg'));
    photoPdf(t('paper.pdf'), [t('photo-1600x1200.jpg')]);
    makeBenchDocx(t('letter.docx'), t('photo.jpg'), false, 1);
  }
  return [
    { name: 'photo.jpg', share: 0.55 },
    { name: 'screen.png', share: 0.15 },
    { name: 'clip.mp4', share: 0.08 },
    { name: 'voice.mp3', share: 0.07 },
    { name: 'paper.pdf', share: 0.08 },
    { name: 'letter.docx', share: 0.07 },
  ];
}

/** FILES copies in nested folders (ten per folder, as camera rolls and shared drives are). */
function folder(): string[] {
  rmSync(SOURCE, { recursive: true, force: true });
  const kinds = templates();
  const files: string[] = [];
  let n = 0;
  for (const kind of kinds) {
    const count = Math.round(FILES * kind.share);
    for (let i = 0; i < count && n < FILES; i++, n++) {
      const dir = join(SOURCE, `d${Math.floor(n / 10)}`);
      mkdirSync(dir, { recursive: true });
      const file = join(dir, `${n}-${kind.name}`);
      copyFileSync(join(TEMPLATES, kind.name), file);
      files.push(file);
    }
  }
  return files;
}

function countFiles(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter(
    (e) => e.isFile(),
  ).length;
}

interface Figure {
  readonly tool: string;
  readonly seconds: number;
  readonly written: number;
  readonly note: string;
}

function timed(
  tool: string,
  cmd: string,
  args: string[],
  out: string,
  note: string,
): Figure {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const start = performance.now();
  const result = spawnSync(cmd, args, { stdio: 'ignore', maxBuffer: 1 << 30 });
  const seconds = (performance.now() - start) / 1000;
  const status = result.error
    ? `failed (${result.error.message})`
    : `exit ${result.status}`;
  return {
    tool,
    seconds,
    written: countFiles(out),
    note: `${note}; ${status}`,
  };
}

const files = folder();
const OUT = join(ROOT, 'out');
const figures: Figure[] = [
  timed(
    'metaclean',
    process.execPath,
    [CLI, '--quiet', '--out-dir', join(OUT, 'metaclean'), ...files],
    join(OUT, 'metaclean'),
    'every file, verify-after-clean included',
  ),
];
if (toolVersion('exiftool', ['-ver']))
  figures.push(
    timed(
      'exiftool -r -all=',
      'exiftool',
      [
        '-q',
        '-q',
        '-r',
        '-all=',
        '-o',
        `${join(OUT, 'exiftool')}/%d%f.%e`,
        SOURCE,
      ],
      join(OUT, 'exiftool'),
      'cannot write MP3/DOCX; PDF edits are reversible',
    ),
  );
const mat2 = toolVersion('mat2', ['--version']);
if (mat2) {
  // mat2 writes NAME.cleaned.EXT beside each input; a copy of the folder keeps the source intact.
  const copy = join(OUT, 'mat2');
  rmSync(copy, { recursive: true, force: true });
  execFileSync('cp', ['-r', SOURCE, copy]);
  const start = performance.now();
  const result = spawnSync(
    'mat2',
    ['--lightweight', ...files.map((f) => f.replace(SOURCE, copy))],
    { stdio: 'ignore' },
  );
  const seconds = (performance.now() - start) / 1000;
  const written = readdirSync(copy, { recursive: true }).filter((f) =>
    String(f).includes('.cleaned.'),
  ).length;
  figures.push({
    tool: 'mat2 --lightweight',
    seconds,
    written,
    note: `exit ${result.status}`,
  });
}

console.log(
  `bench:folder: ${files.length} files (${templates()
    .map((k) => k.name)
    .join(', ')}), one run each`,
);
console.log('tool | seconds | files/s | outputs written | note');
for (const f of figures)
  console.log(
    `${f.tool} | ${f.seconds.toFixed(1)} | ${(files.length / f.seconds).toFixed(1)} | ${f.written} | ${f.note}`,
  );
