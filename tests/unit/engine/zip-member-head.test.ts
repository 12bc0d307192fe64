/**
 * A member's start (`headOf`) decides whether a document part is a file the engine cleans and
 * whether its bytes are recognised at all. A member of one chunk is inflated into a buffer of our
 * own instead of through the streaming inflater (tens of thousands of small photos paid its
 * allocations): for every stream, well-formed or broken, the answer must be the streaming
 * inflater's, the same bytes or the same refusal.
 */
import { constants, deflateRawSync } from 'node:zlib';
import { Inflate } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeCodecs } from '../../../cli/node-codecs';
import { lendHostCodecs } from '../../../workers/engine/shared/host-codecs';
import { ByteSource } from '../../../workers/engine/byte-source';
import { EngineError } from '../../../workers/engine/errors';
import { bytesAccess } from '../../../workers/engine/random-access';
import { METHOD_DEFLATED } from '../../../workers/engine/shared/zip';
import { headOf } from '../../../workers/engine/shared/zip/nested';
import type { ZipEntry } from '../../../workers/engine/shared/zip/read';

const HEAD_BYTES = 1024;

/**
 * The streaming inflater fed the member's bytes 4,096 at a time (at most 64 KB) until it made the
 * head: the answer to match for a member longer than one chunk.
 */
function streamedHeadInChunks(
  raw: Uint8Array,
  size: number,
): Uint8Array | 'refused' {
  const wanted = Math.min(HEAD_BYTES, size);
  const head = new Uint8Array(wanted);
  let filled = 0;
  const inflater = new Inflate((chunk) => {
    const take = Math.min(chunk.length, wanted - filled);
    head.set(chunk.subarray(0, take), filled);
    filled += take;
  });
  const limit = Math.min(raw.length, 64 * 1024);
  try {
    for (let at = 0; at < limit && filled < wanted; at += 4096) {
      const end = Math.min(limit, at + 4096);
      inflater.push(raw.subarray(at, end), end === raw.length);
    }
  } catch {
    return 'refused';
  }
  return head.subarray(0, filled);
}

/** The streaming inflater fed the member's bytes as one final chunk: the answer to match. */
function streamedHead(raw: Uint8Array, size: number): Uint8Array | 'refused' {
  const wanted = Math.min(HEAD_BYTES, size);
  const head = new Uint8Array(wanted);
  let filled = 0;
  const inflater = new Inflate((chunk) => {
    const take = Math.min(chunk.length, wanted - filled);
    head.set(chunk.subarray(0, take), filled);
    filled += take;
  });
  if (wanted === 0 || raw.length === 0) return head.subarray(0, 0);
  try {
    inflater.push(raw, true);
  } catch {
    return 'refused';
  }
  return head.subarray(0, filled);
}

async function ourHead(
  raw: Uint8Array,
  size: number,
): Promise<Uint8Array | 'refused'> {
  const lead = 7;
  const file = new Uint8Array(lead + raw.length);
  file.set(raw, lead);
  const entry: ZipEntry = {
    name: 'word/media/p.jpg',
    method: METHOD_DEFLATED,
    crc32: 0,
    compressedSize: raw.length,
    uncompressedSize: size,
    headerOffset: 0,
    dataStart: lead,
  };
  try {
    return await headOf(new ByteSource(bytesAccess(file)), entry);
  } catch (error) {
    expect(error).toBeInstanceOf(EngineError);
    return 'refused';
  }
}

/** A deterministic generator, so a failure names a case that comes again. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function content(rand: () => number, length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  // Text-like runs and noise, so both fixed and dynamic Huffman blocks come out.
  for (let i = 0; i < length; i++)
    bytes[i] = rand() < 0.7 ? 0x61 + (((i / 7) % 5) | 0) : (rand() * 256) | 0;
  return bytes;
}

describe('the start of a member of one chunk', () => {
  it('is the streaming inflater answer for well-formed, short, stored and broken streams', async () => {
    const rand = random(21);
    let compared = 0;
    for (let n = 0; n < 120; n++) {
      const length = [0, 1, 200, 1023, 1024, 1025, 3000, 9000][n % 8]!;
      const level = [0, 1, 6, 9][n % 4]!;
      const plain = content(rand, length);
      const stream = new Uint8Array(deflateRawSync(plain, { level }));
      if (stream.length > 4096) continue;
      const variants: Uint8Array[] = [stream];
      // Cut short, a byte flipped, bytes after the end.
      variants.push(stream.subarray(0, Math.floor(stream.length * rand())));
      const flipped = stream.slice();
      if (flipped.length)
        flipped[(rand() * flipped.length) | 0]! ^= 1 << ((rand() * 8) | 0);
      variants.push(flipped);
      variants.push(Uint8Array.from([...stream, 0x51, 0x52, 0x53]));
      for (const raw of variants)
        for (const size of [length, 0, 5, length + 100]) {
          if (raw.length === 0 || raw.length > 4096) continue;
          expect(await ourHead(raw, size), `case ${n}`).toEqual(
            streamedHead(raw, size),
          );
          compared++;
        }
    }
    expect(compared).toBeGreaterThan(400);
  });

  it('reads the head of a stored block longer than the head', async () => {
    const plain = content(random(18), 2000);
    const raw = new Uint8Array(deflateRawSync(plain, { level: 0 }));
    expect(await ourHead(raw, plain.length)).toEqual(
      plain.subarray(0, HEAD_BYTES),
    );
  });
});

describe('the start of a member longer than one chunk, with the host inflate lent', () => {
  afterEach(() => lendHostCodecs({}));

  it("is the streaming inflater's answer for well-formed, cut, stored, mixed and broken streams, and the host made most of them", async () => {
    let hostCalls = 0;
    const node = nodeCodecs();
    lendHostCodecs({
      ...node,
      inflateRawFirstBlock: (raw, max) => {
        const made = node.inflateRawFirstBlock!(raw, max);
        if (made) hostCalls++;
        return made;
      },
    });
    const rand = random(2121);
    let compared = 0;
    for (let n = 0; n < 60; n++) {
      const length = [5000, 9000, 20000, 70000, 150000][n % 5]!;
      const level = [1, 6, 9, 0][n % 4]!;
      const plain = content(rand, length);
      const stream = new Uint8Array(deflateRawSync(plain, { level }));
      // A compressed block, then stored blocks: a sync flush ends the first part unfinished.
      const cut = (length * rand()) | 0;
      const mixed = Uint8Array.from([
        ...deflateRawSync(plain.subarray(0, cut % 900), {
          finishFlush: constants.Z_SYNC_FLUSH,
        }),
        ...deflateRawSync(plain.subarray(cut % 900), { level: 0 }),
      ]);
      const variants: Uint8Array[] = [stream, mixed];
      variants.push(stream.subarray(0, 4097 + ((rand() * 5000) | 0)));
      for (let flips = 0; flips < 4; flips++) {
        const flipped = stream.slice();
        flipped[(rand() * Math.min(flipped.length, 4096)) | 0]! ^=
          1 << ((rand() * 8) | 0);
        variants.push(flipped);
      }
      variants.push(Uint8Array.from([...stream, 0x51, 0x52, 0x53]));
      // A first block that makes the head, then a block of the reserved type 3 in the same chunk.
      const reserved = new Uint8Array(6000).fill(0x06);
      reserved.set(
        deflateRawSync(plain.subarray(0, 2000), {
          finishFlush: constants.Z_SYNC_FLUSH,
        }),
      );
      variants.push(reserved);
      for (const raw of variants)
        for (const size of [length, 5, length + 100]) {
          if (raw.length <= 4096) continue;
          expect(await ourHead(raw, size), `case ${n}`).toEqual(
            streamedHeadInChunks(raw, size),
          );
          compared++;
        }
    }
    expect(compared).toBeGreaterThan(300);
    expect(hostCalls).toBeGreaterThan(100);
  });
});
