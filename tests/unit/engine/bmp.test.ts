import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan, inspect, planToBlob } from '../../../workers/engine';
import {
  blobOf,
  contains,
  fileBytes,
  tempDir,
} from '../../helpers/video-tools';
import { corpusFile, itCorpus } from '../../helpers/corpus';
import { iccProfileBytes } from '../../helpers/icc-profile';
import { expectNoLeaks } from '../../helpers/leak-oracle';

const ICC_DESCRIPTION = 'Display of CANARYBMPDESC7w';
const ICC_COPYRIGHT = 'Made by CANARYBMPCPRT7w';

const CORPUS = corpusFile();
const PATH = 'C:\\Users\\CANARY_USER\\profiles\\monitor.icc';
const FILE_SIZE_AT = 2;
const CS_TYPE_AT = 14 + 56;
const PROFILE_DATA_AT = 14 + 112;
const PROFILE_SIZE_AT = 14 + 116;

let dir = '';
const at = (name: string) => join(dir, name);

async function cleanBytes(bytes: Uint8Array): Promise<Uint8Array> {
  const blob = blobOf(bytes);
  const { plan } = await cleanPlan(blob);
  return new Uint8Array(await (await planToBlob(blob, plan)).arrayBuffer());
}

/** A V5 BMP whose colour space is a linked profile: a Windows path appended after the pixels. */
function withLinkedProfile(v5: Uint8Array): Uint8Array {
  const path = Buffer.from(`${PATH}\0`, 'latin1');
  const out = Buffer.concat([v5, path]);
  out.writeUInt32LE(out.length, FILE_SIZE_AT);
  out.write('KNIL', CS_TYPE_AT, 'latin1');
  out.writeUInt32LE(v5.length - 14, PROFILE_DATA_AT);
  out.writeUInt32LE(path.length, PROFILE_SIZE_AT);
  return out;
}

beforeAll(() => {
  dir = tempDir('bmp');
  writeFileSync(at('profile.icc'), iccProfileBytes());
  execFileSync('convert', [
    ...['-size', '8x6', 'gradient:red-blue', '-profile', at('profile.icc')],
    `BMP:${at('v5.bmp')}`,
  ]);
  writeFileSync(
    at('named.icc'),
    iccProfileBytes(ICC_DESCRIPTION, { copyright: ICC_COPYRIGHT }),
  );
  execFileSync('convert', [
    ...['-size', '8x6', 'gradient:red-blue', '-profile', at('named.icc')],
    `BMP:${at('named.bmp')}`,
  ]);
});

const exiftool = (bytes: Uint8Array, tag: string): string =>
  execFileSync('exiftool', ['-s3', `-ICC_Profile:${tag}`, '-'], {
    input: bytes,
    encoding: 'utf8',
  }).trim();

describe('BMP', () => {
  itCorpus(
    'outputs mat2/dirty.bmp byte for byte, with nothing found',
    async () => {
      const input = fileBytes(`${CORPUS}/mat2/dirty.bmp`);
      const { findings } = await inspect(blobOf(input));
      expect(findings).toEqual([]);
      expect(await cleanBytes(input)).toEqual(input);
    },
  );

  it('keeps an embedded V5 ICC profile and reports it as kept', async () => {
    const input = fileBytes(at('v5.bmp'));
    const result = await cleanPlan(blobOf(input));
    expect(result.kept).toEqual([
      expect.objectContaining({ label: 'ICC profile', kept: 'color-profile' }),
    ]);
    expect(await cleanBytes(input)).toEqual(input);
  });

  it("zeroes an embedded profile's words in place, as in every photo, its colours and pixels kept", async () => {
    const input = fileBytes(at('named.bmp'));
    expect(exiftool(input, 'ProfileDescription')).toBe(ICC_DESCRIPTION);
    const result = await cleanPlan(blobOf(input));
    const output = await cleanBytes(input);
    expectNoLeaks(input, output, [ICC_DESCRIPTION, ICC_COPYRIGHT]);
    expect(output).toHaveLength(input.length);
    expect(exiftool(output, 'MediaWhitePoint')).toBe(
      exiftool(input, 'MediaWhitePoint'),
    );
    expect(result.removed.map((f) => f.field)).toEqual(
      expect.arrayContaining(['content.description', 'author.copyright']),
    );
    const pixels = (bytes: Uint8Array) =>
      execFileSync('convert', ['bmp:-', 'rgba:-'], { input: bytes }).toString(
        'hex',
      );
    expect(pixels(output)).toBe(pixels(input));
  });

  it('blanks a linked profile path in place and reports it', async () => {
    const input = withLinkedProfile(fileBytes(at('v5.bmp')));
    const { findings } = await inspect(blobOf(input));
    expect(findings).toEqual([
      expect.objectContaining({ category: 'identifier', value: PATH }),
    ]);
    const output = await cleanBytes(input);
    expect(output).toHaveLength(input.length);
    expect(contains(output, 'CANARY_USER')).toBe(false);
    const pixels = (bytes: Uint8Array) =>
      execFileSync('convert', ['bmp:-', 'rgba:-'], { input: bytes }).toString(
        'hex',
      );
    expect(pixels(output)).toBe(pixels(readFileSync(at('v5.bmp'))));
  });

  it('fails as corrupt when the pixel offset points past the file', async () => {
    const input = Buffer.from(fileBytes(at('v5.bmp')));
    input.writeUInt32LE(0x7fffffff, 10);
    await expect(cleanPlan(blobOf(input))).rejects.toMatchObject({
      code: 'corrupt',
    });
  });

  it('fails as corrupt when the profile points past the file', async () => {
    const input = Buffer.from(fileBytes(at('v5.bmp')));
    input.writeUInt32LE(0x7fffff00, PROFILE_DATA_AT);
    await expect(cleanPlan(blobOf(input))).rejects.toMatchObject({
      code: 'corrupt',
    });
  });

  it('fails as corrupt when the V5 header is truncated', async () => {
    const input = fileBytes(at('v5.bmp')).subarray(0, 60);
    await expect(cleanPlan(blobOf(input))).rejects.toMatchObject({
      code: 'corrupt',
    });
  });
});
