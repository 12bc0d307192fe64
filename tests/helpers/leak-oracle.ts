/**
 * The leak oracle: the one judge of "this canary is gone" for every cleaning test. It reads a file
 * without the engine's parsers, in every layer a value can hide in:
 * - the raw bytes, as UTF-8, UTF-16 LE/BE, hex digits and PDF octal escapes;
 * - every zip member, from the local headers and the central directory, inflated, recursively;
 * - every PDF object found by its `N G obj` header, referenced or not, its stream decoded and its
 *   literal and hex strings decoded (UTF-16BE included);
 * - every compressed PNG text and profile chunk, inflated;
 * - exiftool `-a -G1 -ee -u -b` of the file and of every embedded image, XMP packet, PDF, zip or
 *   compound file it meets, of every JPEG that starts inside the file's bytes (a picture appended
 *   after the image), and of the binary values exiftool extracts (thumbnails, previews);
 * - ffprobe's tags of the file, and olefile's streams of a compound file, with every zlib stream
 *   inside them inflated (legacy Office's compressed pictures and objects).
 * A GPS canary is a position: it is found when a reading shows both coordinates as numbers within
 * a tolerance, in any form exiftool or ffprobe gives them (decimal, degrees-minutes-seconds).
 * Every canary must first be found in the input, so a blind reader cannot pass a test.
 */
import { deepStrictEqual } from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  canaryName,
  compareLocations,
  gpsShown,
  type Canary,
  type CanaryLocations,
  type GpsCanary,
  type LeakReport,
} from './oracle/canary';
import { formsIn, textForms, type TextForm } from './oracle/text-forms';
import { looksLikePdf, pdfParts } from './oracle/pdf-layer';
import { looksLikePng, pngParts } from './oracle/png-layer';
import {
  exiftoolDumps,
  ffprobeTags,
  oleStreams,
  type ToolDump,
} from './oracle/tool-layer';
import { looksLikeZip, zipMembers } from './oracle/zip-layer';
import { zlibParts } from './oracle/zlib-layer';

export {
  canaryName,
  type Canary,
  type CanaryLocations,
  type GpsCanary,
  type LeakReport,
};

export interface OracleOptions {
  /** Ask ffprobe too (media files); on by default for files that are neither PDF nor zip. */
  readonly ffprobe?: boolean;
}

const MAX_DEPTH = 4;
const TOOL_ROUNDS = 2;
const MAX_TOOL_FILES = 300;

interface Part {
  readonly label: string;
  readonly data: Uint8Array;
  readonly depth: number;
  /** Worth a reading by exiftool (the file, an image, an XMP packet, an attachment). */
  readonly readable: boolean;
}

const MAGICS: readonly (readonly number[])[] = [
  [0xff, 0xd8, 0xff], // JPEG
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0x49, 0x49, 0x2a, 0x00], // TIFF, little-endian
  [0x4d, 0x4d, 0x00, 0x2a], // TIFF, big-endian
  [0x47, 0x49, 0x46, 0x38], // GIF
  [0x52, 0x49, 0x46, 0x46], // RIFF (WebP, WAV, AVI)
  [0x00, 0x00, 0x00, 0x0c, 0x6a, 0x50], // JPEG 2000
  [0xd0, 0xcf, 0x11, 0xe0], // compound file
  [0x25, 0x50, 0x44, 0x46], // %PDF
  [0x50, 0x4b, 0x03, 0x04], // zip
];
const FTYP = Buffer.from('ftyp', 'latin1');
const JPEG_SOI = Buffer.from([0xff, 0xd8, 0xff]);
/** Images carved out of one file's bytes at most: appended pictures are few, noise is not. */
const MAX_CARVED = 16;
/** A carved JPEG's metadata segments all come before its image data; this holds them. */
const MAX_CARVED_BYTES = 1024 * 1024;
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];

const startsWith = (data: Uint8Array, magic: readonly number[]) =>
  magic.every((b, i) => data[i] === b);

function readable(data: Uint8Array): boolean {
  if (MAGICS.some((m) => startsWith(data, m))) return true;
  const head = Buffer.from(
    data.buffer,
    data.byteOffset,
    Math.min(data.byteLength, 64),
  );
  if (head.subarray(4, 8).equals(FTYP)) return true;
  return /^\s*(<\?xpacket|<x:xmpmeta)/.test(head.toString('latin1'));
}

/**
 * Where a JPEG starts inside a top-level file other than at its beginning: a picture appended after
 * the end of an image (an MPF secondary image, a trailer) holds EXIF that exiftool does not read
 * from the outer file, and a position there is numbers only.
 */
function embeddedJpegs(data: Uint8Array): number[] {
  const buffer = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const found: number[] = [];
  for (
    let at = buffer.indexOf(JPEG_SOI, 1);
    at >= 0 && found.length < MAX_CARVED;
    at = buffer.indexOf(JPEG_SOI, at + 1)
  )
    found.push(at);
  return found;
}

/** The part and every layer inside it, depth first. */
function expand(part: Part, parts: Part[]): void {
  parts.push(part);
  if (part.depth >= MAX_DEPTH || part.data.length === 0) return;
  const inner = (label: string, data: Uint8Array, image = false) =>
    expand(
      {
        label: `${part.label} > ${label}`,
        data,
        depth: part.depth + 1,
        readable: image || readable(data),
      },
      parts,
    );
  if (looksLikeZip(part.data))
    for (const m of zipMembers(part.data))
      inner(`zip ${m.name} (${m.via})`, m.data);
  if (looksLikePdf(part.data) || part.depth > 0)
    if (/\d\s+\d+\s+obj\b/.test(Buffer.from(part.data).toString('latin1')))
      for (const p of pdfParts(part.data)) {
        if (p.label.endsWith('strings') || !p.label.endsWith('stream'))
          parts.push({
            label: `${part.label} > ${p.label}`,
            data: p.data,
            depth: part.depth + 1,
            readable: false,
          });
        else inner(p.label, p.data, p.image);
      }
  if (looksLikePng(part.data))
    for (const p of pngParts(part.data)) inner(p.label, p.data);
  if (part.depth === 0 && !looksLikeZip(part.data) && !looksLikePdf(part.data))
    for (const at of embeddedJpegs(part.data))
      inner(
        `jpeg at ${at}`,
        part.data.subarray(at, at + MAX_CARVED_BYTES),
        true,
      );
}

interface Reading {
  readonly label: string;
  readonly dump: ToolDump;
}

/** exiftool (and olefile) on the readable parts; a second round on the binaries they extract. */
function toolReadings(
  parts: Part[],
  numeric: boolean,
): { readings: Reading[]; numericReadings: Reading[] } {
  const dir = mkdtempSync(join(tmpdir(), 'leak-oracle-'));
  const readings: Reading[] = [];
  const numericReadings: Reading[] = [];
  try {
    let round = parts.filter((p) => p.readable).slice(0, MAX_TOOL_FILES);
    let n = 0;
    for (let r = 0; r < TOOL_ROUNDS && round.length > 0; r++) {
      const paths = round.map((p) => {
        const path = join(dir, `part-${n++}`);
        writeFileSync(path, p.data);
        return path;
      });
      const dumps = exiftoolDumps(paths);
      const numericDumps = numeric
        ? exiftoolDumps(paths, true)
        : new Map<string, ToolDump>();
      const streams = oleStreams(
        paths.filter((_, i) => startsWith(round[i]!.data, OLE_MAGIC)),
      );
      const next: Part[] = [];
      round.forEach((p, i) => {
        const path = paths[i]!;
        const dump = dumps.get(path);
        if (dump) {
          readings.push({ label: `exiftool ${p.label}`, dump });
          for (const b of dump.binaries) {
            const found: Part[] = [];
            expand(
              {
                label: `${p.label} > exiftool ${b.tag}`,
                data: b.data,
                depth: p.depth + 1,
                readable: readable(b.data),
              },
              found,
            );
            parts.push(...found);
            next.push(...found.filter((f) => f.readable));
          }
        }
        const numericDump = numericDumps.get(path);
        if (numericDump)
          numericReadings.push({
            label: `exiftool -n ${p.label}`,
            dump: numericDump,
          });
        for (const s of streams.get(path) ?? []) {
          const label = `${p.label} > ole ${s.name}`;
          expand(
            { label, data: s.data, depth: p.depth + 1, readable: false },
            parts,
          );
          for (const z of zlibParts(s.data))
            expand(
              {
                label: `${label} > zlib at ${z.at}`,
                data: z.data,
                depth: p.depth + 2,
                readable: false,
              },
              parts,
            );
        }
      });
      round = next.slice(0, MAX_TOOL_FILES);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { readings, numericReadings };
}

function ffprobeReading(data: Uint8Array): Reading | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'leak-oracle-'));
  try {
    const path = join(dir, 'media');
    writeFileSync(path, data);
    return {
      label: 'ffprobe',
      dump: { lines: ffprobeTags(path), binaries: [] },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function gpsFound(canary: GpsCanary, readings: readonly Reading[]): string[] {
  return readings.flatMap((r) =>
    gpsShown(canary, r.dump.lines) ? [r.label] : [],
  );
}

function textFound(
  forms: readonly TextForm[],
  canary: string,
  parts: readonly Part[],
  readings: readonly Reading[],
): string[] {
  const inParts = parts.flatMap((p) =>
    formsIn(p.data, forms).map((form) => `${p.label}: ${form}`),
  );
  const inReadings = readings.flatMap((r) =>
    r.dump.lines
      .filter((line) => line.includes(canary))
      .map((line) => `${r.label}: ${line.slice(0, line.indexOf('='))}`),
  );
  return [...inParts, ...inReadings];
}

/** Where each canary shows in the file, in every layer the oracle reads. */
export function locateCanaries(
  bytes: Uint8Array,
  canaries: readonly Canary[],
  options: OracleOptions = {},
): CanaryLocations {
  const parts: Part[] = [];
  expand({ label: 'file', data: bytes, depth: 0, readable: true }, parts);
  const gps = canaries.filter((c): c is GpsCanary => typeof c !== 'string');
  const { readings, numericReadings } = toolReadings(parts, gps.length > 0);
  const media =
    options.ffprobe ??
    !(looksLikePdf(bytes) || startsWith(bytes, MAGICS[MAGICS.length - 1]!));
  const probe = media ? ffprobeReading(bytes) : undefined;
  const all = probe ? [...readings, probe] : readings;
  const located: CanaryLocations = {};
  for (const canary of canaries)
    located[canaryName(canary)] =
      typeof canary === 'string'
        ? textFound(textForms(canary), canary, parts, all)
        : gpsFound(canary, [...numericReadings, ...all]);
  return located;
}

/** Proves each canary is in the input, then reports where any is in the output. */
export function leakReport(
  input: Uint8Array,
  output: Uint8Array,
  canaries: readonly Canary[],
  options: OracleOptions = {},
): LeakReport {
  return compareLocations(
    locateCanaries(input, canaries, options),
    locateCanaries(output, canaries, options),
  );
}

/**
 * The test's assertion: every canary is seen in the input and none in the output. Node's assert,
 * so unit tests and browser tests (two runners, two `expect`s) share it.
 */
export function expectNoLeaks(
  input: Uint8Array,
  output: Uint8Array,
  canaries: readonly Canary[],
  options: OracleOptions = {},
): void {
  const report = leakReport(input, output, canaries, options);
  deepStrictEqual(
    report.unseenInInput,
    [],
    'canaries the oracle cannot find in the input',
  );
  deepStrictEqual(report.leaks, {}, 'canaries found in the output');
}
