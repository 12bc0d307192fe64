/**
 * A ZIP through the command line: cleaned member by member into a valid archive, or failed naming
 * the member it cannot clean, which --drop-uncleanable leaves out and names.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { jsonLines, runCli } from '../../helpers/cli-run';
import { CANARY_GPS } from '../../helpers/image-exif-builder';
import { tempDir } from '../../helpers/image-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { CANARY, gpsJpeg } from '../../helpers/office-fixtures';
import { unzipTest } from '../../helpers/zip-tools';

describe('metaclean on a ZIP', () => {
  let dir: string;
  let input: Uint8Array;

  beforeAll(() => {
    dir = tempDir('metaclean-zip');
    const jpeg = gpsJpeg(dir);
    input = zipSync({
      'trip/a.jpg': jpeg,
      'trip/a.AAE': strToU8(`<plist>${CANARY}-edits</plist>`),
      'trip/notes.bin': strToU8(`opaque ${CANARY}-blob`),
    });
    writeFileSync(join(dir, 'trip.zip'), input);
  });

  it('fails naming the member it cannot clean, and writes nothing', async () => {
    const run = await runCli(['--json', join(dir, 'trip.zip')]);
    expect(run.code).toBe(1);
    const [record] = jsonLines(run.stdout);
    expect(record).toMatchObject({
      status: 'failed',
      error: { code: 'uncleanable-part', parts: ['trip/notes.bin'] },
    });
    expect(existsSync(join(dir, 'cleaned_trip.zip'))).toBe(false);
  });

  it('with --drop-uncleanable, writes a valid archive without it, the sidecar left out, each named', async () => {
    const out = join(dir, 'clean.zip');
    const run = await runCli([
      '--json',
      '--drop-uncleanable',
      join(dir, 'trip.zip'),
      '-o',
      out,
    ]);
    expect(run.code, run.stderr).toBe(0);
    const [record] = jsonLines(run.stdout);
    expect(record).toMatchObject({
      status: 'cleaned',
      format: { id: 'zip' },
    });
    const removed = (record!.removed as { label: string; field?: string }[])
      .filter((f) => f.field?.startsWith('archive.'))
      .map((f) => `${f.field} ${f.label}`);
    expect(removed).toEqual([
      'archive.sidecar a.AAE',
      'archive.member notes.bin',
    ]);
    const output = new Uint8Array(readFileSync(out));
    unzipTest(output);
    expect(Object.keys(unzipSync(output))).toEqual(['trip/a.jpg']);
    expectNoLeaks(input, output, [
      CANARY,
      CANARY_GPS,
      `${CANARY}-edits`,
      `${CANARY}-blob`,
    ]);
  }, 60_000);
});
