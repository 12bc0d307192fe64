/**
 * Zip documents whose deflated members are broken on purpose: a byte of the stream flipped, the
 * first block made a reserved type, the stream cut short or followed by bytes it never reads, or
 * the declared size changed (a bomb inflates past it). The tests that hold the hosts' inflates to
 * the same answers build their mutants here.
 */
import fc from 'fast-check';
import { deflateSync } from 'fflate';
import { crc32 } from '../../workers/engine/shared/crc32';
import {
  METHOD_DEFLATED,
  newMember,
  writeZip,
  type OutMember,
} from '../../workers/engine/shared/zip';

/** BTYPE's two bits in a deflate block header, both set: the type RFC 1951 (3.2.3) reserves. */
const RESERVED_BLOCK_TYPE = 0b110;
const MIDDLE_FLIP = 0x5a;

export type StreamChange =
  /** One byte xor'ed: at `at` (modulo the stream's length), or in the middle when absent. */
  | { readonly kind: 'flip'; readonly at?: number; readonly xor?: number }
  | { readonly kind: 'reserved' }
  | { readonly kind: 'cut'; readonly bytes: number }
  | { readonly kind: 'junk'; readonly bytes: readonly number[] }
  | { readonly kind: 'declare'; readonly delta: number };

/** Any change to a member's stream or declared size, anywhere in it. */
export const anyStreamChange: fc.Arbitrary<StreamChange> = fc.oneof(
  fc.record({
    kind: fc.constant('flip' as const),
    at: fc.nat(),
    xor: fc.integer({ min: 1, max: 255 }),
  }),
  fc.record({
    kind: fc.constant('cut' as const),
    bytes: fc.integer({ min: 1, max: 4096 }),
  }),
  fc.record({
    kind: fc.constant('junk' as const),
    bytes: fc.array(fc.nat({ max: 255 }), { minLength: 1, maxLength: 64 }),
  }),
  fc.record({
    kind: fc.constant('declare' as const),
    delta: fc.integer({ min: -50_000, max: 50_000 }).filter((d) => d !== 0),
  }),
);

/** `bytes` deflated on their own as member `name`, their stream and size changed as `change` says. */
export function deflatedMember(
  name: string,
  bytes: Uint8Array,
  change?: StreamChange,
): OutMember {
  let raw = deflateSync(bytes, { level: 6 });
  let size = bytes.length;
  if (change?.kind === 'flip') {
    raw = raw.slice();
    const at = change.at === undefined ? raw.length >> 1 : change.at;
    raw[at % raw.length]! ^= change.xor ?? MIDDLE_FLIP;
  } else if (change?.kind === 'reserved') {
    raw = raw.slice();
    raw[0]! |= RESERVED_BLOCK_TYPE;
  } else if (change?.kind === 'cut')
    raw = raw.subarray(0, Math.max(1, raw.length - change.bytes));
  else if (change?.kind === 'junk')
    raw = Uint8Array.from([...raw, ...change.bytes]);
  else if (change?.kind === 'declare') size = Math.max(0, size + change.delta);
  return {
    name,
    method: METHOD_DEFLATED,
    crc32: crc32(bytes),
    uncompressedSize: size,
    data: [{ kind: 'bytes', data: raw }],
  };
}

/**
 * The zip of `files`, each member the engine's own new member except those `deflated` picks:
 * those are deflated on their own and changed as it says (undefined: unchanged).
 */
export function zipWithChanges(
  files: Record<string, Uint8Array>,
  deflated: (name: string) => StreamChange | 'unchanged' | undefined,
): Uint8Array {
  const members = Object.entries(files).map(([name, bytes]) => {
    const change = deflated(name);
    if (change === undefined) return newMember(name, bytes);
    return deflatedMember(
      name,
      bytes,
      change === 'unchanged' ? undefined : change,
    );
  });
  return Buffer.concat(
    writeZip(members).map((s) => {
      if (s.kind !== 'bytes') throw new Error('writeZip of bytes only');
      return s.data;
    }),
  );
}
