/**
 * Structural mutants of legacy Office files (issue 18, the compound-file family): each takes a
 * canary seed made by LibreOffice (tests/helpers/legacy-office-fixtures.ts, where CANARY marks
 * metadata only) and respells it the way the zip and PDF attacks did: a directory entry renamed to
 * another case (names compare case-insensitively, [MS-CFB] 2.6.4) or to a name no reader knows,
 * bytes flipped or zeroed, the file cut. The rule: a clean (no error) output holds no canary in
 * any stream, read by olefile stream by stream (a mini-stream sector is 64 bytes, so a canary can
 * lie across sectors that are not side by side) and in its raw bytes.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanOutcome } from './fuzz-engine';
import { CANARY_GPS } from './image-exif-builder';
import { canaryName, locateCanaries } from './leak-oracle';
import type { Target } from './legacy-targets';
import { random } from './seeded-random';

export const LEGACY_CANARY = 'CANARY';

/** Directory entry names the seeds carry ([MS-CFB] 2.6.1 names, UTF-16LE in the entry). */
const ENTRY_NAMES = [
  '\u0005SummaryInformation',
  '\u0005DocumentSummaryInformation',
  'WordDocument',
  '1Table',
  '0Table',
  'Workbook',
  'PowerPoint Document',
  'Current User',
  '\u0001CompObj',
];

const utf16 = (text: string) => Buffer.from(text, 'utf16le');

/** The same name in another spelling of the same length: another case, or one letter changed. */
function respell(name: string, rnd: () => number): [string, string] {
  const letters = [...name]
    .map((c, i) => ({ c, i }))
    .filter(({ c }) => /[a-z]/i.test(c));
  const { i } = letters[Math.floor(rnd() * letters.length)]!;
  const chars = [...name];
  if (rnd() < 0.5) {
    chars[i] =
      chars[i] === chars[i]!.toUpperCase()
        ? chars[i]!.toLowerCase()
        : chars[i]!.toUpperCase();
    return [chars.join(''), 'case'];
  }
  chars[i] = chars[i] === 'Q' ? 'Z' : 'Q';
  return [chars.join(''), 'unknown name'];
}

export interface LegacyMutant {
  readonly seed: string;
  readonly bytes: Uint8Array;
  readonly how: string;
}

/** The share of edits aimed at a picture walk's numbers, on a seed that has them. */
const AIMED_SHARE = 0.5;

/** A new value for a field of `width` bytes that held `old`: near it, an edge, or anything. */
function aimedValue(
  old: number,
  width: number,
  values: readonly number[] | undefined,
  rnd: () => number,
): number {
  const top = 2 ** (8 * width);
  const pick = <T>(list: readonly T[]) =>
    list[Math.floor(rnd() * list.length)]!;
  if (values && rnd() < 0.6) return pick(values);
  const near = 1 + Math.floor(rnd() * 64);
  const value = pick([
    0,
    1,
    old + 1,
    old - 1,
    old + near,
    old - near,
    old + Math.floor(rnd() * 0x10000),
    old * 2,
    top - 1,
    old ^ (1 << Math.floor(rnd() * 8 * width)),
    Math.floor(rnd() * top),
  ]);
  return ((value % top) + top) % top;
}

/** Writes a new value over one aimed field of `bytes`; says which and what. */
function aim(bytes: Buffer, target: Target, rnd: () => number): string {
  const old = target.at.reduce((n, at, k) => n + bytes[at]! * 2 ** (8 * k), 0);
  const value = aimedValue(old, target.at.length, target.values, rnd);
  target.at.forEach((at, k) => {
    bytes[at] = Math.floor(value / 2 ** (8 * k)) & 0xff;
  });
  return `${target.what}: ${old} -> ${value}`;
}

/**
 * Mutant `index` of campaign `seed` on one of `seeds`: one or two edits, half of them aimed at
 * the seed's `targets` (legacy-targets.ts) when it has any.
 */
export function legacyMutant(
  seeds: readonly (readonly [string, Uint8Array])[],
  seed: number,
  index: number,
  targets: ReadonlyMap<string, readonly Target[]> = new Map(),
): LegacyMutant {
  const rnd = random(seed * 1_000_003 + index);
  const [kind, original] = seeds[Math.floor(rnd() * seeds.length)]!;
  const bytes = Buffer.from(original);
  const aimed = targets.get(kind) ?? [];
  const how: string[] = [];
  const edits = 1 + Math.floor(rnd() * 2);
  let cut = bytes.length;
  for (let e = 0; e < edits; e++) {
    if (aimed.length > 0 && rnd() < AIMED_SHARE) {
      // A kind of field first, so the few picture headers are not drowned by the many records.
      const kinds = [...new Set(aimed.map((t) => t.kind))];
      const kind = kinds[Math.floor(rnd() * kinds.length)];
      const of = aimed.filter((t) => t.kind === kind);
      how.push(aim(bytes, of[Math.floor(rnd() * of.length)]!, rnd));
      continue;
    }
    const r = rnd();
    if (r < 0.45) {
      const present = ENTRY_NAMES.filter((n) => bytes.includes(utf16(n)));
      const name = present[Math.floor(rnd() * present.length)];
      if (!name) continue;
      const [other, what] = respell(name, rnd);
      const at = bytes.indexOf(utf16(name));
      utf16(other).copy(bytes, at);
      how.push(`${JSON.stringify(name)} -> ${JSON.stringify(other)} (${what})`);
    } else if (r < 0.8) {
      const at = Math.floor(rnd() * bytes.length);
      bytes[at] = bytes[at]! ^ (1 << Math.floor(rnd() * 8));
      how.push(`flip a bit at ${at}`);
    } else if (r < 0.92) {
      const at = Math.floor(rnd() * bytes.length);
      bytes.fill(0, at, Math.min(bytes.length, at + 16));
      how.push(`zero 16 bytes at ${at}`);
    } else {
      cut = Math.floor(rnd() * bytes.length);
      how.push(`cut at ${cut}`);
    }
  }
  return {
    seed: kind,
    bytes: new Uint8Array(bytes.subarray(0, cut)),
    how: how.join('; '),
  };
}

export type LegacyOutcome =
  | { readonly kind: 'error'; readonly code: string; readonly detail: string }
  | { readonly kind: 'clean'; readonly output: Uint8Array }
  | { readonly kind: 'crash'; readonly error: string };

/** Cleans one mutant without the engine's catch-all: a crash stays a crash. */
export async function legacyOutcome(bytes: Uint8Array): Promise<LegacyOutcome> {
  try {
    const outcome = await cleanOutcome(bytes);
    return outcome.kind === 'error'
      ? { kind: 'error', code: outcome.code, detail: outcome.detail }
      : { kind: 'clean', output: outcome.output };
  } catch (error) {
    return { kind: 'crash', error: String(error).slice(0, 300) };
  }
}

/**
 * olefile reads every file in one process: per file, the streams holding the canary (as they are,
 * or in a zlib stream inside them: a compressed picture or object), or why it could not read it.
 */
const OLE_SCAN = `import olefile, sys, json, zlib
canary = sys.argv[1].encode()
wide = sys.argv[1].encode('utf-16-le')
def layers(b):
    yield b
    i, tried = b.find(b'\\x78'), 0
    while 0 <= i < len(b) - 1 and tried < 4096:
        if (0x78 * 256 + b[i + 1]) % 31 == 0 and not b[i + 1] & 0x20:
            tried += 1
            try:
                d = zlib.decompressobj()
                inflated = d.decompress(b[i:], 64 << 20)
                if d.eof:
                    yield inflated
            except zlib.error:
                pass
        i = b.find(b'\\x78', i + 1)
def holds(b):
    return any(canary in l or wide in l for l in layers(b))
out = {}
for path in sys.argv[2:]:
    try:
        o = olefile.OleFileIO(path)
        out[path] = ['/'.join(p) for p in o.listdir(streams=True, storages=False)
                     if holds(o.openstream(p).read())]
    except Exception as e:
        out[path] = ['unreadable: ' + type(e).__name__]
print(json.dumps(out))`;

/**
 * Where the canary is left in each output: olefile's streams, and the raw bytes in 8-bit and
 * UTF-16LE forms (a sector no stream reaches still travels with the file).
 */
export function leftovers(
  dir: string,
  outputs: readonly (readonly [string, Uint8Array])[],
): Map<string, string[]> {
  const paths = outputs.map(([name, bytes]) => {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    return path;
  });
  const found = new Map<string, string[]>();
  if (paths.length === 0) return found;
  const ole = JSON.parse(
    execFileSync(
      '/usr/bin/python3',
      ['-c', OLE_SCAN, LEGACY_CANARY, ...paths],
      {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      },
    ),
  ) as Record<string, string[]>;
  outputs.forEach(([name, bytes], i) => {
    const raw = Buffer.from(bytes);
    const where = (ole[paths[i]!] ?? []).filter(
      (s) => !s.startsWith('unreadable'),
    );
    if (raw.includes(LEGACY_CANARY) || raw.includes(utf16(LEGACY_CANARY)))
      where.push('raw bytes');
    if (where.length) found.set(name, where);
  });
  return found;
}

/**
 * exiftool reads a position only from a TIFF structure (EXIF's IFDs) or from text naming GPS
 * (XMP's exif:GPSLatitude): an output holding neither cannot show one, and is not read again.
 */
const GPS_READABLE = [
  Buffer.from('GPS', 'latin1'),
  Buffer.from('II*\0', 'latin1'),
  Buffer.from('MM\0*', 'latin1'),
];

/** The photos' GPS position in each output that shows it, by the leak oracle: where it is read. */
export function gpsLeftovers(
  outputs: readonly (readonly [string, Uint8Array])[],
): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const [name, bytes] of outputs) {
    const raw = Buffer.from(bytes);
    if (!GPS_READABLE.some((n) => raw.includes(n))) continue;
    const where = locateCanaries(bytes, [CANARY_GPS])[canaryName(CANARY_GPS)];
    if (where?.length) found.set(name, where);
  }
  return found;
}
