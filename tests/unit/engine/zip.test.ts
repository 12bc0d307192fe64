import { describe, expect, it } from 'vitest';
import { strToU8, zipSync } from 'fflate';
import { ByteSource } from '../../../workers/engine/byte-source';
import { EngineError } from '../../../workers/engine/errors';
import {
  copiedMember,
  newMember,
  readMember,
  readZip,
  writeZip,
  type OutMember,
} from '../../../workers/engine/shared/zip';
import {
  hasTool,
  materialize,
  memberOrder,
  members,
  unzipTest,
} from '../../helpers/zip-tools';

const source = (bytes: Uint8Array) =>
  new ByteSource(new Blob([bytes as Uint8Array<ArrayBuffer>]));

/** An archive made by fflate, with dates, an extra field and a comment to be dropped. */
function sample(): Uint8Array {
  return zipSync(
    {
      mimetype: [strToU8('application/test'), { level: 0 }],
      'a/b.xml': strToU8('<a>hello hello hello hello</a>'),
      'c.bin': [new Uint8Array(1000).fill(7), { level: 0 }],
    },
    { mtime: new Date('2021-05-06T07:08:09Z'), comment: 'CANARY-COMMENT' },
  );
}

async function expectCode(promise: Promise<unknown>, code: string) {
  await expect(promise).rejects.toBeInstanceOf(EngineError);
  await expect(promise).rejects.toMatchObject({ code });
}

/** Builds an archive from raw members, for hostile cases the writer itself never makes. */
async function rawZip(list: OutMember[]): Promise<Uint8Array> {
  return await materialize(new Uint8Array(0), writeZip(list));
}

describe('zip reader and writer', () => {
  it('reads every member in file order and inflates it', async () => {
    const input = sample();
    const zip = await readZip(source(input));
    expect(zip.entries.map((e) => e.name)).toEqual([
      'mimetype',
      'a/b.xml',
      'c.bin',
    ]);
    const xml = await readMember(source(input), zip.byName.get('a/b.xml')!);
    expect(new TextDecoder().decode(xml)).toBe(
      '<a>hello hello hello hello</a>',
    );
  });

  it('copies members unchanged with 1980 dates, no extra fields and no comment', async () => {
    const input = sample();
    expect(Buffer.from(input).includes('CANARY-COMMENT')).toBe(true);
    const zip = await readZip(source(input));
    const out = await materialize(
      input,
      writeZip(zip.entries.map(copiedMember)),
    );
    expect(Buffer.from(out).includes('CANARY-COMMENT')).toBe(false);
    expect(memberOrder(out)).toEqual(['mimetype', 'a/b.xml', 'c.bin']);
    const reread = await readZip(source(out));
    for (const e of reread.entries) {
      const view = new DataView(out.buffer, out.byteOffset + e.headerOffset);
      expect(view.getUint16(10, true)).toBe(0); // time
      expect(view.getUint16(12, true)).toBe(0x21); // 1980-01-01
      expect(view.getUint16(28, true)).toBe(0); // extra field length
    }
    expect(members(out)['c.bin']).toEqual(new Uint8Array(1000).fill(7));
    if (hasTool('unzip')) unzipTest(out);
  });

  it('writes new members that other readers accept', async () => {
    const out = await rawZip([
      newMember('x.xml', strToU8('<x/>'.repeat(100))),
      newMember('ü.txt', strToU8('stored'), false),
    ]);
    expect(new TextDecoder().decode(members(out)['ü.txt'])).toBe('stored');
    expect((await readZip(source(out))).entries).toHaveLength(2);
    if (hasTool('unzip')) unzipTest(out);
  });

  it('refuses a member name that escapes the archive', async () => {
    for (const name of [
      '../../x',
      '/etc/passwd',
      'C:/x',
      'a\\..\\b',
      'a/../../b',
    ]) {
      const zip = await rawZip([newMember(name, strToU8('x'))]);
      await expectCode(readZip(source(zip)), 'corrupt');
    }
  });

  it('refuses duplicate member names', async () => {
    const zip = await rawZip([
      newMember('a.xml', strToU8('1')),
      newMember('a.xml', strToU8('2')),
    ]);
    await expectCode(readZip(source(zip)), 'corrupt');
  });

  it('refuses a zip bomb by its declared decompressed size', async () => {
    const bomb = newMember('bomb.xml', new Uint8Array(1 << 20));
    const lying: OutMember = { ...bomb, uncompressedSize: 0xfffffff0 };
    const zip = await rawZip([lying, { ...lying, name: 'bomb2.xml' }]);
    await expectCode(readZip(source(zip)), 'too-large');
  });

  it('stops a member that inflates past its declared size', async () => {
    const member = newMember('bomb.xml', new Uint8Array(2 << 20));
    const zip = await rawZip([{ ...member, uncompressedSize: 100 }]);
    const read = await readZip(source(zip));
    await expectCode(readMember(source(zip), read.entries[0]!), 'corrupt');
  });

  it('refuses encrypted members and truncated archives', async () => {
    const zip = await rawZip([newMember('a.xml', strToU8('1'))]);
    const flagged = zip.slice();
    flagged[6] = 1; // local header flags
    const cd = Buffer.from(flagged).indexOf(Buffer.from([0x50, 0x4b, 1, 2]));
    flagged[cd + 8] = 1;
    await expectCode(readZip(source(flagged)), 'encrypted');
    await expectCode(
      readZip(source(zip.subarray(0, zip.length - 30))),
      'corrupt',
    );
  });
});
