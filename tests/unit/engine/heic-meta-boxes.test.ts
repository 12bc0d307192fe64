/**
 * A HEIF `meta` box may hold boxes besides those the picture is read through: XML metadata
 * (`xml `, `bxml`, ISO/IEC 14496-12 8.11.2, which exiftool reads as the file's), a vendor's box,
 * or free space an editor left text in. Each went out unread ("no metadata found", exit 0); now
 * each becomes a free box of its size with a zeroed payload, reported, the pixels the same. An
 * item's name (in file delivery, the source file's) is blanked the same way.
 * exiftool reads the XML box's note in the input; `strings` reads the others.
 */
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanPlan, planToBlob } from '../../../workers/engine';
import { pixelDigest } from '../../helpers/image-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import { blobOf, fileBytes, tempDir } from '../../helpers/video-tools';

const NOTE = 'CANARYXML Alice';

let dir: string;
let image: Buffer;

beforeAll(() => {
  dir = tempDir('heic-meta-boxes');
  const path = join(dir, 'plain.heic');
  execFileSync('convert', ['-size', '64x48', 'gradient:red-blue', path]);
  image = Buffer.from(fileBytes(path));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, bytes: Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}

function box(type: string, payload: Buffer): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + payload.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, payload]);
}

const sized = (b: Buffer, at: number, n: number) =>
  n === 0 ? 0 : n === 4 ? b.readUInt32BE(at) : Number(b.readBigUInt64BE(at));

function resize(b: Buffer, at: number, n: number, v: number): void {
  if (n === 4) b.writeUInt32BE(v, at);
  else if (n === 8) b.writeBigUInt64BE(BigInt(v), at);
}

/**
 * `image` with `added` inserted at `where` inside its meta box: meta and the boxes starting at
 * `grown` grown to match, iloc's file offsets moved (8.11.3).
 */
function insertInMeta(where: number, added: Buffer, grown: number[]): Buffer {
  const b = Buffer.from(image);
  const meta = b.indexOf('meta') - 4;
  let at = b.indexOf('iloc') + 4;
  const version = b[at]!;
  at += 4;
  const offsetSize = b[at]! >> 4;
  const lengthSize = b[at]! & 0xf;
  const baseSize = b[at + 1]! >> 4;
  const indexSize = version === 1 || version === 2 ? b[at + 1]! & 0xf : 0;
  at += 2;
  const count = version < 2 ? b.readUInt16BE(at) : b.readUInt32BE(at);
  at += version < 2 ? 2 : 4;
  for (let i = 0; i < count; i++) {
    at += version < 2 ? 2 : 4;
    let method = 0;
    if (version === 1 || version === 2) {
      method = b.readUInt16BE(at) & 0xf;
      at += 2;
    }
    at += 2;
    const baseAt = at;
    const base = sized(b, at, baseSize);
    at += baseSize;
    const extents = b.readUInt16BE(at);
    at += 2;
    if (method === 0 && baseSize)
      resize(b, baseAt, baseSize, base + added.length);
    for (let e = 0; e < extents; e++) {
      at += indexSize;
      if (method === 0 && !baseSize)
        resize(b, at, offsetSize, sized(b, at, offsetSize) + added.length);
      at += offsetSize + lengthSize;
    }
  }
  const out = Buffer.concat([b.subarray(0, where), added, b.subarray(where)]);
  for (const start of [meta, ...grown])
    out.writeUInt32BE(out.readUInt32BE(start) + added.length, start);
  return out;
}

/** `image` with `added` at the end of its meta box. */
function withMetaChild(added: Buffer): Buffer {
  const meta = image.indexOf('meta') - 4;
  return insertInMeta(meta + image.readUInt32BE(meta), added, []);
}

/** `image` with `name` as its first item's item_name (infe version 2, 14496-12 8.11.6). */
function withItemName(name: string): Buffer {
  const iinf = image.indexOf('iinf') - 4;
  const infe = image.indexOf('infe') - 4;
  expect(image[infe + 8]).toBe(2);
  const nameAt = infe + 12 + 2 + 2 + 4;
  expect(image[nameAt]).toBe(0);
  return insertInMeta(nameAt, Buffer.from(name, 'latin1'), [iinf, infe]);
}

const strings = (path: string) =>
  execFileSync('strings', ['-n', '6', path], { encoding: 'latin1' });
const exiftool = (path: string) =>
  execFileSync('exiftool', ['-a', '-G1', path], { encoding: 'utf8' });

async function clean(input: Uint8Array) {
  const blob = blobOf(input);
  const { plan, removed } = await cleanPlan(blob);
  const out = new Uint8Array(
    await (await planToBlob(blob, plan)).arrayBuffer(),
  );
  return { out, removed };
}

const xml = Buffer.from(`<note>${NOTE}</note>`, 'latin1');
const fullBox = (payload: Buffer) => Buffer.concat([Buffer.alloc(4), payload]);

describe('a HEIF meta box’s other children', () => {
  it('XML metadata is freed and reported, the pixels the same', async () => {
    const input = withMetaChild(box('xml ', fullBox(xml)));
    const inPath = write('xml.heic', input);
    expect(exiftool(inPath)).toContain(NOTE);
    const { out, removed } = await clean(input);
    const outPath = write('xml-clean.heic', out);
    expect(exiftool(outPath)).not.toContain(NOTE);
    expect(strings(outPath)).not.toContain(NOTE);
    expectNoLeaks(input, out, [NOTE]);
    expect(removed.map((f) => f.label)).toContain('XML metadata');
    expect(pixelDigest(outPath)).toBe(pixelDigest(inPath));
  });

  it.each([
    ['binary XML', 'bxml', fullBox(xml), 'XML metadata'],
    ['a vendor’s box', 'zzzz', xml, 'zzzz'],
    ['free space holding text', 'free', xml, 'free box contents'],
  ])('%s is freed and reported', async (_, type, payload, label) => {
    const input = withMetaChild(box(type, payload));
    const inPath = write(`${type}.heic`, input);
    expect(strings(inPath)).toContain(NOTE);
    const { out, removed } = await clean(input);
    const outPath = write(`${type}-clean.heic`, out);
    expect(strings(outPath)).not.toContain(NOTE);
    expectNoLeaks(input, out, [NOTE]);
    expect(removed.map((f) => f.label)).toContain(label);
    expect(pixelDigest(outPath)).toBe(pixelDigest(inPath));
  });

  it('an item’s name is blanked and reported, the pixels the same', async () => {
    const name = 'CANARYITEMNAME holiday.heic';
    const input = withItemName(name);
    const inPath = write('named.heic', input);
    expect(strings(inPath)).toContain(name);
    const { out, removed } = await clean(input);
    const outPath = write('named-clean.heic', out);
    expect(strings(outPath)).not.toContain('CANARYITEMNAME');
    expectNoLeaks(input, out, ['CANARYITEMNAME']);
    expect(removed).toContainEqual(
      expect.objectContaining({ label: 'item name', value: name }),
    );
    expect(out.length).toBe(input.length);
    expect(pixelDigest(outPath)).toBe(pixelDigest(inPath));
  });

  it('the handler’s name is blanked and reported, the pixels the same', async () => {
    const hdlr = image.indexOf('hdlr') - 4;
    const nameAt = hdlr + 8 + 4 + 4 + 4 + 12;
    expect(image[nameAt]).toBe(0);
    const input = insertInMeta(nameAt, Buffer.from(NOTE, 'latin1'), [hdlr]);
    const inPath = write('handler.heic', input);
    expect(exiftool(inPath)).toContain(NOTE);
    const { out, removed } = await clean(input);
    const outPath = write('handler-clean.heic', out);
    expect(exiftool(outPath)).not.toContain(NOTE);
    expectNoLeaks(input, out, [NOTE]);
    expect(removed).toContainEqual(
      expect.objectContaining({ label: 'hdlr name', value: NOTE }),
    );
    expect(pixelDigest(outPath)).toBe(pixelDigest(inPath));
  });

  it('protected items are refused', async () => {
    const input = withMetaChild(box('ipro', Buffer.alloc(6)));
    await expect(cleanPlan(blobOf(input))).rejects.toMatchObject({
      code: 'unsupported',
    });
  });
});
