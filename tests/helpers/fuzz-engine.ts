/**
 * Runs a format module the way cleanPlan does, but without the engine's catch-all that turns any
 * exception into `corrupt`: a parser crash (TypeError, RangeError) must surface here as a failure.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { EngineError, isEngineError } from '../../workers/engine/errors';
import { removable } from '../../workers/engine/findings';
import type { FormatModule } from '../../workers/engine/format-module';
import { inspect, planToBlob } from '../../workers/engine';
import { SNIFF_BYTES } from '../../workers/engine/limits';
import { analyzeInput, verifiedPlan } from '../../workers/engine/pipeline';
import { formatModules } from '../../workers/engine/registry';

export type Outcome = { kind: 'error'; code: string } | { kind: 'clean' };

export function moduleFor(bytes: Uint8Array): FormatModule | undefined {
  const head = bytes.subarray(0, SNIFF_BYTES);
  return formatModules.find((m) => m.sniff(head) !== null);
}

async function cleanDirect(bytes: Uint8Array): Promise<void> {
  const blob = new Blob([bytes as Uint8Array<ArrayBuffer>]);
  // A mutated signature: the engine answers `unsupported`, as for any unknown file.
  if (!moduleFor(bytes)) throw new EngineError('unsupported');
  const analyzed = await analyzeInput(blob, {}, 0);
  const { plan } = await verifiedPlan(analyzed, {}, 0);
  const reinspected = await inspect(planToBlob(blob, plan));
  const left = reinspected.findings.filter(removable);
  if (left.length > 0)
    throw new Error(`output still has ${left.map((f) => f.label).join(', ')}`);
}

/** Cleans `bytes`; resolves to a typed error code or 'clean', and rejects on anything else. */
export async function cleanOutcome(bytes: Uint8Array): Promise<Outcome> {
  try {
    await cleanDirect(bytes);
    return { kind: 'clean' };
  } catch (error) {
    if (isEngineError(error)) return { kind: 'error', code: error.code };
    throw error;
  }
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

/** Truncations, byte flips and 32-bit length fields overwritten with lies, in either byte order. */
export function mutation(original: Uint8Array): fc.Arbitrary<Uint8Array> {
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
  return fc.oneof(truncate, flips, lie);
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
