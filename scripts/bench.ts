// `npm run bench`: our engine and CLI beside exiftool and an ffmpeg remux on the same large files,
// in the same run; then, for the in-place formats, --in-place beside exiftool's in-place write and
// copy mode beside cp. Figures, not pass/fail: each row prints its issue's target beside them.
// `npm run bench -- WORD` runs only the inputs whose file name holds WORD (`start`: only the start,
// `hostile`: only the hostile inputs).
import { execFileSync } from 'node:child_process';
import { copyFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { benchCases, BENCH_DIR, cssCases } from './bench/fixtures';
import { HOSTILE_CASES, hostileFigure } from './bench/hostile';
import {
  engineMs,
  loadAverage,
  processFigure,
  RUNS,
  toolVersion,
  type ProcessFigure,
} from './bench/measure';

const CLI = join(process.cwd(), 'cli', 'bin.cjs');
// Outputs and in-place copies are named by this run's process: `.bench` may be one folder that
// several checkouts share, and two benches at once would replace and remove each other's files.
const out = (ext: string) => join(BENCH_DIR, `out-${process.pid}${ext}`);

async function engineFigure(
  file: string,
  via: 'blob' | 'file',
): Promise<string> {
  try {
    return `${(await engineMs(file, via)).toFixed(1)} ms`;
  } catch (error) {
    return `failed (${String(error).slice(0, 60)})`;
  }
}

/** Wall time, then CPU time (user + system: what the run cost on a shared machine), then peak RSS. */
function fmtProcess(f: ProcessFigure | null): string {
  if (!f) return 'n/a';
  if (f.overCap) return `over ${f.seconds.toFixed(0)} s (stopped)`;
  const cpu = f.cpuSeconds === null ? '' : ` (cpu ${f.cpuSeconds.toFixed(2)})`;
  const rss = f.maxRssMb === null ? '' : ` ${f.maxRssMb.toFixed(0)} MB`;
  return `${f.seconds.toFixed(2)} s${cpu}${rss}`;
}

/** How many times faster than the reference: by wall time, and by CPU time in brackets. */
function ratio(
  reference: ProcessFigure | null,
  ours: ProcessFigure | null,
): string {
  if (!reference || !ours) return 'n/a';
  if (ours.overCap) return 'n/a';
  if (reference.overCap)
    return `over ${(reference.seconds / ours.seconds).toFixed(1)}x`;
  const wall = `${(reference.seconds / ours.seconds).toFixed(1)}x`;
  if (reference.cpuSeconds === null || !ours.cpuSeconds) return wall;
  return `${wall} (cpu ${(reference.cpuSeconds / ours.cpuSeconds).toFixed(1)}x)`;
}

/** The CLI run without NODE_EXTRA_CA_CERTS, when the sandbox sets it; null otherwise. */
function bare(
  args: string[],
  options?: Parameters<typeof processFigure>[2],
): ProcessFigure | null {
  return process.env.NODE_EXTRA_CA_CERTS
    ? processFigure(
        'env',
        ['-u', 'NODE_EXTRA_CA_CERTS', 'node', CLI, ...args],
        options,
      )
    : null;
}

/** `ratio` of the CLI's run, then of its run without the CA bundle when there is one. */
function ratios(
  reference: ProcessFigure | null,
  ours: ProcessFigure | null,
  bareOurs: ProcessFigure | null,
): string {
  const withBundle = ratio(reference, ours);
  return bareOurs && reference
    ? `${withBundle} / ${ratio(reference, bareOurs)} no bundle`
    : withBundle;
}

const exiftool = toolVersion('exiftool', ['-ver']);
const ffmpeg = toolVersion('ffmpeg', ['-version']);
const mat2 = toolVersion('mat2', ['--version']);
console.log(
  `metaclean bench: median of ${RUNS} runs; load average ${loadAverage()} at the start; exiftool ${exiftool ?? 'absent'}; ${ffmpeg ?? 'ffmpeg absent'}; ${mat2 ?? 'mat2 absent'}`,
);
// A certificate bundle named in NODE_EXTRA_CA_CERTS is loaded by every Node start, before any
// of our code: the CLI's figures below pay it and exiftool's do not, so its cost is printed.
if (process.env.NODE_EXTRA_CA_CERTS) {
  const cpuMs = (f: ProcessFigure | null) =>
    f?.cpuSeconds == null ? 'n/a' : `${(f.cpuSeconds * 1000).toFixed(0)} ms`;
  const withBundle = processFigure('node', ['-e', '0']);
  const without = processFigure('env', [
    '-u',
    'NODE_EXTRA_CA_CERTS',
    'node',
    '-e',
    '0',
  ]);
  console.log(
    `NODE_EXTRA_CA_CERTS is set: node -e 0 costs ${cpuMs(withBundle)} of CPU with it, ${cpuMs(without)} without; every metaclean figure below includes the difference`,
  );
}
// The bin's own start (issue 21: `--help` under 80 ms), beside Node's own start in the same run.
// Skipped when a subset of the files is asked for (`npm run bench -- pdf`), unless that is `start`.
const only = (process.argv[2] ?? process.env.BENCH_ONLY)?.toLowerCase();
if (!only || only === 'start') {
  const ms = (f: ProcessFigure | null) =>
    f
      ? `${(f.seconds * 1000).toFixed(0)} ms` +
        (f.cpuSeconds === null
          ? ''
          : ` (cpu ${(f.cpuSeconds * 1000).toFixed(0)} ms)`)
      : 'n/a';
  const node = processFigure('node', ['-e', '0']);
  const help = processFigure('node', [CLI, '--help']);
  // What the bin adds to Node's own start: the part the bundle's layout decides.
  const own =
    node && help
      ? {
          seconds: help.seconds - node.seconds,
          cpuSeconds:
            node.cpuSeconds === null || help.cpuSeconds === null
              ? null
              : help.cpuSeconds - node.cpuSeconds,
          maxRssMb: null,
        }
      : null;
  printTable([
    ['start', 'node -e 0', 'metaclean --help', 'bin - node', 'target', 'load'],
    ['bin', ms(node), ms(help), ms(own), '--help < 80 ms', loadAverage()],
  ]);
  console.log('');
  if (only === 'start') process.exit(0);
}
// Hostile inputs: each answered with a clean or a typed error, timed beside the bound its test held.
if (!only || only === 'hostile') {
  const hostileRows = [
    ['hostile input', 'size', 'answer', 'engine', 'reference'],
  ];
  for (const c of HOSTILE_CASES) {
    const bytes = c.make();
    const { ms, outcome } = await hostileFigure(bytes);
    hostileRows.push([
      c.name,
      `${(bytes.length / 1024).toFixed(0)} KB`,
      outcome,
      `${(ms / 1000).toFixed(2)} s`,
      c.reference,
    ]);
  }
  printTable(hostileRows);
  console.log('');
  if (only === 'hostile') process.exit(0);
}
const rows: string[][] = [
  [
    'case',
    'size',
    'engine (Blob)',
    'engine (file)',
    'metaclean CLI',
    'no CA bundle',
    'exiftool -all=',
    'vs exiftool',
    'ffmpeg remux',
    'vs ffmpeg',
    'mat2',
    'vs mat2',
    'target',
    'load',
  ],
];
const cases = benchCases();
for (const c of cases) {
  const ext = c.file.slice(c.file.lastIndexOf('.'));
  const size = `${(statSync(c.file).size / 1024 / 1024).toFixed(0)} MB`;
  const engineBlob = await engineFigure(c.file, 'blob');
  const engineFile = await engineFigure(c.file, 'file');
  const ours = processFigure('node', [CLI, '-o', out(ext), c.file], {
    output: out(ext),
  });
  // As Node runs without the sandbox's certificate bundle (see above), which no reference loads.
  const bareCli = bare(['-o', out(ext), c.file], { output: out(ext) });
  const exif =
    c.exiftool && exiftool
      ? processFigure('exiftool', ['-q', '-all=', '-o', out(ext), c.file], {
          output: out(ext),
        })
      : null;
  const remux =
    c.ffmpeg && ffmpeg
      ? processFigure(
          'ffmpeg',
          [
            '-v',
            'error',
            '-y',
            '-i',
            c.file,
            '-map',
            '0',
            '-c',
            'copy',
            '-map_metadata',
            '-1',
            out(ext),
          ],
          { output: out(ext) },
        )
      : null;
  // mat2 writes `name.cleaned.ext` beside its input and has no output option.
  const matOut = c.file.replace(/(\.[^./]+)$/, '.cleaned$1');
  const mat =
    c.mat2 && mat2 ? processFigure('mat2', [c.file], { output: matOut }) : null;
  rows.push([
    c.name,
    size,
    engineBlob,
    engineFile,
    fmtProcess(ours),
    bareCli ? fmtProcess(bareCli) : '-',
    c.exiftool ? fmtProcess(exif) : '-',
    c.exiftool ? ratios(exif, ours, bareCli) : '-',
    c.ffmpeg ? fmtProcess(remux) : '-',
    c.ffmpeg ? ratios(remux, ours, bareCli) : '-',
    c.mat2 ? fmtProcess(mat) : '-',
    c.mat2 ? ratios(mat, ours, bareCli) : '-',
    c.target ?? '',
    loadAverage(),
  ]);
}
printTable(rows);
console.log(`load average ${loadAverage()} after the table`);

// The shared CSS reader (shared/css/sheet.ts), through an EPUB chapter and an SVG drawing, beside
// mat2 cleaning the same file and exiftool reading it (it writes neither format).
const cssRows: string[][] = [
  [
    'style sheets',
    'size',
    'metaclean CLI',
    'no CA bundle',
    'mat2',
    'vs mat2',
    'exiftool -a (read)',
    'vs exiftool read',
    'load',
  ],
];
for (const c of !only || only === 'css' ? cssCases() : []) {
  const ext = c.file.slice(c.file.lastIndexOf('.'));
  const ours = processFigure('node', [CLI, '-o', out(ext), c.file], {
    output: out(ext),
  });
  const bareCli = bare(['-o', out(ext), c.file], { output: out(ext) });
  const matOut = c.file.replace(/(\.[^./]+)$/, '.cleaned$1');
  const mat = mat2 ? processFigure('mat2', [c.file], { output: matOut }) : null;
  const read = exiftool
    ? processFigure('exiftool', ['-q', '-a', '-G1', c.file])
    : null;
  cssRows.push([
    c.name,
    `${(statSync(c.file).size / 1024 / 1024).toFixed(1)} MB`,
    fmtProcess(ours),
    bareCli ? fmtProcess(bareCli) : '-',
    mat ? fmtProcess(mat) : mat2 ? 'fails' : 'n/a',
    ratios(mat, ours, bareCli),
    fmtProcess(read),
    ratios(read, ours, bareCli),
    loadAverage(),
  ]);
}
if (cssRows.length > 1) {
  console.log(
    '\nStyle sheets: the shared CSS reader, beside mat2 and exiftool',
  );
  printTable(cssRows);
}

// The in-place formats: --in-place writes only the changed bytes into the file; copy mode writes a
// new file, which cannot be faster than copying it. Each in-place run gets a fresh copy (untimed).
const work = (ext: string) => join(BENCH_DIR, `in-place-${process.pid}${ext}`);
// Every timed run starts with nothing dirty in the page cache (`sync`, untimed), so no command pays
// for writing back what an earlier one wrote: a 1 GB copy leaves 1 GB to write back.
const settle = () => execFileSync('sync');
const fresh = (from: string, to: string) => () => {
  copyFileSync(from, to);
  settle();
};
const inPlaceRows: string[][] = [
  [
    'case',
    'size',
    'metaclean --in-place',
    'exiftool in place',
    'vs exiftool',
    'no CA bundle',
    'vs exiftool',
    'metaclean -o (copy)',
    'cp',
    'copy / cp',
    'target',
    'load',
  ],
];
for (const c of cases.filter((b) => b.inPlace)) {
  const ext = c.file.slice(c.file.lastIndexOf('.'));
  const size = `${(statSync(c.file).size / 1024 / 1024).toFixed(0)} MB`;
  const ours = processFigure('node', [CLI, '--in-place', work(ext)], {
    prepare: fresh(c.file, work(ext)),
  });
  const exif =
    c.exiftool && exiftool
      ? processFigure(
          'exiftool',
          ['-q', '-all=', '-overwrite_original_in_place', work(ext)],
          { prepare: fresh(c.file, work(ext)) },
        )
      : null;
  // As Node runs without the sandbox's certificate bundle (see above), which exiftool never loads.
  const bareRun = bare(['--in-place', work(ext)], {
    prepare: fresh(c.file, work(ext)),
  });
  rmSync(work(ext), { force: true });
  const copy = processFigure('node', [CLI, '-o', out(ext), c.file], {
    output: out(ext),
    prepare: settle,
  });
  const cp = processFigure('cp', [c.file, out(ext)], {
    output: out(ext),
    prepare: settle,
  });
  inPlaceRows.push([
    c.name,
    size,
    fmtProcess(ours),
    c.exiftool ? fmtProcess(exif) : '-',
    c.exiftool ? ratio(exif, ours) : '-',
    bareRun ? fmtProcess(bareRun) : '-',
    bareRun && c.exiftool ? ratio(exif, bareRun) : '-',
    fmtProcess(copy),
    fmtProcess(cp),
    copy && cp ? `${(copy.seconds / cp.seconds).toFixed(2)}x` : 'n/a',
    c.target?.startsWith('--in-place') ? c.target : '',
    loadAverage(),
  ]);
}
console.log(
  '\nIn place (target: 20x exiftool) and copy mode (target: within 1.5x of cp)',
);
printTable(inPlaceRows);
console.log(`load average ${loadAverage()} at the end`);

// --json hashes the content of the input and of its copy (issue 25), each located by a walk of
// its own: what that costs beside the same clean without it, on the large movies.
const jsonRows: string[][] = [
  ['case', 'size', 'metaclean -o', 'metaclean --json -o', 'json / plain'],
];
for (const c of cases.filter((b) => b.file.endsWith('.mp4'))) {
  const size = `${(statSync(c.file).size / 1024 / 1024).toFixed(0)} MB`;
  const plain = processFigure('node', [CLI, '-o', out('.mp4'), c.file], {
    output: out('.mp4'),
    prepare: settle,
  });
  const json = processFigure(
    'node',
    [CLI, '--json', '-o', out('.mp4'), c.file],
    { output: out('.mp4'), prepare: settle },
  );
  jsonRows.push([
    c.name,
    size,
    fmtProcess(plain),
    fmtProcess(json),
    plain && json ? `${(json.seconds / plain.seconds).toFixed(2)}x` : 'n/a',
  ]);
}
console.log('\n--json: the content hashes of both files (each read once)');
printTable(jsonRows);

function printTable(table: string[][]): void {
  const widths = table[0]!.map((_, i) =>
    Math.max(...table.map((r) => r[i]!.length)),
  );
  for (const row of table)
    console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
}
