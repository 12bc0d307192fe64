/**
 * The CLI's checked copy: a photo's image data taken on trust by the analysis and proven by the
 * write as it copies it. A claim the write finds wrong must leave the same output and report as a
 * clean that reads the image data first.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openFileAccess } from '../../../cli/file-access';
import { nodeCodecs } from '../../../cli/node-codecs';
import { CheckedCopy } from '../../../workers/engine/checked-copy';
import { CLAIMED_SCAN_MIN_BYTES } from '../../../workers/engine/formats/jpeg/scan-claim';
import {
  cleanPlan,
  lendHostCodecs,
  planBytes,
} from '../../../workers/engine/index';
import { jsonLines, runCli } from '../../helpers/cli-run';
import { IMAGE_CANARIES } from '../../helpers/image-exif-builder';
import { canaryJpeg } from '../../helpers/image-fixtures';
import { convert, tempDir } from '../../helpers/image-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { jpegScanBytes } from '../../helpers/jpeg-scans';

/** A baseline photo of noise whose one scan is longer than the claimed minimum. */
function largePhoto(dir: string): Uint8Array {
  const path = join(dir, 'large.jpg');
  convert([
    '-size',
    '900x900',
    'xc:',
    '+noise',
    'Random',
    '-quality',
    '95',
    path,
  ]);
  const bytes = new Uint8Array(readFileSync(path));
  expect(jpegScanBytes(bytes).length).toBeGreaterThan(CLAIMED_SCAN_MIN_BYTES);
  return bytes;
}

/** The classic clean: every byte of the image data read by the analysis before the plan. */
async function cleanedReadingFirst(bytes: Uint8Array) {
  const { plan, removed } = await cleanPlan(
    new Blob([bytes as Uint8Array<ArrayBuffer>]),
  );
  return { bytes: await planBytes(bytes, plan), removed };
}

describe('metaclean with a checked copy', () => {
  it('cleans a photo whose claimed image data turns out to hold a tagged photo after its end exactly as a clean that reads it first', async () => {
    const dir = tempDir('metaclean-checked-');
    // An appended photo with every canary, after the large photo's EOI: the file still ends in
    // EOI, so the analysis claims all of it as the large photo's scan, and the write finds the
    // large photo's own EOI inside the claim.
    const tagged = readFileSync(canaryJpeg(dir, 'tagged.jpg'));
    const input = Buffer.concat([largePhoto(dir), tagged]);
    const file = join(dir, 'joined.jpg');
    writeFileSync(file, input);
    lendHostCodecs(nodeCodecs());
    const access = await openFileAccess(file);
    const claims = new CheckedCopy(access);
    try {
      await cleanPlan(access, { checkedCopy: claims });
    } finally {
      await access.close();
      lendHostCodecs({});
    }
    expect(claims.ranges).toHaveLength(1);
    expect(claims.ranges[0]!.end).toBe(input.length - 2);

    const out = join(dir, 'out.jpg');
    const run = await runCli(['--json', '-o', out, file]);

    expect(run.code).toBe(0);
    const output = readFileSync(out);
    expectNoLeaks(input, output, IMAGE_CANARIES);
    const expected = await cleanedReadingFirst(new Uint8Array(input));
    expect(output.equals(expected.bytes)).toBe(true);
    const [report] = jsonLines(run.stdout);
    const said = (f: { field?: string; location: string }) =>
      `${f.field} at ${f.location}`;
    expect(
      (report!.removed as { field?: string; location: string }[]).map(said),
    ).toEqual(expected.removed.map(said));
  });
});
