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

/** The offset of the box of `type` whose header starts before `type`'s 4 letters. */
function boxStart(bytes: Buffer, type: string, from = 0): number {
  const at = bytes.indexOf(type, from, 'latin1');
  expect(at).toBeGreaterThan(3);
  return at - 4;
}

/**
 * `image` with `property` appended to ipco: ipco, iprp and meta grow by its size, and every item
 * stored in the file (iloc construction method 0) is moved by as much, since mdat follows meta.
 */
function withProperty(property: Buffer): Buffer {
  const bytes = Buffer.from(image);
  const grow = property.length;
  const ipco = boxStart(bytes, 'ipco');
  const ipcoEnd = ipco + bytes.readUInt32BE(ipco);
  for (const type of ['meta', 'iprp', 'ipco']) {
    const at = boxStart(bytes, type);
    bytes.writeUInt32BE(bytes.readUInt32BE(at) + grow, at);
  }
  const iloc = boxStart(bytes, 'iloc');
  const version = bytes[iloc + 8]!;
  const offsetSize = bytes[iloc + 12]! >> 4;
  const lengthSize = bytes[iloc + 12]! & 0xf;
  const baseSize = bytes[iloc + 13]! >> 4;
  const indexSize = version > 0 ? bytes[iloc + 13]! & 0xf : 0;
  expect(version).toBeLessThan(2);
  expect([offsetSize, baseSize]).toEqual([4, 4]);
  let at = iloc + 14;
  const count = bytes.readUInt16BE(at);
  at += 2;
  for (let i = 0; i < count; i++) {
    at += 2;
    const method = version > 0 ? bytes.readUInt16BE(at) & 0xf : 0;
    if (version > 0) at += 2;
    at += 2;
    if (method === 0) bytes.writeUInt32BE(bytes.readUInt32BE(at) + grow, at);
    at += baseSize;
    const extents = bytes.readUInt16BE(at);
    at += 2 + extents * (indexSize + offsetSize + lengthSize);
  }
  return Buffer.concat([
    bytes.subarray(0, ipcoEnd),
    property,
    bytes.subarray(ipcoEnd),
  ]);
}

function property(type: string, text: string): Buffer {
  const payload = Buffer.from(`\0\0\0\0en\0${text}\0`, 'latin1');
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payload.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, payload]);
}

describe('a HEIF item property that is not the picture', () => {
  it.each([
    ['udes', 'content.description'],
    ['zzzz', 'other.data'],
  ])(
    '%s (a description, a vendor property) is freed and zeroed, the pixels the same',
    async (type, field) => {
      const canary = `HEIFPROPERTY${type}CANARY`;
      const input = withProperty(property(type, canary));
      const inPath = write(`${type}.heic`, input);
      expect(strings(inPath)).toContain(canary);
      expect(pixels(inPath)).toBe(pixels(write('plain.heic', image)));
      const blob = blobOf(input);
      const { plan, removed } = await cleanPlan(blob);
      const out = new Uint8Array(
        await (await planToBlob(blob, plan)).arrayBuffer(),
      );
      const outPath = write(`${type}-clean.heic`, out);
      expect(removed.find((f) => f.label === type)?.field).toBe(field);
      expect(strings(outPath)).not.toContain(canary);
      expectNoLeaks(input, out, [canary]);
      expect(pixels(outPath)).toBe(pixels(inPath));
    },
  );
});

describe('an essential item property of an unknown type', () => {
  it('is refused: an item needs it to be shown', async () => {
    const input = Buffer.from(image);
    // ImageMagick's HEIC marks its pixi (bits per channel) essential in ipma.
    input.write('zzzz', boxStart(input, 'pixi') + 4, 'latin1');
    await expect(cleanPlan(blobOf(input))).rejects.toMatchObject({
      code: 'unsupported',
    });
  });
});
