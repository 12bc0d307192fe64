/**
 * Helpers for tests of zip-based documents: turning a plan into bytes, listing and inflating every
 * member with fflate (an independent reader), and checking an archive with `unzip -t`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { cleanPlan, type CleanPlanResult } from '../../workers/engine';
import type { OutputPlan } from '../../workers/engine/output-plan';

export async function materialize(
  input: Uint8Array,
  plan: OutputPlan,
): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for (const s of plan)
    parts.push(
      s.kind === 'copy'
        ? input.subarray(s.start, s.end)
        : s.kind === 'bytes'
          ? s.data
          : await s.make(),
    );
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** A document cleaned through the whole engine, with its output assembled from the plan. */
export async function cleaned(
  input: Uint8Array,
): Promise<{ result: CleanPlanResult; output: Uint8Array }> {
  const result = await cleanPlan(new Blob([input as Uint8Array<ArrayBuffer>]));
  return { result, output: await materialize(input, result.plan) };
}

/** Every member inflated, by name (fflate checks each CRC-32). */
export function members(zip: Uint8Array): Record<string, Uint8Array> {
  return unzipSync(zip);
}

/** Names in the order of their local headers. */
export function memberOrder(zip: Uint8Array): string[] {
  const names: string[] = [];
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let at = 0;
  while (at + 30 <= zip.length && view.getUint32(at, true) === 0x04034b50) {
    const nameLength = view.getUint16(at + 26, true);
    const extraLength = view.getUint16(at + 28, true);
    const size = view.getUint32(at + 18, true);
    names.push(
      new TextDecoder().decode(zip.subarray(at + 30, at + 30 + nameLength)),
    );
    at += 30 + nameLength + extraLength + size;
  }
  return names;
}

/** The compression method (APPNOTE 4.4.5: 0 stored, 8 deflated) of each member, by name. */
export function memberMethods(zip: Uint8Array): Record<string, number> {
  const methods: Record<string, number> = {};
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let at = 0;
  while (at + 30 <= zip.length && view.getUint32(at, true) === 0x04034b50) {
    const nameLength = view.getUint16(at + 26, true);
    const extraLength = view.getUint16(at + 28, true);
    const name = new TextDecoder().decode(
      zip.subarray(at + 30, at + 30 + nameLength),
    );
    methods[name] = view.getUint16(at + 8, true);
    at += 30 + nameLength + extraLength + view.getUint32(at + 18, true);
  }
  return methods;
}

/** True when any inflated member contains the text. */
export function zipContains(zip: Uint8Array, text: string): string[] {
  const found: string[] = [];
  for (const [name, bytes] of Object.entries(members(zip))) {
    if (Buffer.from(bytes).includes(text)) found.push(name);
  }
  return found;
}

/** Every tool a test checks with `hasTool` before running: the reporter names the missing ones. */
export const OPTIONAL_TOOLS = [
  'convert',
  'exiftool',
  'pdftoppm',
  'pdftotext',
  'python3',
  'qpdf',
  'soffice',
  'unzip',
] as const;

export const hasTool = (tool: (typeof OPTIONAL_TOOLS)[number]): boolean => {
  try {
    execFileSync('which', [tool], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** `unzip -t`: exit status 0 means every member's CRC-32 and header agree. */
export function unzipTest(zip: Uint8Array): void {
  const dir = mkdtempSync(join(tmpdir(), 'zip-'));
  const file = join(dir, 'test.zip');
  writeFileSync(file, zip);
  execFileSync('unzip', ['-tq', file], { stdio: 'pipe' });
}
