import { mkdtempSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openFileAccess } from '../../../cli/file-access';
import { planInput } from '../../../cli/plan-input';
import { box, concat, ftyp } from '../../helpers/isobmff-fixtures';

function numberedFile(length: number): string {
  const path = join(mkdtempSync(join(tmpdir(), 'metaclean-fa-')), 'f.bin');
  writeFileSync(
    path,
    Uint8Array.from({ length }, (_, i) => i % 256),
  );
  return path;
}

describe.each([
  ['through the thread pool', false],
  ['blocking, as the command reads', true],
])('openFileAccess, reading %s', (_, blocking) => {
  it('reports the size and reads ranges, short at the end of the file', async () => {
    const access = await openFileAccess(numberedFile(300), 'read', {
      blocking,
    });
    try {
      expect(access.size).toBe(300);
      expect(await access.read(250, 10)).toEqual(
        Uint8Array.from({ length: 10 }, (_, i) => 250 + i),
      );
      expect((await access.read(290, 50)).length).toBe(10);
      const into = new Uint8Array(20);
      const view = await access.readInto(295, into);
      expect(view.buffer).toBe(into.buffer);
      expect([...view]).toEqual([
        295 % 256,
        296 % 256,
        297 % 256,
        298 % 256,
        299 % 256,
      ]);
    } finally {
      await access.close();
    }
  });

  it('fails unreadable when the file shrinks under a read', async () => {
    const path = numberedFile(300);
    const access = await openFileAccess(path, 'read', { blocking });
    try {
      truncateSync(path, 100);
      await expect(
        access.readInto(50, new Uint8Array(100)),
      ).rejects.toMatchObject({ code: 'unreadable' });
      expect(access.changed).toMatchObject({ code: 'unreadable' });
    } finally {
      await access.close();
    }
  });

  it('reads aside (through the thread pool) as it reads, and fails as it does', async () => {
    const path = numberedFile(300);
    const access = await openFileAccess(path, 'read', { blocking });
    try {
      const into = new Uint8Array(20);
      const view = await access.readIntoAside!(290, into);
      expect(view.buffer).toBe(into.buffer);
      expect([...view]).toEqual([...(await access.read(290, 20))]);
      truncateSync(path, 100);
      await expect(
        access.readIntoAside!(50, new Uint8Array(100)),
      ).rejects.toMatchObject({ code: 'unreadable' });
      expect(access.changed).toMatchObject({ code: 'unreadable' });
    } finally {
      await access.close();
    }
  });
});

describe('blocking reads', () => {
  it('still let the event loop run (a signal, a timer) while a long scan reads', async () => {
    const access = await openFileAccess(numberedFile(4096), 'read', {
      blocking: true,
    });
    let fired = false;
    const timer = setTimeout(() => {
      fired = true;
    }, 1);
    try {
      const into = new Uint8Array(4096);
      // Reads on and on, as a scan of a large file does, until the timer has had its turn.
      for (let reads = 0; !fired; reads++) {
        expect(reads).toBeLessThan(1_000_000);
        await access.readInto(0, into);
      }
      expect(fired).toBe(true);
    } finally {
      clearTimeout(timer);
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
