// An Excel 97-2003 FileSharing record names the user who reserved the file. Without a password
// ([MS-XLS] 2.4.118: wResPass 0, then iNoResPass 0) a name written after iNoResPass went out with
// exit 0: the walk read the name where a password's layout puts it, found iNoResPass there, an
// empty string, and moved on.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanPlan } from '../../../workers/engine';
import { planBytes } from '../../../workers/engine/output-plan';
import { writeCfb } from '../../helpers/cfb-writer';
import { tempDir } from '../../helpers/image-tools';
import { expectNoLeaks } from '../../helpers/leak-oracle';

const BOF = 0x0809;
const EOF = 0x000a;
const FILE_SHARING = 0x005b;

const record = (type: number, data: Buffer) => {
  const b = Buffer.alloc(4 + data.length);
  b.writeUInt16LE(type, 0);
  b.writeUInt16LE(data.length, 2);
  data.copy(b, 4);
  return b;
};
/** [MS-XLS] 2.4.21 BOF: BIFF8, then the substream's kind (5 globals, 0x10 a sheet). */
const bof = (kind: number) => {
  const data = Buffer.alloc(16);
  data.writeUInt16LE(0x0600, 0);
  data.writeUInt16LE(kind, 2);
  return record(BOF, data);
};
/** An XLUnicodeString of one-byte characters: cch, flags, the characters. */
const xlString = (text: string) => {
  const b = Buffer.alloc(3 + text.length);
  b.writeUInt16LE(text.length, 0);
  b.write(text, 3, 'latin1');
  return b;
};
/** FileSharing: read-only recommended, `password` as wResPass, then `rest`. */
const fileSharing = (password: number, rest: Buffer) => {
  const head = Buffer.alloc(4);
  head.writeUInt16LE(1, 0);
  head.writeUInt16LE(password, 2);
  return record(FILE_SHARING, Buffer.concat([head, rest]));
};
const workbook = (sharing: Buffer) =>
  writeCfb([
    {
      path: ['Workbook'],
      data: Buffer.concat([
        bof(0x05),
        sharing,
        record(EOF, Buffer.alloc(0)),
        bof(0x10),
        record(EOF, Buffer.alloc(0)),
      ]),
    },
  ]).bytes;

/** The Workbook stream as Python's olefile reads it, latin-1 text. */
function workbookStream(bytes: Uint8Array): string {
  const path = join(tempDir('legacy-file-sharing'), 'book.xls');
  writeFileSync(path, bytes);
  const script = [
    'import sys, olefile',
    'data = olefile.OleFileIO(sys.argv[1]).openstream("Workbook").read()',
    'sys.stdout.write(data.decode("latin-1"))',
  ].join('\n');
  return execFileSync('/usr/bin/python3', ['-c', script, path], {
    encoding: 'latin1',
  });
}

describe('Excel 97-2003: the user who reserved the file (FileSharing)', () => {
  it.each([
    [
      'after iNoResPass, with no password',
      'CANARY_SHARING_NO_PASSWORD',
      (name: string) =>
        fileSharing(0, Buffer.concat([Buffer.alloc(2), xlString(name)])),
    ],
    [
      'after a password',
      'CANARY_SHARING_PASSWORD',
      (name: string) => fileSharing(0x1234, xlString(name)),
    ],
    [
      'where LibreOffice writes it, with no password',
      'CANARY_SHARING_LIBREOFFICE',
      (name: string) => fileSharing(0, xlString(name)),
    ],
  ])('is blanked and reported when it stands %s', async (_, name, make) => {
    const input = workbook(make(name));
    expect(workbookStream(input)).toContain(name);
    const result = await cleanPlan(
      new Blob([input as Uint8Array<ArrayBuffer>]),
    );
    const output = await planBytes(input, result.plan);
    expect(workbookStream(output)).not.toContain(name);
    expectNoLeaks(input, output, [name]);
    expect(result.removed).toContainEqual(
      expect.objectContaining({ label: 'FileSharing', value: name }),
    );
  });
});
