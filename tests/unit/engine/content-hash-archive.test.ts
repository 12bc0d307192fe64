/**
 * Content hashes of a zip archive of files: each member is located as a file of its own, its
 * parts named by the member, a stored member read where it lies and a deflated one inflated.
 * The test reads each member with unzip and locates its PNG image data with its own chunk walk.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  compareContent,
  hashContent,
  type ContentHashes,
  type Sha256Host,
} from '../../../workers/engine/content-hash';
import { convert } from '../../helpers/image-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import {
  blobOf,
  cleanFile,
  fileBytes,
  tempDir,
} from '../../helpers/video-tools';

const CANARY = 'QZARCHIVECANARYQZ';

const sha256 = (bytes: Uint8Array): string =>
  createHash('sha256').update(bytes).digest('hex');

const host: Sha256Host = {
  maxBytes: Number.POSITIVE_INFINITY,
  async sha256(pieces) {
    const hash = createHash('sha256');
    for await (const piece of pieces) hash.update(piece);
    return hash.digest('hex');
  },
};

/** The test's own PNG reader: every IDAT chunk's data, joined. */
function idat(png: Uint8Array): Uint8Array {
  const b = Buffer.from(png);
  const chunks: Uint8Array[] = [];
  for (let at = 8; at < b.length;) {
    const length = b.readUInt32BE(at);
    if (b.toString('latin1', at + 4, at + 8) === 'IDAT')
      chunks.push(b.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  return Buffer.concat(chunks);
}

const member = (zip: string, name: string) =>
  execFileSync('unzip', ['-p', zip, name]);

const byKey = (h: ContentHashes) =>
  Object.fromEntries(h.parts.map((p) => [p.key, p]));

describe('content hashes of a zip archive', () => {
  it("each member's content is its own part, a stored and a deflated PNG hash as unzip's bytes do, before and after cleaning, and a member of no located format is named, not compared", async () => {
    const dir = tempDir('content-hash-archive');
    const draw = (name: string, seed: string) =>
      convert([
        '-size',
        '32x24',
        `plasma:${seed}`,
        '-seed',
        '5',
        '-set',
        'comment',
        CANARY,
        join(dir, name),
      ]);
    draw('stored.png', 'red-blue');
    execFileSync('mkdir', ['-p', join(dir, 'inner')]);
    draw('inner/deflated.png', 'green-yellow');
    execFileSync('sh', ['-c', 'printf "a note" > note.txt'], { cwd: dir });
    const zip = join(dir, 'photos.zip');
    execFileSync('zip', ['-q', '-0', zip, 'stored.png'], { cwd: dir });
    execFileSync('zip', ['-q', '-9', zip, 'inner/deflated.png', 'note.txt'], {
      cwd: dir,
    });
    const input = fileBytes(zip);
    const cleaned = await cleanFile(zip, { dropUncleanable: true });
    expectNoLeaks(input, cleaned.bytes, [CANARY]);

    const [before, after] = [
      await hashContent(blobOf(input), host),
      await hashContent(blobOf(cleaned.bytes), host),
    ];
    const parts = byKey(before);
    expect(Object.keys(parts)).toEqual([
      'inner/deflated.png: image-data',
      'note.txt',
      'stored.png: image-data',
    ]);
    expect(parts['stored.png: image-data']).toMatchObject({
      kind: 'image-data',
      member: 'stored.png',
      sha256: sha256(idat(member(zip, 'stored.png'))),
    });
    expect(parts['inner/deflated.png: image-data']!.sha256).toBe(
      sha256(idat(member(zip, 'inner/deflated.png'))),
    );
    expect(parts['note.txt']).toMatchObject({
      kind: 'document-part',
      error: 'unsupported',
    });
    const copy = byKey(after);
    for (const name of ['stored.png', 'inner/deflated.png'])
      expect(copy[`${name}: image-data`]!.sha256).toBe(
        sha256(idat(member(cleaned.path, name))),
      );
    const compared = compareContent(before, after);
    expect(
      Object.fromEntries(compared.parts.map((p) => [p.key, p.identical])),
    ).toMatchObject({
      'inner/deflated.png: image-data': true,
      'stored.png: image-data': true,
    });

    // One byte of the stored PNG's image data, changed where the archive holds it.
    const changed = input.slice();
    const at = Buffer.from(changed).indexOf('IDAT', 0, 'latin1');
    changed[at + 8] ^= 1;
    const changedParts = byKey(await hashContent(blobOf(changed), host));
    expect(changedParts['stored.png: image-data']!.sha256).not.toBe(
      parts['stored.png: image-data']!.sha256,
    );
    expect(changedParts['inner/deflated.png: image-data']!.sha256).toBe(
      parts['inner/deflated.png: image-data']!.sha256,
    );
  });
});
