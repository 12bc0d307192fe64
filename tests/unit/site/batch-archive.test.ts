import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { archiveOf, outputsOf } from '../../../src/features/batch/archive';
import { dropPath, uniquePaths } from '../../../src/features/batch/drop-paths';
import type { BatchItem } from '../../../src/machines/batch-items';
import type { CleanSuccess } from '../../../src/worker-bridge/clean-bridge';
import { crc32 } from '../../../workers/engine/shared/crc32';

const dir = mkdtempSync(join(tmpdir(), 'batch-archive-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const JPEG = { id: 'jpeg', mime: 'image/jpeg', extension: 'jpg' } as const;
const NAMES =
  'import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); print("\\n".join(f"{i.filename} {i.date_time[0]} {len(i.extra)}" for i in z.infolist()))';

function item(
  id: number,
  path: string,
  text: string,
): BatchItem & { result: CleanSuccess } {
  const bytes = new TextEncoder().encode(text);
  const name = path.split('/').pop() as string;
  return {
    id,
    path,
    file: new File([bytes], name),
    status: 'clean',
    result: {
      ok: true,
      blob: new Blob([bytes]),
      name: `cleaned_${name}`,
      format: JPEG,
      removed: [],
      kept: [],
      crc32: crc32(bytes),
    },
  };
}

describe('dropPath', () => {
  it('keeps folders and drops what could climb out of the archive or folder', () => {
    const file = (path: string) =>
      Object.assign(new File(['x'], 'a.jpg'), { path });
    expect(dropPath(file('/trip/day 1/a.jpg'))).toBe('trip/day 1/a.jpg');
    expect(dropPath(file('./a.jpg'))).toBe('a.jpg');
    expect(dropPath(file('../../etc/a.jpg'))).toBe('etc/a.jpg');
    expect(dropPath(file('C:\\photos\\a.jpg'))).toBe('C:/photos/a.jpg');
  });

  it('numbers a path that is already taken, before its extension', () => {
    expect(uniquePaths(['a.jpg', 'A.jpg', 'a.jpg', 'b'])).toEqual([
      'a.jpg',
      'A (2).jpg',
      'a (3).jpg',
      'b',
    ]);
  });
});

describe('archiveOf', () => {
  it('stores each copy beside its folder under the cleaned_ name, dated 1980, with no extra field', async () => {
    const items = [
      item(0, 'trip/IMG_1.jpg', 'one'),
      item(1, 'trip/day 2/IMG_2.jpg', 'two'),
      item(2, 'other/trip/IMG_1.jpg', 'three'),
      item(3, 'IMG_3.jpg', 'four'),
    ];
    const outputs = outputsOf(items);
    expect(outputs.map((o) => o.path)).toEqual([
      'trip/cleaned_IMG_1.jpg',
      'trip/day 2/cleaned_IMG_2.jpg',
      'other/trip/cleaned_IMG_1.jpg',
      'cleaned_IMG_3.jpg',
    ]);
    const path = join(dir, 'batch.zip');
    writeFileSync(path, new Uint8Array(await archiveOf(outputs).arrayBuffer()));

    expect(execFileSync('unzip', ['-t', path], { encoding: 'utf8' })).toContain(
      'No errors detected',
    );
    expect(
      execFileSync('python3', ['-c', NAMES, path], { encoding: 'utf8' }),
    ).toBe(
      [
        'trip/cleaned_IMG_1.jpg 1980 0',
        'trip/day 2/cleaned_IMG_2.jpg 1980 0',
        'other/trip/cleaned_IMG_1.jpg 1980 0',
        'cleaned_IMG_3.jpg 1980 0',
        '',
      ].join('\n'),
    );
    expect(
      execFileSync('unzip', ['-p', path, 'trip/day 2/cleaned_IMG_2.jpg'], {
        encoding: 'utf8',
      }),
    ).toBe('two');
  });

  it('gives two copies that would share a path their own names', () => {
    const outputs = outputsOf([item(0, 'a.jpg', '1'), item(1, 'a.jpg', '2')]);
    expect(outputs.map((o) => o.path)).toEqual([
      'cleaned_a.jpg',
      'cleaned_a (2).jpg',
    ]);
  });

  it('refuses a copy whose checksum the worker did not give', () => {
    const [one] = outputsOf([item(0, 'a.jpg', '1')]);
    expect(() => archiveOf([{ path: one!.path, blob: one!.blob }])).toThrow(
      /checksum/,
    );
  });
});
