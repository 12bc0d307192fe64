// A note's text in an Excel 97-2003 sheet ([MS-XLS] 2.4.329 TxO and its Continue records) was
// kept, its author blanked: the planted-value sweep found it the one planted value left in any
// cleaned file. Its characters now become spaces of the same width, the note staying, empty.
import { describe, expect, it } from 'vitest';
import { cleanPlan } from '../../../workers/engine';
import { planBytes } from '../../../workers/engine/output-plan';
import { writeCfb } from '../../helpers/cfb-writer';
import { expectNoLeaks } from '../../helpers/leak-oracle';

const NARROW = 'Do not send to ALICE';
const WIDE = ' or BOB_WIDE\u00e9';
const BOF = 0x0809;
const EOF = 0x000a;
const OBJ = 0x005d;
const TXO = 0x01b6;
const NOTE = 0x001c;
const CONTINUE = 0x003c;
const COMMENT_ID = 1;
const OT_COMMENT = 0x19;
const OT_TEXT_BOX = 0x06;

const record = (type: number, data: readonly number[] | Buffer) => {
  const b = Buffer.alloc(4 + data.length);
  b.writeUInt16LE(type, 0);
  b.writeUInt16LE(data.length, 2);
  Buffer.from(data).copy(b, 4);
  return b;
};
const bof = (kind: number) =>
  record(BOF, [0x00, 0x06, kind, 0x00, ...Array<number>(12).fill(0)]);
/** [MS-XLS] 2.4.181 Obj: its FtCmo (ft 0x15, cb 0x12, ot, id) and an empty FtEnd. */
const obj = (ot: number) =>
  record(OBJ, [
    0x15,
    0x00,
    0x12,
    0x00,
    ot,
    0x00,
    COMMENT_ID,
    0x00,
    ...Array<number>(14).fill(0),
    0,
    0,
    0,
    0,
  ]);
/** [MS-XLS] 2.4.179 Note: rw, col, flags, idObj, an empty author. */
const note = (() => {
  const data = Buffer.alloc(8 + 3 + 1);
  data.writeUInt16LE(COMMENT_ID, 6);
  return record(NOTE, data);
})();
/** [MS-XLS] 2.4.329 TxO of `chars` characters and two formatting runs (16 bytes). */
const txo = (chars: number) => {
  const data = Buffer.alloc(18);
  data.writeUInt16LE(chars, 10);
  data.writeUInt16LE(16, 12);
  return record(TXO, data);
};
const narrow = (text: string) =>
  record(
    CONTINUE,
    Buffer.concat([Buffer.from([0]), Buffer.from(text, 'latin1')]),
  );
const wide = (text: string) =>
  record(
    CONTINUE,
    Buffer.concat([Buffer.from([1]), Buffer.from(text, 'utf16le')]),
  );
/** [MS-XLS] 2.5.272 TxORuns: one run at 0 and the last run at cchText, font 0. */
const runs = (chars: number) => {
  const data = Buffer.alloc(16);
  data.writeUInt16LE(chars, 8);
  return record(CONTINUE, data);
};

const workbook = (...sheet: Buffer[]) =>
  writeCfb([
    {
      path: ['Workbook'],
      data: Buffer.concat([
        bof(0x05),
        record(EOF, []),
        bof(0x10),
        ...sheet,
        record(EOF, []),
      ]),
    },
  ]).bytes;

async function outcome(bytes: Uint8Array) {
  try {
    const result = await cleanPlan(
      new Blob([bytes as Uint8Array<ArrayBuffer>]),
    );
    return {
      output: await planBytes(bytes, result.plan),
      removed: result.removed.map((f) => `${f.field}=${f.value ?? ''}`),
    };
  } catch (error) {
    return { code: (error as { code?: string }).code };
  }
}

describe("an Excel note's text", () => {
  const chars = NARROW.length + WIDE.length;
  const commented = (...records: Buffer[]) =>
    workbook(obj(OT_COMMENT), txo(chars), ...records, runs(chars), note);

  it('becomes spaces of its width, split over 8-bit and UTF-16 Continue records', async () => {
    const input = commented(narrow(NARROW), wide(WIDE));
    const { output, removed } = await outcome(input);
    expect(output).toBeDefined();
    expectNoLeaks(input, output!, ['ALICE', 'BOB_WIDE']);
    expect(output!.length).toBe(input.length);
    const spaces = Buffer.concat([
      narrow(' '.repeat(NARROW.length)),
      wide(' '.repeat(WIDE.length)),
    ]);
    expect(Buffer.from(output!).includes(spaces)).toBe(true);
    expect(Buffer.from(output!).includes(runs(chars))).toBe(true);
    expect(removed).toContain(
      `content.emptied-comment=${(NARROW + WIDE).trim()}`,
    );
  });

  it('zeroes what a text Continue record holds past the characters its TxO counts', async () => {
    const input = workbook(
      obj(OT_COMMENT),
      txo(NARROW.length),
      narrow(`${NARROW}${WIDE}`),
      runs(NARROW.length),
      note,
    );
    const { output, removed } = await outcome(input);
    expect(output).toBeDefined();
    expectNoLeaks(input, output!, ['ALICE', 'BOB_WIDE']);
    expect(removed).toContain(`other.data=${WIDE.length} bytes`);
  });

  it("keeps a text box's text: only a comment's TxO is a note", async () => {
    const input = workbook(
      obj(OT_TEXT_BOX),
      txo(NARROW.length),
      narrow(NARROW),
      runs(NARROW.length),
    );
    const { output } = await outcome(input);
    expect(Buffer.from(output!).includes(NARROW)).toBe(true);
  });

  it('refuses a note whose text ends before its TxO says, as corrupt', async () => {
    const input = workbook(
      obj(OT_COMMENT),
      txo(chars),
      narrow(NARROW),
      note,
      narrow(WIDE),
    );
    expect(await outcome(input)).toEqual({ code: 'corrupt' });
  });
});
