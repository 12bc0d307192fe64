/**
 * Every layer of a PDF where a canary could survive, read without the engine: the raw bytes,
 * every `stream ... endstream` in the file (referenced or not) inflated when it inflates, and
 * qpdf's rewrite with every stream decoded. A canary counts in plain text, as hex digits (how
 * strings may be written), and in UTF-16BE (PDF text strings), raw or as hex.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inflateSync } from 'node:zlib';

const STREAM = /stream\r?\n/g;
const ENDSTREAM = 'endstream';
const MAX_INFLATED = 256 * 1024 * 1024;

/** The data of every stream in the file, inflated where it is deflated. */
export function rawStreams(bytes: Uint8Array): Buffer[] {
  const buf = Buffer.from(bytes);
  const text = buf.toString('latin1');
  const out: Buffer[] = [];
  for (const m of text.matchAll(STREAM)) {
    if (text.slice(Math.max(0, m.index - 3), m.index) === 'end') continue;
    const start = m.index + m[0].length;
    const end = text.indexOf(ENDSTREAM, start);
    if (end < 0) continue;
    const data = buf.subarray(start, end);
    out.push(data);
    try {
      out.push(inflateSync(data, { maxOutputLength: MAX_INFLATED }));
    } catch {
      // Not deflated, or not only: the raw data is already in the list.
    }
  }
  return out;
}

/** qpdf's QDF rewrite (every stream decoded, no object streams), or '' when qpdf refuses. */
function qdf(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-layers-'));
  writeFileSync(join(dir, 'in.pdf'), bytes);
  try {
    execFileSync(
      'qpdf',
      [
        '--qdf',
        '--object-streams=disable',
        '--decode-level=all',
        join(dir, 'in.pdf'),
        join(dir, 'out.pdf'),
      ],
      { stdio: 'pipe' },
    );
  } catch {
    // qpdf exits 3 on warnings and still writes; a file it cannot read has no such layer.
  }
  try {
    return readFileSync(join(dir, 'out.pdf')).toString('latin1');
  } catch {
    return '';
  }
}

/** Every text layer of the file, one char per byte. */
export function pdfLayers(bytes: Uint8Array, withQpdf = true): string[] {
  return [
    Buffer.from(bytes).toString('latin1'),
    ...rawStreams(bytes).map((b) => b.toString('latin1')),
    ...(withQpdf ? [qdf(bytes)] : []),
  ];
}

/** The forms a canary may take in a layer: plain, hex, UTF-16BE and UTF-16BE as hex. */
export function canaryForms(canary: string): string[] {
  const utf16 = Buffer.from(canary, 'utf16le').swap16();
  return [
    canary,
    Buffer.from(canary, 'latin1').toString('hex'),
    utf16.toString('latin1'),
    utf16.toString('hex'),
  ];
}

/** The canaries found in any layer, in any form (hex compared without case). */
export function leakedCanaries(
  layers: readonly string[],
  canaries: readonly string[],
): string[] {
  const lower = layers.map((l) => l.toLowerCase());
  return canaries.filter((c) =>
    canaryForms(c).some((form, i) =>
      i % 2 === 1
        ? lower.some((l) => l.includes(form))
        : layers.some((l) => l.includes(form)),
    ),
  );
}
