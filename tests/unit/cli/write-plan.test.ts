import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openFileAccess, type FileAccess } from '../../../cli/file-access';
import { COPY_CHUNK_BYTES, writePlan } from '../../../cli/write-plan';
import { isCheckFailed } from '../../../workers/engine/checked-copy';
import { OutputBuilder } from '../../../workers/engine/output-plan';

const INPUT = Uint8Array.from({ length: 4096 }, (_, i) => i % 251);

describe('writePlan', () => {
  let dir: string;
  let input: string;
  let access: FileAccess;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'metaclean-write-'));
    input = join(dir, 'in.bin');
    writeFileSync(input, INPUT);
    access = await openFileAccess(input);
  });
  afterEach(() => access.close());

  it('writes a same-size plan: the input with the patched ranges', async () => {
    const patch = new Uint8Array(16).fill(0xee);
    const plan = new OutputBuilder()
      .copy(0, 100)
      .push(patch)
      .copy(116, INPUT.length)
      .build();
    await writePlan(access, plan, join(dir, 'out.bin'));
    expect(readFileSync(join(dir, 'out.bin'))).toEqual(
      Buffer.concat([INPUT.subarray(0, 100), patch, INPUT.subarray(116)]),
    );
    expect(readFileSync(input)).toEqual(Buffer.from(INPUT));
  });

  it('writes a plan that moves bytes', async () => {
    const insert = Uint8Array.of(1, 2, 3);
    const plan = new OutputBuilder()
      .copy(0, 10)
      .push(insert)
      .copy(2000, INPUT.length)
      .build();
    await writePlan(access, plan, join(dir, 'out.bin'));
    expect(readFileSync(join(dir, 'out.bin'))).toEqual(
      Buffer.concat([INPUT.subarray(0, 10), insert, INPUT.subarray(2000)]),
    );
  });

  it('fails unreadable on an input that shrank, leaving no output and no temporary file', async () => {
    truncateSync(input, 1000);
    const plan = new OutputBuilder().copy(0, INPUT.length).build();
    await expect(
      writePlan(access, plan, join(dir, 'out.bin')),
    ).rejects.toMatchObject({ code: 'unreadable' });
    expect(readdirSync(dir)).toEqual(['in.bin']);
  });

  it('fails unreadable on an input modified in place since it was opened', async () => {
    writeFileSync(
      input,
      INPUT.map((b) => b ^ 1),
    );
    const plan = new OutputBuilder().copy(0, INPUT.length).build();
    await expect(
      writePlan(access, plan, join(dir, 'out.bin')),
    ).rejects.toMatchObject({ code: 'unreadable' });
    expect(readdirSync(dir)).toEqual(['in.bin']);
  });

  it('fails unwritable when the output folder does not exist', async () => {
    const plan = new OutputBuilder().copy(0, 10).build();
    await expect(
      writePlan(access, plan, join(dir, 'missing', 'out.bin')),
    ).rejects.toMatchObject({ code: 'unwritable' });
    expect(readdirSync(dir)).toEqual(['in.bin']);
  });
});

describe('writePlan across chunks', () => {
  it('copies a range larger than one chunk exactly', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'metaclean-chunks-'));
    const size = 2 * COPY_CHUNK_BYTES + 12345;
    const bytes = new Uint8Array(size);
    for (let i = 0; i < size; i += 4096) bytes[i] = (i / 4096) % 256;
    writeFileSync(join(dir, 'in.bin'), bytes);
    const access = await openFileAccess(join(dir, 'in.bin'));
    try {
      const plan = new OutputBuilder()
        .copy(0, 5)
        .push(Uint8Array.of(9, 9))
        .copy(7, size)
        .build();
      await writePlan(access, plan, join(dir, 'out.bin'));
    } finally {
      await access.close();
    }
    const expected = Buffer.from(bytes);
    expected[5] = 9;
    expected[6] = 9;
    expect(readFileSync(join(dir, 'out.bin')).equals(expected)).toBe(true);
  });
});

describe('writePlan of many small new segments', () => {
  it('writes small and large new bytes, made bytes and copies in their order', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'metaclean-gather-'));
    writeFileSync(join(dir, 'in.bin'), INPUT);
    const access = await openFileAccess(join(dir, 'in.bin'));
    const builder = new OutputBuilder();
    const expected: Uint8Array[] = [];
    // Enough small arrays to fill the gathering buffer several times, a large one and copies
    // between them, so every way a gathered run ends is taken.
    for (let i = 0; i < 40_000; i++) {
      const small = Uint8Array.from({ length: 1 + (i % 97) }, (_, j) => i + j);
      builder.push(small);
      expected.push(small);
      if (i % 9_999 === 0) {
        const large = new Uint8Array(300_000).fill(i % 256);
        builder.push(large);
        expected.push(large);
      }
      if (i % 7_001 === 0) {
        builder.copy(i % 1000, 2000);
        expected.push(INPUT.subarray(i % 1000, 2000));
      }
    }
    const made = Uint8Array.of(7, 7, 7);
    const plan = [
      ...builder.build(),
      { kind: 'deferred' as const, size: 3, make: async () => made },
    ];
    expected.push(made);
    try {
      await writePlan(access, plan, join(dir, 'out.bin'));
    } finally {
      await access.close();
    }
    expect(
      readFileSync(join(dir, 'out.bin')).equals(Buffer.concat(expected)),
    ).toBe(true);
  });
});

describe('writePlan on a read-only input', () => {
  it('writes a copy the user can modify', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'metaclean-mode-'));
    const input = join(dir, 'in.bin');
    writeFileSync(input, INPUT, { mode: 0o444 });
    const access = await openFileAccess(input);
    try {
      const plan = new OutputBuilder().copy(0, INPUT.length).build();
      await writePlan(access, plan, join(dir, 'out.bin'));
    } finally {
      await access.close();
    }
    expect(statSync(join(dir, 'out.bin')).mode & 0o200).toBe(0o200);
  });
});

describe('writePlan permissions', () => {
  it('gives the copy of a 0600 input no wider permissions than 0600', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'metaclean-private-'));
    const input = join(dir, 'in.bin');
    writeFileSync(input, INPUT, { mode: 0o600 });
    const access = await openFileAccess(input);
    try {
      const plan = new OutputBuilder().copy(0, INPUT.length).build();
      await writePlan(access, plan, join(dir, 'out.bin'));
    } finally {
      await access.close();
    }
    expect(statSync(join(dir, 'out.bin')).mode & 0o777).toBe(0o600);
  });
});

describe('writePlan reads of short copied ranges', () => {
  const MB = 1024 * 1024;
  const big = Uint8Array.from({ length: 3 * MB }, (_, i) => (i * 7) % 253);

  /** The input opened, each read counted in bytes. */
  async function counted(dir: string): Promise<{
    access: FileAccess;
    bytesRead: () => number;
  }> {
    const path = join(dir, 'in.bin');
    writeFileSync(path, big);
    const access = await openFileAccess(path);
    let total = 0;
    return {
      access: {
        ...access,
        readInto: async (offset, into) => {
          total += into.length;
          return access.readInto(offset, into);
        },
      },
      bytesRead: () => total,
    };
  }

  it('reads a short range beside a long one without reading the long one twice', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'metaclean-window-'));
    const { access, bytesRead } = await counted(dir);
    // A photo's kept header (short), a new segment, then its pixels (long), as a PDF's plan has.
    const plan = new OutputBuilder()
      .copy(0, 700)
      .push(Uint8Array.of(0xff, 0xd8))
      .copy(1000, big.length)
      .build();
    try {
      await writePlan(access, plan, join(dir, 'out.bin'));
    } finally {
      await access.close();
    }
    // Buffer.equals: a deep toEqual walks 3 MB element by element (tens of seconds on a loaded machine).
    const written = readFileSync(join(dir, 'out.bin'));
    const want = Buffer.concat([
      big.subarray(0, 700),
      Buffer.of(0xff, 0xd8),
      big.subarray(1000),
    ]);
    expect(written.length).toBe(want.length);
    expect(written.equals(want)).toBe(true);
    // The long range once, and no more than a small first window for the short one.
    expect(bytesRead()).toBeLessThanOrEqual(big.length - 1000 + 64 * 1024);
  });

  it('still reads thousands of short ranges in order with a few large reads', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'metaclean-window-'));
    const { access, bytesRead } = await counted(dir);
    const builder = new OutputBuilder();
    const expected: Uint8Array[] = [];
    // Members of 1,000 bytes with a 24-byte gap (a header left out) between them.
    for (let at = 0; at + 1000 <= big.length; at += 1024) {
      builder.copy(at, at + 1000);
      expected.push(big.subarray(at, at + 1000));
    }
    let reads = 0;
    const readInto = access.readInto;
    access.readInto = async (offset, into) => {
      reads++;
      return readInto(offset, into);
    };
    try {
      await writePlan(access, builder.build(), join(dir, 'out.bin'));
    } finally {
      await access.close();
    }
    const written = readFileSync(join(dir, 'out.bin'));
    const want = Buffer.concat(expected);
    expect(written.length).toBe(want.length);
    expect(written.equals(want)).toBe(true);
    expect(bytesRead()).toBeLessThanOrEqual(big.length);
    expect(reads).toBeLessThan(16);
  });
});

describe('writePlan with claimed ranges (a checked copy)', () => {
  const BAD = 0xee;
  /** A check that fails on BAD, counting the bytes it was fed. */
  const counted = () => {
    const fed = { bytes: 0 };
    const check = () => ({
      feed(bytes: Uint8Array) {
        fed.bytes += bytes.length;
        return !bytes.includes(BAD);
      },
    });
    return { fed, check };
  };
  let dir: string;
  let access: FileAccess;
  const size = 4 * COPY_CHUNK_BYTES;
  const bad = 2 * COPY_CHUNK_BYTES + 1000;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'metaclean-claims-'));
    const bytes = new Uint8Array(size).fill(1);
    bytes[bad] = BAD;
    writeFileSync(join(dir, 'in.bin'), bytes);
    access = await openFileAccess(join(dir, 'in.bin'));
  });
  afterEach(() => access.close());

  it('fails unclean mid-copy when a claimed range fails its check, leaving no output and no temporary file', async () => {
    const { fed, check } = counted();
    const plan = new OutputBuilder()
      .copy(0, 10)
      .push(Uint8Array.of(7))
      .copy(11, size)
      .build();
    const writing = writePlan(access, plan, join(dir, 'out.bin'), undefined, [
      { start: 100, end: size - 100, check },
    ]);
    await expect(writing).rejects.toMatchObject({ code: 'unclean' });
    await expect(writing).rejects.toSatisfy(isCheckFailed);
    // Stopped at the chunk that holds the failing byte, not after the whole range.
    expect(fed.bytes).toBeLessThan(size - 200);
    expect(fed.bytes).toBeGreaterThan(bad - 100);
    expect(readdirSync(dir)).toEqual(['in.bin']);
  });

  it('writes the output when every claimed range passes as it is copied, reading it once', async () => {
    const { fed, check } = counted();
    const plan = new OutputBuilder().copy(0, bad).build();
    await writePlan(access, plan, join(dir, 'out.bin'), undefined, [
      { start: 5, end: bad - 5, check },
    ]);
    expect(fed.bytes).toBe(bad - 10);
    expect(statSync(join(dir, 'out.bin')).size).toBe(bad);
  });

  it('checks on its own a claimed range the plan copies only in part, or not at all', async () => {
    for (const plan of [
      new OutputBuilder().copy(0, COPY_CHUNK_BYTES).build(),
      new OutputBuilder()
        .copy(0, 50)
        .copy(bad + 10, size)
        .build(),
    ]) {
      const { check } = counted();
      await expect(
        writePlan(access, plan, join(dir, 'out.bin'), undefined, [
          { start: 10, end: size - 10, check },
        ]),
      ).rejects.toSatisfy(isCheckFailed);
      expect(readdirSync(dir)).toEqual(['in.bin']);
    }
  });
});
