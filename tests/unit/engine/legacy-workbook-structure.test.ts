// A BIFF record whose size was damaged swallows the records after it (found by the legacy
// campaign, seed 2, mutant 3000: a Continue record's size 15 -> 143 hid a comment's Note record,
// its author kept, exit 0). The walk now refuses a Workbook stream out of shape and a comment
// whose Note it never met.
import { describe, expect, it } from 'vitest';
import { cleanPlan } from '../../../workers/engine';
import { planBytes } from '../../../workers/engine/output-plan';
import { writeCfb } from '../../helpers/cfb-writer';
import { expectNoLeaks, leakReport } from '../../helpers/leak-oracle';

const AUTHOR = 'CANARY_NOTE_AUTHOR';
const BOF = 0x0809;
const EOF = 0x000a;
const OBJ = 0x005d;
const NOTE = 0x001c;
const CONTINUE = 0x003c;
const COMMENT_ID = 1;

const record = (type: number, data: readonly number[] | Buffer) => {
  const b = Buffer.alloc(4 + data.length);
  b.writeUInt16LE(type, 0);
  b.writeUInt16LE(data.length, 2);
  Buffer.from(data).copy(b, 4);
  return b;
};
/** [MS-XLS] 2.4.21 BOF: BIFF8, then the substream's kind (5 globals, 0x10 a sheet). */
const bof = (kind: number) =>
  record(BOF, [0x00, 0x06, kind, 0x00, ...Array<number>(12).fill(0)]);
/** [MS-XLS] 2.4.181 Obj with its FtCmo (ot 0x19: a comment) and an empty FtEnd. */
const commentObj = record(OBJ, [
  0x15,
  0x00,
  0x12,
  0x00,
  0x19,
  0x00,
  COMMENT_ID,
  0x00,
  ...Array<number>(14).fill(0),
  0,
  0,
  0,
  0,
]);
/** [MS-XLS] 2.4.179 Note: rw, col, flags, idObj, then the author as an XLUnicodeString. */
const note = (() => {
  const author = Buffer.from(AUTHOR, 'latin1');
  const data = Buffer.alloc(8 + 3 + author.length + 1);
  data.writeUInt16LE(COMMENT_ID, 6);
  data.writeUInt16LE(author.length, 8);
  author.copy(data, 11);
  return record(NOTE, data);
})();
/** A Continue record holding `inside` as its data, as if its size had grown over them. */
const swallowing = (inside: Buffer) =>
  record(CONTINUE, Buffer.concat([Buffer.alloc(8), inside]));

const workbook = (...parts: Buffer[]) =>
  writeCfb([{ path: ['Workbook'], data: Buffer.concat(parts) }]).bytes;
const globals = Buffer.concat([bof(0x05), record(EOF, [])]);

async function outcome(bytes: Uint8Array) {
  try {
    const result = await cleanPlan(
      new Blob([bytes as Uint8Array<ArrayBuffer>]),
    );
    return { output: await planBytes(bytes, result.plan) };
  } catch (error) {
    return { code: (error as { code?: string }).code };
  }
}

describe('the Workbook stream keeps its shape', () => {
  it.each([
    ['where its Note meets its object', Buffer.alloc(0)],
    ['with zero padding after the last substream', Buffer.alloc(10)],
  ])("cleans a comment's author %s", async (_, padding) => {
    const input = workbook(
      globals,
      bof(0x10),
      commentObj,
      note,
      record(EOF, []),
      padding,
    );
    const { output } = await outcome(input);
    expect(output).toBeDefined();
    expectNoLeaks(input, output!, [AUTHOR]);
  });

  it('refuses a comment whose Note a record before it swallowed, as unclean', async () => {
    const input = workbook(
      globals,
      bof(0x10),
      commentObj,
      swallowing(note),
      record(EOF, []),
    );
    expect(leakReport(input, input, [AUTHOR]).unseenInInput).toEqual([]);
    expect(await outcome(input)).toEqual({ code: 'unclean' });
  });

  it("refuses a record that swallows its sheet's end, as corrupt", async () => {
    const input = workbook(
      globals,
      bof(0x10),
      commentObj,
      swallowing(Buffer.concat([note, record(EOF, [])])),
    );
    expect(await outcome(input)).toEqual({ code: 'corrupt' });
  });

  it('refuses bytes after the last substream, as corrupt', async () => {
    for (const tail of [Buffer.from([1, 2]), note]) {
      const input = workbook(globals, bof(0x10), record(EOF, []), tail);
      expect(await outcome(input)).toEqual({ code: 'corrupt' });
    }
  });
});
