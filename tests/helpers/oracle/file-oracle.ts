/**
 * The leak oracle for a media file too large to hold in memory (a clean copy of gigabytes, read
 * from disk): its bytes streamed in chunks and searched for every text form of each canary, then
 * exiftool (`-ee`, with large-file support) and ffprobe on the file itself. It opens no zip or PDF
 * layer, which the in-memory oracle (`leak-oracle.ts`) is for. Free of any test runner, so a
 * browser test can use it.
 */
import { createReadStream } from 'node:fs';
import {
  canaryName,
  compareLocations,
  gpsShown,
  type Canary,
  type CanaryLocations,
  type LeakReport,
} from './canary';
import { formsIn, textForms } from './text-forms';
import { exiftoolDumps, ffprobeTags } from './tool-layer';

/** The piece of the file held in memory at once. */
const CHUNK_BYTES = 8 * 1024 * 1024;

/** The text forms of each text canary found anywhere in the file at `path`, read a chunk at a time. */
async function streamedForms(
  path: string,
  canaries: readonly string[],
): Promise<Map<string, Set<string>>> {
  const forms = new Map(canaries.map((c) => [c, textForms(c)]));
  const longest = Math.max(
    1,
    ...[...forms.values()].flat().map((f) => f.bytes.length),
  );
  const found = new Map(canaries.map((c) => [c, new Set<string>()]));
  // The last bytes of one chunk are searched again with the next, so a form split between them is found.
  let carry = Buffer.alloc(0);
  const zeros = Buffer.alloc(CHUNK_BYTES);
  for await (const read of createReadStream(path, {
    highWaterMark: CHUNK_BYTES,
  })) {
    const chunk = read as Buffer;
    // A chunk of zeros (the hole of a sparse media file) holds no form: only its start, which may
    // end a form begun in the carry, is searched.
    const empty = chunk.equals(zeros.subarray(0, chunk.length));
    const window = Buffer.concat([
      carry,
      empty ? chunk.subarray(0, longest - 1) : chunk,
    ]);
    for (const [canary, canaryForms] of forms)
      for (const form of formsIn(window, canaryForms))
        found.get(canary)!.add(`file: ${form}`);
    const tail = longest - 1;
    carry =
      chunk.length >= tail
        ? Buffer.from(chunk.subarray(chunk.length - tail))
        : Buffer.concat([carry, chunk]).subarray(-tail);
  }
  return found;
}

/** Where each canary shows in the file at `path`, read in bounded memory. */
export async function locateCanariesInFile(
  path: string,
  canaries: readonly Canary[],
): Promise<CanaryLocations> {
  const texts = canaries.filter((c): c is string => typeof c === 'string');
  const raw = await streamedForms(path, texts);
  const gps = canaries.some((c) => typeof c !== 'string');
  const readings: { label: string; lines: string[] }[] = [
    { label: 'exiftool', lines: exiftoolDumps([path]).get(path)?.lines ?? [] },
    { label: 'ffprobe', lines: ffprobeTags(path) },
  ];
  if (gps)
    readings.push({
      label: 'exiftool -n',
      lines: exiftoolDumps([path], true).get(path)?.lines ?? [],
    });
  const located: CanaryLocations = {};
  for (const canary of canaries) {
    if (typeof canary !== 'string') {
      located[canaryName(canary)] = readings
        .filter((r) => gpsShown(canary, r.lines))
        .map((r) => r.label);
      continue;
    }
    const inReadings = readings.flatMap((r) =>
      r.lines
        .filter((line) => line.includes(canary))
        .map((line) => `${r.label}: ${line.slice(0, line.indexOf('='))}`),
    );
    located[canary] = [...raw.get(canary)!, ...inReadings];
  }
  return located;
}

/** Proves each canary is in the input file, then reports where any is in the output file. */
export async function fileLeakReport(
  input: string,
  output: string,
  canaries: readonly Canary[],
): Promise<LeakReport> {
  return compareLocations(
    await locateCanariesInFile(input, canaries),
    await locateCanariesInFile(output, canaries),
  );
}
