import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan, inspect, planToBlob } from '../../../workers/engine';
import {
  applicationExtension,
  insertBeforeTrailer,
} from '../../helpers/gif-blocks';
import { pixelHash } from '../../helpers/png-chunks';
import {
  blobOf,
  cleanFile,
  contains,
  exiftool,
  fileBytes,
  tempDir,
} from '../../helpers/video-tools';
import { corpusFile, itCorpus } from '../../helpers/corpus';
import { iccProfileBytes } from '../../helpers/icc-profile';
import { expectNoLeaks } from '../../helpers/leak-oracle';

const ICC_DESCRIPTION = 'Display of CANARYGIFDESC5k';
const ICC_COPYRIGHT = 'Made by CANARYGIFCPRT5k';

const CORPUS = corpusFile();
const CANARIES = [
  'CANARY_COMMENT',
  'CANARY_XMP_CREATOR',
  'CANARY_APP',
  'CANARY_TRAILER',
];

let dir = '';
const at = (name: string) => join(dir, name);
const run = (cmd: string, args: string[]) =>
  execFileSync(cmd, args, { stdio: 'pipe' });
const tags = (path: string) =>
  (JSON.parse(exiftool(path)) as Record<string, unknown>[])[0]!;

beforeAll(() => {
  dir = tempDir('gif');
  writeFileSync(at('profile.icc'), iccProfileBytes());
  run('convert', [
    ...['-size', '16x16', 'xc:red', 'xc:blue', 'xc:green'],
    ...['-set', 'delay', '10', '-loop', '0', at('anim.gif')],
  ]);
  run('exiftool', [
    '-q',
    '-overwrite_original',
    '-Comment=CANARY_COMMENT',
    '-XMP-dc:Creator=CANARY_XMP_CREATOR',
    `-icc_profile<=${at('profile.icc')}`,
    at('anim.gif'),
  ]);
  const planted = insertBeforeTrailer(
    fileBytes(at('anim.gif')),
    [applicationExtension('PRIVATE 1.0', 'CANARY_APP')],
    'CANARY_TRAILER',
  );
  writeFileSync(at('dirty.gif'), planted);
  writeFileSync(
    at('named.icc'),
    iccProfileBytes(ICC_DESCRIPTION, { copyright: ICC_COPYRIGHT }),
  );
  run('convert', [
    ...['-size', '16x16', 'xc:red', 'xc:blue'],
    ...['-set', 'delay', '10', at('named.gif')],
  ]);
  run('exiftool', [
    '-q',
    '-overwrite_original',
    `-icc_profile<=${at('named.icc')}`,
    at('named.gif'),
  ]);
});

describe('GIF cleaning', () => {
  it('removes the comment, XMP, private application data and the trailer', async () => {
    const { bytes } = await cleanFile(at('dirty.gif'));
    for (const canary of CANARIES) expect(contains(bytes, canary)).toBe(false);
  });

  it('leaves exiftool no comment or XMP, and keeps loop, frames and ICC profile', async () => {
    const { path } = await cleanFile(at('dirty.gif'));
    const before = tags(at('dirty.gif'));
    const after = tags(path);
    expect(before['File:Comment']).toBe('CANARY_COMMENT');
    expect(Object.keys(after).filter((k) => /XMP|Comment/.test(k))).toEqual([]);
    expect(after['GIF:FrameCount']).toBe(3);
    expect(after['GIF:AnimationIterations']).toBe('Infinite');
    const profile = execFileSync('exiftool', ['-b', '-ICC_Profile', path]);
    expect(profile).toEqual(readFileSync(at('profile.icc')));
  });

  it("zeroes a kept profile's words across its sub-blocks, as in every photo, its colours kept", async () => {
    const input = fileBytes(at('named.gif'));
    const { path, bytes, result } = await cleanFile(at('named.gif'));
    expectNoLeaks(input, bytes, [ICC_DESCRIPTION, ICC_COPYRIGHT]);
    expect(bytes).toHaveLength(input.length);
    const before = tags(at('named.gif'));
    const after = tags(path);
    expect(after['ICC_Profile:MediaWhitePoint']).toBe(
      before['ICC_Profile:MediaWhitePoint'],
    );
    expect(after['ICC_Profile:MediaWhitePoint']).toBeTruthy();
    expect(pixelHash(path)).toBe(pixelHash(at('named.gif')));
    expect(result.removed.map((f) => f.field)).toEqual(
      expect.arrayContaining(['content.description', 'author.copyright']),
    );
  });

  it('keeps every frame identical', async () => {
    const { path } = await cleanFile(at('dirty.gif'));
    const frames = pixelHash(path);
    expect(frames.trim().split('\n')).toHaveLength(3);
    expect(frames).toBe(pixelHash(at('dirty.gif')));
  });

  it('reports the comment, XMP creator and private application, and what it keeps', async () => {
    const { findings } = await inspect(blobOf(fileBytes(at('dirty.gif'))));
    expect(findings).toContainEqual(
      expect.objectContaining({ category: 'comment', value: 'CANARY_COMMENT' }),
    );
    expect(findings.some((f) => f.value?.includes('CANARY_XMP_CREATOR'))).toBe(
      true,
    );
    expect(findings.some((f) => f.label === 'PRIVATE 1.0')).toBe(true);
    const kept = findings.filter((f) => f.kept).map((f) => f.kept);
    expect(kept.sort()).toEqual(['color-profile', 'playback']);
  });

  it('keeps a Plain Text Extension: it is drawn content, not metadata, reported for review', async () => {
    const grid = [0, 0, 0, 0, 16, 0, 16, 0, 8, 8, 1, 0];
    const plainText = Uint8Array.from([
      ...[0x21, 0x01, grid.length, ...grid],
      ...[5, ...Buffer.from('HELLO'), 0],
    ]);
    const input = insertBeforeTrailer(fileBytes(at('anim.gif')), [plainText]);
    const result = await cleanPlan(blobOf(input));
    const output = Buffer.from(
      await (await planToBlob(blobOf(input), result.plan)).arrayBuffer(),
    );
    expect(output.includes(Buffer.from(plainText))).toBe(true);
    expect(result.kept).toContainEqual(
      expect.objectContaining({ value: 'HELLO', kept: 'review' }),
    );
  });

  it('reports progress through the walk and stops when cancelled', async () => {
    const input = blobOf(fileBytes(at('dirty.gif')));
    const fractions: number[] = [];
    await cleanPlan(input, { onProgress: (f) => fractions.push(f) });
    expect(fractions.at(-1)).toBe(1);
    expect(fractions.every((f) => f >= 0 && f <= 1)).toBe(true);
    const controller = new AbortController();
    const cancelling = cleanPlan(input, {
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    await expect(cancelling).rejects.toMatchObject({ code: 'cancelled' });
  });

  itCorpus('cleans mat2/dirty.gif with its 8 frames identical', async () => {
    const input = `${CORPUS}/mat2/dirty.gif`;
    const copy = at('mat2.gif');
    writeFileSync(copy, readFileSync(input));
    const { path, bytes, result } = await cleanFile(copy);
    expect(result.removed.map((f) => f.label)).toEqual(['Comment']);
    expect(contains(bytes, 'test comment')).toBe(false);
    expect(pixelHash(path)).toBe(pixelHash(input));
  });
});

describe('GIF hostile input', () => {
  const base = () => fileBytes(at('anim.gif'));

  it('fails as corrupt when truncated inside an image', async () => {
    const bytes = base();
    await expect(
      cleanPlan(blobOf(bytes.subarray(0, bytes.length - 10))),
    ).rejects.toMatchObject({ code: 'corrupt' });
  });

  it('fails as corrupt without a trailer', async () => {
    const bytes = base();
    await expect(
      cleanPlan(blobOf(bytes.subarray(0, bytes.length - 1))),
    ).rejects.toMatchObject({ code: 'corrupt' });
  });

  it('fails as corrupt on an unknown block introducer', async () => {
    const bytes = insertBeforeTrailer(base(), [Uint8Array.of(0x99)]);
    await expect(cleanPlan(blobOf(bytes))).rejects.toMatchObject({
      code: 'corrupt',
    });
  });

  it('fails as corrupt on random bytes behind a valid header', async () => {
    const bytes = Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251);
    bytes.set(Buffer.from('GIF89a'));
    await expect(cleanPlan(blobOf(bytes))).rejects.toMatchObject({
      code: 'corrupt',
    });
  });

  it('walks a long chain of empty extensions quickly', async () => {
    const empty = Uint8Array.of(0x21, 0xfe, 0x00);
    const many = Array.from({ length: 20_000 }, () => empty);
    const started = performance.now();
    const result = await cleanPlan(blobOf(insertBeforeTrailer(base(), many)));
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(result.removed).toHaveLength(20_000 + 2);
  });

  it('walks 150,000 comment blocks through a few window reads, not one read per block', async () => {
    const comment = Uint8Array.of(0x21, 0xfe, 5, ...Buffer.from('hello'), 0);
    const blocks = Array.from({ length: 150_000 }, () => comment);
    const bytes = insertBeforeTrailer(base(), blocks);
    let reads = 0;
    const counted = {
      size: bytes.length,
      read: async (offset: number, length: number) => {
        reads++;
        return bytes.slice(offset, offset + length);
      },
    };
    const started = performance.now();
    const result = await cleanPlan(counted);
    expect(performance.now() - started).toBeLessThan(20_000);
    expect(result.removed).toHaveLength(150_000 + 2);
    // 1.6 MB of blocks is a few dozen 64 KiB windows for the walk, the report and the verification.
    expect(reads).toBeLessThan(500);
  });
});
