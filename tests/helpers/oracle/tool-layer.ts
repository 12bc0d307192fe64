/**
 * The independent readers the leak oracle asks: exiftool (`-a -G1 -ee -u -b`, every tag with
 * binary values in base64), ffprobe (every container, stream, chapter and program tag) and
 * olefile (every stream of a legacy Office compound file).
 */
import { execFileSync } from 'node:child_process';

const MAX_TOOL_OUTPUT = 512 * 1024 * 1024;
const TOOL_TIMEOUT_MS = 120_000;
const BASE64_PREFIX = 'base64:';

/** One file's readings: text lines `tag=value` and the binary values exiftool extracted. */
export interface ToolDump {
  readonly lines: string[];
  readonly binaries: { tag: string; data: Uint8Array }[];
}

function flatten(prefix: string, value: unknown, dump: ToolDump): void {
  if (value === null || value === undefined) return;
  if (Array.isArray(value)) {
    value.forEach((v) => flatten(prefix, v, dump));
    return;
  }
  if (typeof value === 'object') {
    for (const [k, v] of Object.entries(value))
      flatten(`${prefix}/${k}`, v, dump);
    return;
  }
  const text = String(value);
  if (text.startsWith(BASE64_PREFIX)) {
    dump.binaries.push({
      tag: prefix,
      data: Buffer.from(text.slice(BASE64_PREFIX.length), 'base64'),
    });
    return;
  }
  dump.lines.push(`${prefix}=${text}`);
}

function run(cmd: string, args: readonly string[]): string {
  try {
    return execFileSync(cmd, args, {
      encoding: 'utf8',
      maxBuffer: MAX_TOOL_OUTPUT,
      timeout: TOOL_TIMEOUT_MS,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (error) {
    // exiftool exits 1 when one file of several has an error, still printing the others.
    const stdout = (error as { stdout?: string }).stdout;
    return typeof stdout === 'string' ? stdout : '';
  }
}

/** exiftool's JSON list, empty when it printed nothing, undefined when it stopped halfway. */
function parseJson(text: string): Record<string, unknown>[] | undefined {
  if (!text.trim()) return [];
  try {
    return JSON.parse(text) as Record<string, unknown>[];
  } catch {
    return undefined;
  }
}

/** exiftool on several files in one process; `numeric` adds `-n` (values unconverted). */
export function exiftoolDumps(
  paths: readonly string[],
  numeric = false,
): Map<string, ToolDump> {
  const dumps = new Map<string, ToolDump>();
  if (paths.length === 0) return dumps;
  // Large-file support reads past a 64-bit box (an MP4 over 4 GB) instead of stopping at it.
  const args = [
    '-api',
    'LargeFileSupport=1',
    '-a',
    '-G1',
    '-ee',
    '-u',
    '-b',
    '-j',
    ...(numeric ? ['-n'] : []),
    ...paths,
  ];
  const files = parseJson(run('exiftool', args));
  if (files === undefined) {
    // exiftool aborts on some damaged files (a compound file of one sector), cutting the list of
    // several short: each is read alone, so the others are still read.
    if (paths.length > 1)
      for (const path of paths)
        for (const [file, dump] of exiftoolDumps([path], numeric))
          dumps.set(file, dump);
    return dumps;
  }
  for (const tags of files) {
    const dump: ToolDump = { lines: [], binaries: [] };
    for (const [key, value] of Object.entries(tags))
      if (
        key !== 'SourceFile' &&
        !key.startsWith('System:') &&
        key !== 'ExifTool:ExifToolVersion'
      )
        flatten(key, value, dump);
    dumps.set(String(tags.SourceFile), dump);
  }
  return dumps;
}

/** Every tag ffprobe reads from the container, its streams, chapters and programs. */
export function ffprobeTags(path: string): string[] {
  const text = run('ffprobe', [
    '-v',
    'quiet',
    '-of',
    'json',
    '-show_format',
    '-show_streams',
    '-show_chapters',
    '-show_programs',
    path,
  ]);
  if (!text.trim()) return [];
  const lines: string[] = [];
  const visit = (where: string, value: unknown): void => {
    if (!value || typeof value !== 'object') return;
    for (const [k, v] of Object.entries(value)) {
      if (k === 'tags' && v && typeof v === 'object')
        for (const [tag, tagValue] of Object.entries(v))
          lines.push(`${where}/${tag}=${String(tagValue)}`);
      else visit(`${where}/${k}`, v);
    }
  };
  visit('ffprobe', JSON.parse(text));
  return lines;
}

const OLE_STREAMS = `
import base64, json, sys, olefile
out = []
for path in sys.argv[1:]:
    try:
        ole = olefile.OleFileIO(path)
        for entry in ole.listdir(streams=True, storages=False):
            out.append({'file': path, 'name': '/'.join(entry),
                        'data': base64.b64encode(ole.openstream(entry).read()).decode()})
    except Exception:
        pass
print(json.dumps(out))
`;

/** Every stream of every compound file among `paths`, by file. */
export function oleStreams(
  paths: readonly string[],
): Map<string, { name: string; data: Uint8Array }[]> {
  const found = new Map<string, { name: string; data: Uint8Array }[]>();
  if (paths.length === 0) return found;
  const text = run('/usr/bin/python3', ['-c', OLE_STREAMS, ...paths]);
  const streams = text.trim()
    ? (JSON.parse(text) as { file: string; name: string; data: string }[])
    : [];
  for (const s of streams)
    found.set(s.file, [
      ...(found.get(s.file) ?? []),
      { name: s.name, data: Buffer.from(s.data, 'base64') },
    ]);
  return found;
}

const DMS = /(\d+(?:\.\d+)?)\s*deg\s*(\d+(?:\.\d+)?)'\s*(\d+(?:\.\d+)?)"/g;
const XMP_DM = /(\d+),(\d+(?:\.\d+)?)(?:,(\d+(?:\.\d+)?))?[NSEW]/g;
const NUMBER = /[+-]?\d+(?:\.\d+)?/g;

/** Every number a reading shows, degrees-minutes-seconds forms turned into decimal degrees. */
export function numbersIn(lines: readonly string[]): number[] {
  const numbers: number[] = [];
  for (const line of lines) {
    const value = line.slice(line.indexOf('=') + 1);
    for (const m of value.matchAll(NUMBER))
      numbers.push(Math.abs(Number(m[0])));
    for (const m of value.matchAll(DMS))
      numbers.push(Number(m[1]) + Number(m[2]) / 60 + Number(m[3]) / 3600);
    for (const m of value.matchAll(XMP_DM))
      numbers.push(Number(m[1]) + Number(m[2]) / 60 + Number(m[3] ?? 0) / 3600);
  }
  return numbers;
}
