import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { writePlan } from '../../../cli/write-plan';
import { OutputBuilder } from '../../../workers/engine/output-plan';

const INPUT = Uint8Array.from({ length: 4096 }, (_, i) => i % 251);

describe('writePlan', () => {
  let dir: string;
  let input: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'metaclean-write-'));
    input = join(dir, 'in.bin');
    writeFileSync(input, INPUT);
  });

  function expected(parts: Uint8Array[]): Buffer {
    return Buffer.concat(parts);
  }

  it('patches a same-size plan in place of a copy', async () => {
    const patch = new Uint8Array(16).fill(0xee);
    const plan = new OutputBuilder()
      .copy(0, 100)
      .push(patch)
      .copy(116, INPUT.length)
      .build();
    await writePlan(input, INPUT.length, plan, join(dir, 'out.bin'));
    const out = readFileSync(join(dir, 'out.bin'));
    expect(out).toEqual(
      expected([INPUT.subarray(0, 100), patch, INPUT.subarray(116)]),
    );
    expect(readFileSync(input)).toEqual(Buffer.from(INPUT));
  });

  it('streams a plan that moves bytes', async () => {
    const insert = Uint8Array.of(1, 2, 3);
    const plan = new OutputBuilder()
      .copy(0, 10)
      .push(insert)
      .copy(2000, INPUT.length)
      .build();
    await writePlan(input, INPUT.length, plan, join(dir, 'out.bin'));
    const out = readFileSync(join(dir, 'out.bin'));
    expect(out).toEqual(
      expected([INPUT.subarray(0, 10), insert, INPUT.subarray(2000)]),
    );
  });

  it('leaves no output and no temporary file when writing fails', async () => {
    const plan = new OutputBuilder().copy(0, 10).build();
    await expect(
      writePlan(join(dir, 'missing.bin'), 10, plan, join(dir, 'out.bin')),
    ).rejects.toThrow();
    expect(readdirSync(dir)).toEqual(['in.bin']);
  });
});

describe('writePlan on a read-only input', () => {
  it('writes a copy the user can modify', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'metaclean-mode-'));
    const input = join(dir, 'in.bin');
    writeFileSync(input, INPUT, { mode: 0o444 });
    const plan = new OutputBuilder().copy(0, INPUT.length).build();
    await writePlan(input, INPUT.length, plan, join(dir, 'out.bin'));
    expect(statSync(join(dir, 'out.bin')).mode & 0o200).toBe(0o200);
  });
});
