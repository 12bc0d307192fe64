/**
 * A HEIF item of a type no rule knows (a vendor's item, or metadata under a type readers do not
 * act on) is not copied unread: its bytes are zeroed and its type hidden, as Exif and XMP items
 * are, unless the picture is made of it (the primary item, or a derived image's input), and then
 * the file is refused. The fixture is ImageMagick's HEIC with exiftool's EXIF, whose Exif item is
 * retyped, so exiftool no longer reads it: `strings` is the independent reader.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan, planToBlob } from '../../../workers/engine';
import { CANARY, taggedImage } from '../../helpers/isobmff-fixtures';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { blobOf, fileBytes, tempDir } from '../../helpers/video-tools';

let dir: string;
let image: Buffer;

beforeAll(() => {
  dir = tempDir('heic-unknown-items');
  image = Buffer.from(fileBytes(taggedImage(dir, 'heic')));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The item_type field of each infe (version 2: 16-bit id; version 3: 32-bit id), by type. */
function itemTypeOffsets(bytes: Buffer, type: string): number[] {
  const found: number[] = [];
  for (
    let at = bytes.indexOf('infe');
    at >= 0;
    at = bytes.indexOf('infe', at + 4)
  ) {
    const version = bytes[at + 4];
    const typeAt = at + 4 + 4 + (version === 3 ? 4 : 2) + 2;
    if (bytes.toString('latin1', typeAt, typeAt + 4) === type)
      found.push(typeAt);
  }
  return found;
}

function retyped(from: string, to: string): Buffer {
  const bytes = Buffer.from(image);
  const offsets = itemTypeOffsets(bytes, from);
  expect(offsets.length).toBeGreaterThan(0);
  for (const at of offsets) bytes.write(to, at, 'latin1');
  return bytes;
}

function write(name: string, bytes: Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

const strings = (path: string) =>
  execFileSync('strings', ['-n', '6', path], { encoding: 'latin1' });

function pixels(path: string): string {
  const rgba = execFileSync('convert', [path, '-depth', '8', 'rgba:-']);
  return createHash('sha256').update(rgba).digest('hex');
}

describe('a HEIF item of an unknown type', () => {
  it('is zeroed and hidden, reported, the pixels the same', async () => {
    const input = retyped('Exif', 'zzzz');
    const inPath = write('unknown.heic', input);
    expect(strings(inPath)).toContain(CANARY.make);
    const blob = blobOf(input);
    const { plan, removed } = await cleanPlan(blob);
    const out = new Uint8Array(
      await (await planToBlob(blob, plan)).arrayBuffer(),
    );
    const outPath = write('unknown-clean.heic', out);
    expect(removed.find((f) => f.label === 'zzzz')?.value).toBe('unknown item');
    expect(strings(outPath)).not.toContain(CANARY.make);
    expectNoLeaks(input, out, [CANARY.make, CANARY.model, CANARY.artist]);
    expect(pixels(outPath)).toBe(pixels(inPath));
  });

  it('that the picture is made of is refused, not hidden', async () => {
    const input = retyped('hvc1', 'zzzz');
    await expect(cleanPlan(blobOf(input))).rejects.toMatchObject({
      code: 'unsupported',
    });
  });
});
