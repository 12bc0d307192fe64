/**
 * Writes PDF fixtures from object bodies (classic cross-reference tables, optional incremental
 * updates) and wraps the independent PDF readers the tests judge with: qpdf, poppler, exiftool.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';

const MAX_TOOL_OUTPUT = 256 * 1024 * 1024;

/** An object body: PDF text, or a stream as its dictionary's extra entries and data. */
export type PdfBody =
  string | { dict: string; data: Uint8Array; flate?: boolean };

const latin1 = (s: string) => Buffer.from(s, 'latin1');

function objectBytes(num: number, body: PdfBody): Buffer {
  if (typeof body === 'string')
    return latin1(`${num} 0 obj\n${body}\nendobj\n`);
  const data = body.flate ? deflateSync(body.data) : Buffer.from(body.data);
  const filter = body.flate ? '/Filter /FlateDecode ' : '';
  return Buffer.concat([
    latin1(
      `${num} 0 obj\n<<${body.dict} ${filter}/Length ${data.length}>>\nstream\n`,
    ),
    data,
    latin1('\nendstream\nendobj\n'),
  ]);
}

function xrefAndTrailer(
  offsets: Map<number, number>,
  at: number,
  trailer: string,
): Buffer {
  const nums = [...offsets.keys()].sort((a, b) => a - b);
  let text = 'xref\n';
  if (!offsets.has(0)) text += '0 1\n0000000000 65535 f\r\n';
  for (const n of nums)
    text += `${n} 1\n${String(offsets.get(n)).padStart(10, '0')} 00000 n\r\n`;
  return latin1(`${text}trailer\n<<${trailer}>>\nstartxref\n${at}\n%%EOF\n`);
}

/**
 * A PDF from numbered bodies; `trailer` holds the trailer's entries other than /Size (e.g.
 * `/Root 1 0 R /Info 9 0 R`).
 */
export function buildPdf(
  bodies: ReadonlyMap<number, PdfBody>,
  trailer: string,
): Uint8Array {
  const parts: Buffer[] = [latin1('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')];
  let at = parts[0]!.length;
  const offsets = new Map<number, number>();
  for (const [n, body] of bodies) {
    const bytes = objectBytes(n, body);
    offsets.set(n, at);
    parts.push(bytes);
    at += bytes.length;
  }
  const size = Math.max(...bodies.keys()) + 1;
  parts.push(xrefAndTrailer(offsets, at, `/Size ${size} ${trailer}`));
  return new Uint8Array(Buffer.concat(parts));
}

/** Appends an incremental update (ISO 32000-1, 7.5.6) that redefines or adds objects. */
export function appendUpdate(
  base: Uint8Array,
  bodies: ReadonlyMap<number, PdfBody>,
  trailer: string,
): Uint8Array {
  const text = Buffer.from(base).toString('latin1');
  const prev = Number(/startxref\s+(\d+)\s*%%EOF\s*$/.exec(text)?.[1]);
  const size = Number(
    /\/Size (\d+)/.exec(text.slice(text.lastIndexOf('trailer')))?.[1],
  );
  const parts: Buffer[] = [Buffer.from(base)];
  let at = base.length;
  const offsets = new Map<number, number>();
  for (const [n, body] of bodies) {
    const bytes = objectBytes(n, body);
    offsets.set(n, at);
    parts.push(bytes);
    at += bytes.length;
  }
  const newSize = Math.max(size, ...[...bodies.keys()].map((n) => n + 1));
  parts.push(
    xrefAndTrailer(offsets, at, `/Size ${newSize} /Prev ${prev} ${trailer}`),
  );
  return new Uint8Array(Buffer.concat(parts));
}

/** An XMP packet holding `canary` as the creator. */
export function xmpPacket(canary: string): Uint8Array {
  return latin1(
    `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">` +
      `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" ` +
      `xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/">` +
      `<dc:creator><rdf:Seq><rdf:li>${canary}</rdf:li></rdf:Seq></dc:creator>` +
      `<xmp:CreatorTool>${canary}</xmp:CreatorTool></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`,
  );
}

export function run(
  cmd: string,
  args: readonly string[],
  cwd?: string,
): string {
  return execFileSync(cmd, args, {
    encoding: 'latin1',
    maxBuffer: MAX_TOOL_OUTPUT,
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(cwd ? { cwd } : {}),
  });
}

/** The file with every stream inflated and no object streams, as text to search. */
export function qdfText(path: string, out: string): string {
  execFileSync('qpdf', ['--qdf', '--object-streams=disable', path, out], {
    stdio: 'pipe',
  });
  return readFileSync(out).toString('latin1');
}

/** `qpdf --check`; throws with qpdf's output when the file has errors or warnings. */
export function qpdfCheck(path: string): string {
  return run('qpdf', ['--check', path]);
}

export function pdfText(path: string): string {
  return run('pdftotext', ['-layout', path, '-']);
}

/** A SHA-256 per rendered page (pdftoppm at a low resolution, PNG). */
export function pageHashes(
  path: string,
  dir: string,
  prefix: string,
): string[] {
  run('pdftoppm', ['-r', '36', '-png', path, join(dir, prefix)]);
  return readdirSync(dir)
    .filter((f) => f.startsWith(`${prefix}-`) && f.endsWith('.png'))
    .sort()
    .map((f) =>
      createHash('sha256')
        .update(readFileSync(join(dir, f)))
        .digest('hex'),
    );
}
