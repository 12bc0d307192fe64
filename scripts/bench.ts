// `npm run bench`: our engine and CLI beside exiftool and an ffmpeg remux on the same large files,
// in the same run. Figures, not pass/fail: targets are in the issues and the README.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { benchCases, BENCH_DIR } from './bench/fixtures';
import {
  engineMs,
  processFigure,
  RUNS,
  toolVersion,
  type ProcessFigure,
} from './bench/measure';

const CLI = join(process.cwd(), 'cli', 'bin.mjs');
const out = (ext: string) => join(BENCH_DIR, `out${ext}`);

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

function fmtProcess(f: ProcessFigure | null): string {
  if (!f) return 'n/a';
  const rss = f.maxRssMb === null ? '' : ` ${f.maxRssMb.toFixed(0)} MB`;
  return `${f.seconds.toFixed(2)} s${rss}`;
}

function ratio(
  reference: ProcessFigure | null,
  ours: ProcessFigure | null,
): string {
  if (!reference || !ours) return 'n/a';
  return `${(reference.seconds / ours.seconds).toFixed(1)}x`;
}

const exiftool = toolVersion('exiftool', ['-ver']);
const ffmpeg = toolVersion('ffmpeg', ['-version']);
const mat2 = toolVersion('mat2', ['--version']);
console.log(
  `metaclean bench: median of ${RUNS} runs; exiftool ${exiftool ?? 'absent'}; ${ffmpeg ?? 'ffmpeg absent'}; ${mat2 ?? 'mat2 absent'}`,
);
const rows: string[][] = [
  [
    'case',
    'size',
    'engine (Blob)',
    'engine (file)',
    'metaclean CLI',
    'exiftool -all=',
    'vs exiftool',
    'ffmpeg remux',
    'vs ffmpeg',
    'mat2',
    'vs mat2',
  ],
];
for (const c of benchCases()) {
  const ext = c.file.slice(c.file.lastIndexOf('.'));
  const size = `${(statSync(c.file).size / 1024 / 1024).toFixed(0)} MB`;
  const engineBlob = await engineFigure(c.file, 'blob');
  const engineFile = await engineFigure(c.file, 'file');
  const ours = processFigure('node', [CLI, '-o', out(ext), c.file], out(ext));
  const exif =
    c.exiftool && exiftool
      ? processFigure(
          'exiftool',
          ['-q', '-all=', '-o', out(ext), c.file],
          out(ext),
        )
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
          out(ext),
        )
      : null;
  // mat2 writes `name.cleaned.ext` beside its input and has no output option.
  const matOut = c.file.replace(/(\.[^./]+)$/, '.cleaned$1');
  const mat = c.mat2 && mat2 ? processFigure('mat2', [c.file], matOut) : null;
  rows.push([
    c.name,
    size,
    engineBlob,
    engineFile,
    fmtProcess(ours),
    c.exiftool ? fmtProcess(exif) : '-',
    c.exiftool ? ratio(exif, ours) : '-',
    c.ffmpeg ? fmtProcess(remux) : '-',
    c.ffmpeg ? ratio(remux, ours) : '-',
    c.mat2 ? fmtProcess(mat) : '-',
    c.mat2 ? ratio(mat, ours) : '-',
  ]);
}
const widths = rows[0]!.map((_, i) =>
  Math.max(...rows.map((r) => r[i]!.length)),
);
for (const row of rows)
  console.log(row.map((cell, i) => cell.padEnd(widths[i]!)).join('  '));
