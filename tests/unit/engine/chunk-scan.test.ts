import { describe, expect, it } from 'vitest';
import { ByteSource } from '../../../workers/engine/byte-source';
import { scanChunks } from '../../../workers/engine/chunk-scan';
import { planAccess } from '../../../workers/engine/output-plan';
import {
  bytesAccess,
  rangeAccess,
  type RandomAccess,
} from '../../../workers/engine/random-access';
import { findResidue } from '../../../workers/engine/residue-scan';

const MB = 1024 * 1024;

/** Bytes in memory read the way the CLI's file handle reads them: into the caller's buffer. */
function intoAccess(
  bytes: Uint8Array,
): RandomAccess & { targets: Set<ArrayBufferLike> } {
  const targets = new Set<ArrayBufferLike>();
  return {
    size: bytes.length,
    targets,
    read: async (offset, length) => bytes.slice(offset, offset + length),
    readInto: async (offset, into) => {
      targets.add(into.buffer);
      into.set(bytes.subarray(offset, offset + into.length));
      return into;
    },
  };
}

/** Each step's (at, length) and the bytes it saw, joined without the overlaps. */
async function steps(src: ByteSource, start: number, end: number) {
  const seen: [number, number][] = [];
  let joined: number[] = [];
  await scanChunks(
    src,
    start,
    end,
    { stepBytes: 10, overlapBytes: 3 },
    (bytes, at) => {
      seen.push([at, bytes.length]);
      joined = [...joined.slice(0, at - start), ...bytes];
      return undefined;
    },
  );
  return { seen, joined };
}

describe('scanChunks', () => {
  const bytes = Uint8Array.from({ length: 45 }, (_, i) => i);

  it('hands over the whole range in overlapping steps, through two reused buffers', async () => {
    const access = intoAccess(bytes);
    const { seen, joined } = await steps(new ByteSource(access), 4, 41);
    expect(seen).toEqual([
      [4, 13],
      [14, 13],
      [24, 13],
      [34, 7],
    ]);
    expect(joined).toEqual([...bytes.subarray(4, 41)]);
    expect(access.targets.size).toBe(2);
  });

  it('hands over bytes in memory as views of them, in the same steps, never copied', async () => {
    const access = bytesAccess(bytes);
    const copies = { count: 0 };
    const counted: RandomAccess = {
      ...access,
      read: (offset, length) => (copies.count++, access.read(offset, length)),
      readInto: (offset, into) => (
        copies.count++,
        access.readInto!(offset, into)
      ),
    };
    const viewed = new Set<ArrayBufferLike>();
    await scanChunks(
      new ByteSource(counted),
      4,
      41,
      { stepBytes: 10, overlapBytes: 3 },
      (chunk) => void viewed.add(chunk.buffer),
    );
    expect([...viewed]).toEqual([bytes.buffer]);
    expect(copies.count).toBe(0);
    const { seen, joined } = await steps(new ByteSource(counted), 4, 41);
    expect(seen).toEqual([
      [4, 13],
      [14, 13],
      [24, 13],
      [34, 7],
    ]);
    expect(joined).toEqual([...bytes.subarray(4, 41)]);
  });

  it('reads a source without readInto the same way', async () => {
    const access: RandomAccess = {
      size: bytes.length,
      read: async (offset, length) => bytes.slice(offset, offset + length),
    };
    const { joined } = await steps(new ByteSource(access), 0, 45);
    expect(joined).toEqual([...bytes]);
  });

  it('stops at the first answer and returns it', async () => {
    const visited: number[] = [];
    const found = await scanChunks(
      new ByteSource(intoAccess(bytes)),
      0,
      45,
      { stepBytes: 10, overlapBytes: 0 },
      (chunk, at) => {
        visited.push(at);
        const i = chunk.indexOf(25);
        return i >= 0 ? at + i : undefined;
      },
    );
    expect(found).toBe(25);
    expect(visited).toEqual([0, 10, 20]);
  });

  it('reads nothing for an empty range', async () => {
    const found = await scanChunks(
      new ByteSource(intoAccess(bytes)),
      30,
      30,
      { stepBytes: 10, overlapBytes: 3 },
      () => 'visited',
    );
    expect(found).toBeUndefined();
  });
});

describe('the residue scan through reused buffers', () => {
  const signatures = [
    ['<?xpacket', '"<?xpacket"'],
    ['http://ns.adobe.com/xap/1.0/', '"http://ns.adobe.com/xap/1.0/"'],
    [
      'http://ns.adobe.com/xmp/extension/',
      '"http://ns.adobe.com/xmp/extension/"',
    ],
    ['Exif\0\0', '"Exif\\u0000\\u0000"'],
    ['ID3\x03\0', 'ID3v2'],
  ] as const;

  it.each(signatures)(
    'finds %j across the boundary of two 4 MB steps',
    async (signature, name) => {
      const bytes = new Uint8Array(9 * MB);
      const at = 4 * MB - 5;
      bytes.set(Buffer.from(signature, 'latin1'), at);
      const src = new ByteSource(intoAccess(bytes));
      const plan = [{ kind: 'copy', start: 0, end: bytes.length }] as const;
      expect(await findResidue(src, plan, [])).toBe(`${name} near 0`);
    },
  );

  it('names the first signature in its list when a step holds several', async () => {
    const bytes = new Uint8Array(MB);
    bytes.set(Buffer.from('http://ns.adobe.com/xmp/extension/', 'latin1'), 10);
    bytes.set(Buffer.from('http://ns.adobe.com/xap/1.0/', 'latin1'), 900);
    const src = new ByteSource(intoAccess(bytes));
    const plan = [{ kind: 'copy', start: 0, end: bytes.length }] as const;
    expect(await findResidue(src, plan, [])).toBe(
      '"http://ns.adobe.com/xap/1.0/" near 0',
    );
  });

  it('finds nothing in an Adobe namespace that is neither of the two', async () => {
    const bytes = new Uint8Array(MB);
    bytes.set(Buffer.from('http://ns.adobe.com/xmp/note/', 'latin1'), 10);
    const src = new ByteSource(intoAccess(bytes));
    const plan = [{ kind: 'copy', start: 0, end: bytes.length }] as const;
    expect(await findResidue(src, plan, [])).toBeNull();
  });
});

describe('readInto answers as read does', () => {
  const bytes = Uint8Array.from({ length: 200 }, (_, i) => (i * 7) % 256);
  const plan = [
    { kind: 'copy', start: 10, end: 60 },
    { kind: 'bytes', data: Uint8Array.of(1, 2, 3) },
    { kind: 'copy', start: 100, end: 200 },
  ] as const;
  const accesses: [string, RandomAccess][] = [
    ['bytes in memory', bytesAccess(bytes)],
    ['a range of them', rangeAccess(bytesAccess(bytes), 20, 180)],
    ['a planned output over them', planAccess(intoAccess(bytes), plan)],
  ];

  it.each(accesses)('%s', async (_, access) => {
    const into = new Uint8Array(40);
    for (const offset of [0, 45, access.size - 40]) {
      const read = await access.read(offset, 40);
      const filled = await access.readInto!(offset, into);
      expect(filled.buffer).toBe(into.buffer);
      expect([...filled]).toEqual([...read]);
    }
  });
});
