/**
 * Zip archives cleaned member by member: photos, documents and archives inside are cleaned by the
 * engine, the structure is kept, sidecars and system files are left out and named, and a member
 * the engine cannot clean fails the archive unless the person chose to leave it out. Hostile
 * archives (a bomb, `../` and absolute names, duplicates, encrypted members, too many entries)
 * get typed errors.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan } from '../../../workers/engine';
import {
  newMember,
  writeZip,
  type OutMember,
} from '../../../workers/engine/shared/zip';
import { identifyingTags } from '../../helpers/exiftool';
import { CANARY_GPS } from '../../helpers/image-exif-builder';
import { tempDir } from '../../helpers/image-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { CANARY, gpsJpeg, syntheticDocx } from '../../helpers/office-fixtures';
import { cleaned, materialize, unzipTest } from '../../helpers/zip-tools';

const blob = (bytes: Uint8Array) =>
  new Blob([bytes as Uint8Array<ArrayBuffer>]);

const STORED = { level: 0 } as const;

/** Each member's compression method, by name, from the central directory. */
function methods(zip: Uint8Array): Record<string, number> {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const found: Record<string, number> = {};
  for (let at = 0; at + 46 <= zip.length; at++) {
    if (view.getUint32(at, true) !== 0x02014b50) continue;
    const nameLength = view.getUint16(at + 28, true);
    const name = new TextDecoder().decode(
      zip.subarray(at + 46, at + 46 + nameLength),
    );
    found[name] = view.getUint16(at + 10, true);
  }
  return found;
}

/** An archive written by the engine's own writer, so names fflate refuses can be made. */
async function rawZip(members: readonly OutMember[]): Promise<Uint8Array> {
  return materialize(new Uint8Array(0), writeZip(members));
}

describe('a zip archive of photos and documents', () => {
  let dir: string;
  let jpeg: Uint8Array;
  let input: Uint8Array;
  let output: Uint8Array;
  let result: Awaited<ReturnType<typeof cleaned>>['result'];

  beforeAll(async () => {
    dir = tempDir('zip-archive');
    jpeg = gpsJpeg(dir);
    const inner = zipSync({ 'deep/c.jpg': [jpeg, STORED] });
    const files: Zippable = {
      'empty-folder': {},
      'photos/a.jpg': [jpeg, STORED],
      'photos/a.AAE': strToU8(
        `<plist><string>${CANARY}-edits</string></plist>`,
      ),
      'photos/b.jpg': jpeg,
      'photos/.DS_Store': strToU8(`Bud1 ${CANARY}-dsstore`),
      '__MACOSX/photos/._b.jpg': strToU8(`Mac OS X ${CANARY}-appledouble`),
      'docs/report.docx': syntheticDocx({ jpeg }),
      'nested/inner.zip': inner,
      'empty.txt': new Uint8Array(0),
    };
    input = zipSync(files);
    ({ result, output } = await cleaned(input));
    writeFileSync(join(dir, 'cleaned.zip'), output);
  }, 120_000);

  it('is cleaned as an archive, every member valid for unzip -t', () => {
    expect(result.format.id).toBe('zip');
    unzipTest(output);
  });

  it('keeps the structure and names, leaving out sidecars and system files', () => {
    expect(Object.keys(unzipSync(output)).sort()).toEqual(
      [
        'docs/report.docx',
        'empty.txt',
        'nested/inner.zip',
        'empty-folder/',
        'photos/a.jpg',
        'photos/b.jpg',
      ].sort(),
    );
    const left = result.removed.filter((f) => f.field?.startsWith('archive.'));
    expect(left.map((f) => [f.field, f.item?.name, f.value])).toEqual([
      ['archive.sidecar', 'photos/a.AAE', 'photos/a.jpg'],
      ['archive.sidecar', 'photos/.DS_Store', undefined],
      ['archive.member', '__MACOSX/photos/._b.jpg', undefined],
    ]);
  });

  it('leaves no canary in any member, inflated and read by exiftool', () => {
    expectNoLeaks(input, output, [
      CANARY,
      CANARY_GPS,
      `${CANARY}-edits`,
      `${CANARY}-dsstore`,
      `${CANARY}-appledouble`,
    ]);
  });

  it('leaves exiftool no identifying tag in any photo member', () => {
    const before = unzipSync(input)['photos/b.jpg']!;
    writeFileSync(join(dir, 'before.jpg'), before);
    expect(identifyingTags(join(dir, 'before.jpg'))).not.toEqual([]);
    const after = unzipSync(output);
    for (const name of ['photos/a.jpg', 'photos/b.jpg']) {
      const path = join(dir, name.replace('/', '-'));
      writeFileSync(path, after[name]!);
      expect(identifyingTags(path), name).toEqual([]);
    }
    const inner = unzipSync(after['nested/inner.zip']!)['deep/c.jpg']!;
    writeFileSync(join(dir, 'inner-c.jpg'), inner);
    expect(identifyingTags(join(dir, 'inner-c.jpg'))).toEqual([]);
  });

  it('says which member each finding belongs to, photos with a field id', () => {
    for (const f of result.removed)
      expect(f.item?.name, f.location).toBeDefined();
    const photos = result.removed.filter((f) => f.item?.kind === 'image');
    expect(photos.length).toBeGreaterThan(0);
    for (const f of photos)
      expect(f.field, `${f.location}: ${f.label}`).toBeDefined();
    const items = new Set(
      result.removed.map((f) => f.item!.name.split(' / ')[0]),
    );
    expect(items).toContain('photos/a.jpg');
    expect(items).toContain('docs/report.docx');
    expect(items).toContain('nested/inner.zip');
  });

  it('stores cleaned photos and archives: their content is compressed already', () => {
    const m = methods(output);
    expect(m['photos/a.jpg']).toBe(0);
    expect(m['photos/b.jpg']).toBe(0);
    expect(m['nested/inner.zip']).toBe(0);
  });

  it('writes no dates, extra fields or comments', () => {
    const view = new DataView(output.buffer, output.byteOffset);
    for (let at = 0; at + 46 <= output.length; at++) {
      if (view.getUint32(at, true) !== 0x02014b50) continue;
      expect(view.getUint16(at + 14, true)).toBe(0x21); // 1980-01-01
      expect(view.getUint16(at + 30, true)).toBe(0); // extra field
      expect(view.getUint16(at + 32, true)).toBe(0); // comment
    }
  });
});

describe('a member the engine cannot clean', () => {
  let jpeg: Uint8Array;
  let input: Uint8Array;
  beforeAll(() => {
    jpeg = gpsJpeg(tempDir('zip-archive-unknown'));
    input = zipSync({
      'a.jpg': jpeg,
      'data/blob.bin': strToU8(`opaque ${CANARY}-blob bytes`),
    });
  });

  it('fails the archive naming it', async () => {
    await expect(cleanPlan(blob(input))).rejects.toMatchObject({
      code: 'uncleanable-part',
      parts: ['data/blob.bin'],
    });
  });

  it('is left out and named when the person chooses so', async () => {
    const result = await cleanPlan(blob(input), { dropUncleanable: true });
    const output = await materialize(input, result.plan);
    unzipTest(output);
    expect(Object.keys(unzipSync(output))).toEqual(['a.jpg']);
    expect(
      result.removed
        .filter((f) => f.field === 'archive.member')
        .map((f) => f.item?.name),
    ).toEqual(['data/blob.bin']);
    expectNoLeaks(input, output, [CANARY, CANARY_GPS, `${CANARY}-blob`]);
  });

  it('includes a damaged photo', async () => {
    const damaged = zipSync({
      'a.jpg': jpeg,
      'b.jpg': [jpeg.subarray(0, 40), STORED],
    });
    await expect(cleanPlan(blob(damaged))).rejects.toMatchObject({
      code: 'uncleanable-part',
      parts: ['b.jpg'],
    });
  });
});

describe('a hostile archive gets a typed error', () => {
  const tiny = strToU8('x');

  it('an encrypted member (zip -e)', async () => {
    const dir = tempDir('zip-archive-encrypted');
    writeFileSync(join(dir, 'a.jpg'), gpsJpeg(dir, 'src.jpg'));
    execFileSync('zip', ['-q', '-e', '-P', 'secret', 'e.zip', 'a.jpg'], {
      cwd: dir,
    });
    const input = new Uint8Array(readFileSync(join(dir, 'e.zip')));
    await expect(cleanPlan(blob(input))).rejects.toMatchObject({
      code: 'encrypted',
    });
  });

  it.each(['../evil.jpg', 'a/../../evil.jpg', '/etc/evil.jpg', 'C:/evil.jpg'])(
    'a name that escapes the folder: %s',
    async (name) => {
      const input = await rawZip([newMember(name, tiny)]);
      await expect(cleanPlan(blob(input))).rejects.toMatchObject({
        code: 'corrupt',
      });
    },
  );

  it('duplicate names, and names that differ only in case', async () => {
    for (const names of [
      ['a.jpg', 'a.jpg'],
      ['photos/A.jpg', 'photos/a.JPG'],
    ]) {
      const input = await rawZip(names.map((n) => newMember(n, tiny)));
      await expect(cleanPlan(blob(input)), names.join()).rejects.toMatchObject({
        code: 'corrupt',
      });
    }
  });

  it('a bomb by ratio: a member inflating far past what files compress to', async () => {
    const input = zipSync({ 'zeros.bmp': new Uint8Array(8 * 1024 * 1024) });
    await expect(cleanPlan(blob(input))).rejects.toMatchObject({
      code: 'too-large',
    });
  });

  it('a bomb by total: members declaring more than one file may inflate', async () => {
    const declared = 200 * 1024 * 1024;
    const members = ['a', 'b', 'c'].map((n) => ({
      ...newMember(`${n}.jpg`, tiny),
      uncompressedSize: declared,
    }));
    await expect(cleanPlan(blob(await rawZip(members)))).rejects.toMatchObject({
      code: 'too-large',
    });
  });

  it('too many entries, refused before any member is read', async () => {
    const dir = tempDir('zip-archive-many');
    const path = join(dir, 'many.zip');
    // Python's zipfile writes the zip64 end record an archive of 65,536 members needs.
    execFileSync('/usr/bin/python3', [
      '-c',
      'import sys, zipfile\nwith zipfile.ZipFile(sys.argv[1], "w") as z:\n  for i in range(65536): z.writestr(f"f{i}", b"")',
      path,
    ]);
    await expect(
      cleanPlan(blob(new Uint8Array(readFileSync(path)))),
    ).rejects.toMatchObject({ code: 'too-large' });
  }, 60_000);
});
