/**
 * Runs a format module the way cleanPlan does, but without the engine's catch-all that turns any
 * exception into `corrupt`: a parser crash (TypeError, RangeError) must surface here as a failure.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { EngineError, isEngineError } from '../../workers/engine/errors';
import { removable } from '../../workers/engine/findings';
import { inspect, planToBlob } from '../../workers/engine';
import { SNIFF_BYTES } from '../../workers/engine/limits';
import { analyzeInput, verifiedPlan } from '../../workers/engine/pipeline';
import {
  formatRegistry,
  type RegisteredFormat,
} from '../../workers/engine/registry';

export type Outcome =
  | { kind: 'error'; code: string; detail: string }
  | { kind: 'clean'; output: Uint8Array };

/** The registered module whose sniffer claims the bytes, not yet loaded. */
export function moduleFor(bytes: Uint8Array): RegisteredFormat | undefined {
  const head = bytes.subarray(0, SNIFF_BYTES);
  return formatRegistry.find((m) => m.sniff(head) !== null);
}

async function cleanDirect(bytes: Uint8Array): Promise<Blob> {
  const blob = new Blob([bytes as Uint8Array<ArrayBuffer>]);
  // A mutated signature: the engine answers `unsupported`, as for any unknown file.
  if (!moduleFor(bytes)) throw new EngineError('unsupported');
  const analyzed = await analyzeInput(blob, {}, 0);
  const { plan } = await verifiedPlan(analyzed, {}, 0);
  return planToBlob(blob, plan);
}

/** A clean output must read back through the whole engine with nothing removable left. */
async function reinspect(output: Blob): Promise<void> {
  let findings;
  try {
    ({ findings } = await inspect(output));
  } catch (error) {
    throw new Error(`clean output does not read back: ${String(error)}`);
  }
  const left = findings.filter(removable);
  if (left.length > 0)
    throw new Error(`output still has ${left.map((f) => f.label).join(', ')}`);
}

/**
 * Cleans `bytes`; resolves to a typed error (its code and detail) or 'clean' with the output, and
 * rejects on anything else: a foreign exception, or a clean output that does not read back clean.
 */
export async function cleanOutcome(bytes: Uint8Array): Promise<Outcome> {
  let output: Blob;
  try {
    output = await cleanDirect(bytes);
  } catch (error) {
    if (isEngineError(error))
      return { kind: 'error', code: error.code, detail: error.detail };
    throw error;
  }
  await reinspect(output);
  return { kind: 'clean', output: new Uint8Array(await output.arrayBuffer()) };
}

/** Where structure lives: half the mutations hit the first 4 KB, half anywhere. */
const HEAD_BYTES = 4096;
function position(length: number): fc.Arbitrary<number> {
  return fc.oneof(
    fc.nat({ max: Math.min(length, HEAD_BYTES) - 1 }),
    fc.nat({ max: length - 1 }),
  );
}

const LYING_LENGTHS = [0, 1, 0xff, 0xffff, 0x7fffffff, 0xffffffff];

/** A run of one byte value over [at, at + length): zeroed, 0xff-filled or constant ranges. */
function byteRun(original: Uint8Array): fc.Arbitrary<Uint8Array> {
  return fc
    .tuple(
      position(original.length),
      fc.integer({ min: 1, max: 512 }),
      fc.oneof(fc.constantFrom(0, 0xff), fc.nat({ max: 255 })),
    )
    .map(([at, length, value]) => {
      const out = original.slice();
      out.fill(value, at, Math.min(original.length, at + length));
      return out;
    });
}

/** A slice copied in again elsewhere: duplicated chunks, boxes, segments, headers. */
function duplicate(original: Uint8Array): fc.Arbitrary<Uint8Array> {
  const n = original.length;
  return fc
    .tuple(position(n), fc.integer({ min: 1, max: 2048 }), fc.nat({ max: n }))
    .map(([from, length, to]) => {
      const slice = original.subarray(from, Math.min(n, from + length));
      return concat(original.subarray(0, to), slice, original.subarray(to));
    });
}

/** Two adjacent slices swapped: reordered chunks. */
function reorder(original: Uint8Array): fc.Arbitrary<Uint8Array> {
  const n = original.length;
  return fc
    .tuple(
      position(n),
      fc.integer({ min: 1, max: 2048 }),
      fc.integer({ min: 1, max: 2048 }),
    )
    .map(([at, first, second]) => {
      const mid = Math.min(n, at + first);
      const end = Math.min(n, mid + second);
      return concat(
        original.subarray(0, at),
        original.subarray(mid, end),
        original.subarray(at, mid),
        original.subarray(end),
      );
    });
}

/** A small slice repeated many times in place: deep or endless nesting of a header, long runs of entries. */
function repeat(original: Uint8Array): fc.Arbitrary<Uint8Array> {
  const n = original.length;
  return fc
    .tuple(
      position(n),
      fc.integer({ min: 2, max: 16 }),
      fc.integer({ min: 16, max: 4096 }),
    )
    .map(([at, length, times]) => {
      const slice = original.subarray(at, Math.min(n, at + length));
      const run = new Uint8Array(slice.length * times);
      for (let i = 0; i < times; i++) run.set(slice, i * slice.length);
      return concat(original.subarray(0, at), run, original.subarray(at));
    });
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** The mutation families, by name, for campaigns that count mutants per family. */
export const MUTATION_FAMILIES = [
  'truncate',
  'flips',
  'lie',
  'byteRun',
  'duplicate',
  'reorder',
  'repeat',
] as const;
export type MutationFamily = (typeof MUTATION_FAMILIES)[number];

/** One family's mutants of `original`. */
export function mutationOf(
  family: MutationFamily,
  original: Uint8Array,
): fc.Arbitrary<Uint8Array> {
  return family === 'truncate' || family === 'flips' || family === 'lie'
    ? basicMutation(family, original)
    : { byteRun, duplicate, reorder, repeat }[family](original);
}

/** Every family, chosen at random. */
export function anyMutation(original: Uint8Array): fc.Arbitrary<Uint8Array> {
  return fc.oneof(...MUTATION_FAMILIES.map((f) => mutationOf(f, original)));
}

/** Truncations, byte flips and 32-bit length fields overwritten with lies, in either byte order. */
export function mutation(original: Uint8Array): fc.Arbitrary<Uint8Array> {
  return fc.oneof(
    basicMutation('truncate', original),
    basicMutation('flips', original),
    basicMutation('lie', original),
  );
}

function basicMutation(
  family: 'truncate' | 'flips' | 'lie',
  original: Uint8Array,
): fc.Arbitrary<Uint8Array> {
  const length = original.length;
  const truncate = fc
    .nat({ max: length - 1 })
    .map((end) => original.slice(0, end));
  const flips = fc
    .array(fc.tuple(position(length), fc.integer({ min: 1, max: 255 })), {
      minLength: 1,
      maxLength: 8,
    })
    .map((pairs) => {
      const out = original.slice();
      for (const [at, xor] of pairs) out[at] = out[at]! ^ xor;
      return out;
    });
  const lie = fc
    .tuple(
      position(Math.max(1, length - 4)),
      fc.oneof(fc.constantFrom(...LYING_LENGTHS), fc.nat()),
      fc.boolean(),
    )
    .map(([at, value, littleEndian]) => {
      const out = original.slice();
      new DataView(out.buffer).setUint32(at, value >>> 0, littleEndian);
      return out;
    });
  return { truncate, flips, lie }[family];
}

/** Every corpus file whose format a registered module sniffs (more as modules land). */
export function sniffedCorpusFiles(root: string): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return walk(root)
    .filter((path) => !/(^|\/)cleaned_/.test(path))
    .filter((path) => moduleFor(readFileSync(path).subarray(0, SNIFF_BYTES)));
}
