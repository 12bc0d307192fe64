import { mkdtempSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openFileAccess } from '../../../cli/file-access';
import { planInput } from '../../../cli/plan-input';
import { box, concat, ftyp } from '../../helpers/isobmff-fixtures';

describe('openFileAccess', () => {
  it('reports the size and reads ranges, short at the end of the file', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'metaclean-fa-')), 'f.bin');
    writeFileSync(
      path,
      Uint8Array.from({ length: 300 }, (_, i) => i % 256),
    );
    const access = await openFileAccess(path);
    try {
      expect(access.size).toBe(300);
      expect(await access.read(250, 10)).toEqual(
        Uint8Array.from({ length: 10 }, (_, i) => 250 + i),
      );
      expect((await access.read(290, 50)).length).toBe(10);
    } finally {
      await access.close();
    }
  });
});

describe('an input that shrinks during the analysis', () => {
  it('is reported unreadable, not corrupt', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'metaclean-shrink-'));
    const path = join(dir, 'f.mp4');
    writeFileSync(
      path,
      concat(ftyp('isom'), box('free', new Uint8Array(10_000))),
    );
    const access = await openFileAccess(path);
    try {
      truncateSync(path, 64);
      await expect(planInput(access)).rejects.toMatchObject({
        code: 'unreadable',
      });
    } finally {
      await access.close();
    }
  });
});
