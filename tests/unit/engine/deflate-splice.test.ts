import { inflateSync as fflateInflate } from 'fflate';
import * as zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32Js } from '../../../workers/engine/shared/crc32';
import {
  crc32Combine,
  crc32OfTail,
} from '../../../workers/engine/shared/crc32-combine';
import {
  BTYPE_DYNAMIC,
  BTYPE_FIXED,
  BTYPE_STORED,
  walkBlocks,
} from '../../../workers/engine/shared/deflate/block-walk';
import {
  BitWriter,
  writePadBlock,
} from '../../../workers/engine/shared/deflate/pad-block';
import {
  DEFLATE_WINDOW,
  MAX_BOUNDARY_SEARCH,
  spliceDeflate,
  type DeflateSplice,
} from '../../../workers/engine/shared/deflate/splice';
import { random } from '../../helpers/seeded-random';
import { nodeCodecs } from '../../../cli/node-codecs';
import {
  lendHostCodecs,
  type HostCodecs,
} from '../../../workers/engine/shared/host-codecs';

const concat = (...parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) out.set(p, (at += p.length) - p.length);
  return out;
};
const spliced = (raw: Uint8Array, s: DeflateSplice): Uint8Array =>
  concat(s.head, raw.subarray(s.tailFrom));

function bytes(rand: () => number, length: number): Uint8Array {
  const out = new Uint8Array(length);
  // Stretches of noise, of text-like bytes and of repeats, so every block kind and reach appears.
  for (let at = 0; at < length;) {
    const run = Math.min(length - at, 1 + Math.floor(rand() * 20000));
    const kind = Math.floor(rand() * 3);
    for (let i = 0; i < run; i++, at++)
      out[at] =
        kind === 0
          ? Math.floor(rand() * 256)
          : kind === 1
            ? 97 + Math.floor(rand() * 6)
            : at >= 300
              ? out[at - 300]!
              : 7;
  }
  return out;
}

const STRATEGIES = [
  zlib.constants.Z_DEFAULT_STRATEGY,
  zlib.constants.Z_FILTERED,
  zlib.constants.Z_HUFFMAN_ONLY,
  zlib.constants.Z_RLE,
  zlib.constants.Z_FIXED,
];

describe('CRC-32 over lengths', () => {
  it('combines and un-combines as the CRC of the joined bytes', () => {
    const rand = random(21);
    for (let n = 0; n < 50; n++) {
      const a = bytes(rand, Math.floor(rand() * 5000));
      const b = bytes(rand, Math.floor(rand() * 70000));
      const whole = crc32Js(concat(a, b));
      expect(crc32Combine(crc32Js(a), crc32Js(b), b.length)).toBe(whole);
      expect(crc32OfTail(whole, crc32Js(a), b.length)).toBe(crc32Js(b));
    }
  });
});

describe('the pad block', () => {
  it('ends on every chosen bit from every start, and zlib and fflate read it as empty', () => {
    for (let start = 0; start < 8; start++)
      for (let phase = 0; phase < 8; phase++) {
        const out = new Uint8Array(200);
        const w = new BitWriter(out, start);
        writePadBlock(w, phase);
        expect(w.pos % 8).toBe(phase);
        // A final empty fixed block after it: BFINAL 1, BTYPE 01, end-of-block (7 zero bits).
        w.bits(1, 1);
        w.bits(1, 2);
        w.bits(0, 7);
        // Bits before `start` are a stored block's would-be tail here: test from a whole byte.
        if (start !== 0) continue;
        const stream = out.subarray(0, Math.ceil(w.pos / 8));
        expect(zlib.inflateRawSync(stream).length).toBe(0);
        expect(fflateInflate(stream).length).toBe(0);
        expect(walkBlocks(stream, Infinity, 0)?.end?.out).toBe(0);
      }
  });
});

describe('the deflate splice', () => {
  it('gives what zlib inflates to the cleaned content, its CRC-32, and ends at its last byte', () => {
    const rand = random(1951);
    const boundaryKinds = new Set<number>();
    let spliceCount = 0;
    for (let n = 0; n < 40; n++) {
      const content = bytes(rand, 80_000 + Math.floor(rand() * 200_000));
      const raw = new Uint8Array(
        zlib.deflateRawSync(content, {
          level: Math.floor(rand() * 10),
          strategy: STRATEGIES[n % STRATEGIES.length]!,
          memLevel: 1 + Math.floor(rand() * 9),
        }),
      );
      const changedEnd = Math.floor(rand() * 20000);
      // Cleaned starts shorter and longer than what they replace, and empty.
      const cleanedHead = bytes(
        rand,
        n % 7 === 0
          ? 0
          : Math.max(0, changedEnd + Math.floor(rand() * 4000) - 2000),
      );
      const s = spliceDeflate({
        raw,
        content,
        crc32: crc32Js(content),
        cleanedHead,
        changedEnd,
      });
      if (!s) continue;
      spliceCount++;
      const expected = concat(cleanedHead, content.subarray(changedEnd));
      const stream = spliced(raw, s);
      const inflated = zlib.inflateRawSync(stream, {
        info: true,
      }) as unknown as {
        buffer: Buffer;
        engine: { bytesWritten: number };
      };
      expect(Buffer.compare(inflated.buffer, expected)).toBe(0);
      expect(inflated.engine.bytesWritten).toBe(stream.length);
      expect(Buffer.compare(fflateInflate(stream), expected)).toBe(0);
      expect(s.crc32).toBe(crc32Js(expected));
      expect(s.size).toBe(expected.length);
      const boundary = walkBlocks(raw, changedEnd + DEFLATE_WINDOW, Infinity);
      boundaryKinds.add(boundary!.blocks.at(-1)!.type);
    }
    expect(spliceCount).toBeGreaterThan(25);
    expect([...boundaryKinds].sort()).toEqual([
      BTYPE_STORED,
      BTYPE_FIXED,
      BTYPE_DYNAMIC,
    ]);
  });

  it("decides every splice as the engine's own inflate does where Node's codecs prove junctions", () => {
    const rand = random(2026);
    const nativeProofs = { count: 0 };
    const outcomes = new Set<boolean>();
    const node = nodeCodecs();
    const lent: HostCodecs = {
      ...node,
      inflateRawPrefix: (raw, maxBytes) => {
        nativeProofs.count++;
        return node.inflateRawPrefix!(raw, maxBytes);
      },
    };
    for (let n = 0; n < 30; n++) {
      const content = bytes(rand, 80_000 + Math.floor(rand() * 150_000));
      const raw = new Uint8Array(
        zlib.deflateRawSync(content, {
          level: Math.floor(rand() * 10),
          strategy: STRATEGIES[n % STRATEGIES.length]!,
        }),
      );
      const changedEnd = Math.floor(rand() * 20000);
      const splice = {
        raw,
        content,
        crc32: crc32Js(content),
        cleanedHead: bytes(rand, changedEnd),
        changedEnd,
      };
      // Every third claims content the stream does not make past its first 40 KB.
      if (n % 3 === 0) splice.content = content.slice();
      if (n % 3 === 0) splice.content[changedEnd + 40_000]! ^= 0xff;
      const own = spliceDeflate(splice);
      lendHostCodecs(lent);
      try {
        const withNode = spliceDeflate(splice);
        expect(withNode === null).toBe(own === null);
        outcomes.add(own === null);
        if (own && withNode) {
          const { head, ...rest } = withNode;
          expect(Buffer.from(head).equals(own.head)).toBe(true);
          expect(rest.tailFrom).toBe(own.tailFrom);
          expect(rest.crc32).toBe(own.crc32);
          expect(rest.size).toBe(own.size);
        }
      } finally {
        lendHostCodecs({});
      }
    }
    expect(nativeProofs.count).toBeGreaterThan(15);
    expect([...outcomes].sort()).toEqual([false, true]);
  });

  const input = (content: Uint8Array, raw: Uint8Array, changedEnd = 100) => ({
    raw,
    content,
    crc32: crc32Js(content),
    cleanedHead: new Uint8Array(50),
    changedEnd,
  });
  const noise = (length: number) => bytes(random(7), length);

  it('falls back when the stream does not make its content past the junction', () => {
    const content = noise(300_000);
    const raw = new Uint8Array(zlib.deflateRawSync(content));
    const changedEnd = 100;
    expect(spliceDeflate(input(content, raw, changedEnd))).not.toBeNull();
    const boundary = walkBlocks(
      raw,
      changedEnd + DEFLATE_WINDOW,
      Infinity,
    )!.blocks.at(-1)!;
    // The content the caller claims differs from what the stream makes just past the boundary:
    // the block walk cannot see it, the inflate across the junction does.
    const claimed = content.slice();
    claimed[boundary.out + 1000]! ^= 0xff;
    expect(spliceDeflate(input(claimed, raw, changedEnd))).toBeNull();
  });

  it('falls back when the stream is one final block', () => {
    // Few symbols: zlib codes the whole of it in one block.
    const content = new Uint8Array(60_000).map((_, i) => 97 + ((i * 7) % 5));
    const raw = new Uint8Array(zlib.deflateRawSync(content));
    expect(walkBlocks(raw, Infinity, Infinity)?.blocks).toHaveLength(1);
    expect(spliceDeflate(input(content, raw))).toBeNull();
  });

  it('falls back when the change ends within a window of the end', () => {
    const content = noise(300_000);
    const raw = new Uint8Array(zlib.deflateRawSync(content));
    expect(spliceDeflate(input(content, raw, 290_000))).toBeNull();
  });

  it('falls back when no block boundary comes within the search', () => {
    // Stored blocks of the most a block holds: still one boundary per 64 KiB, so use a run that
    // zlib codes in one block of many megabytes.
    const content = new Uint8Array(MAX_BOUNDARY_SEARCH * 8).fill(1);
    const raw = new Uint8Array(zlib.deflateRawSync(content, { level: 9 }));
    expect(spliceDeflate(input(content, raw))).toBeNull();
  });

  it('falls back on bytes that are not deflate', () => {
    const content = noise(200_000);
    const raw = noise(150_000);
    raw[0] = 0b111; // BFINAL 1, BTYPE 11: reserved (3.2.3).
    expect(spliceDeflate(input(content, raw))).toBeNull();
  });

  it('falls back when a final block comes before the boundary', () => {
    const content = noise(200_000);
    const first = new Uint8Array(
      zlib.deflateRawSync(content.subarray(0, 1000)),
    );
    const raw = concat(
      first,
      new Uint8Array(zlib.deflateRawSync(content.subarray(1000))),
    );
    expect(spliceDeflate(input(content, raw))).toBeNull();
  });
});
