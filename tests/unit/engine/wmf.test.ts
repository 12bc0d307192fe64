import { describe, expect, it } from 'vitest';
import { inspect } from '../../../workers/engine';
import { cleanBytes, errorCodeOf } from '../../helpers/clean-bytes';
import { expectNoLeaks } from '../../helpers/leak-oracle';
import {
  canaryWmf,
  WMF_CANARIES,
  wmfOf,
  wmfRecord,
} from '../../helpers/metafile-fixtures';
import { blobOf } from '../../helpers/video-tools';

describe('WMF', () => {
  it('is recognised with and without its placeable header', async () => {
    for (const placeable of [true, false]) {
      const { format } = await inspect(blobOf(wmfOf([], placeable)));
      expect(format.id).toBe('wmf');
    }
  });

  it('zeroes a comment and an EMF copy in escapes, sizes unchanged', async () => {
    const input = canaryWmf();
    const { findings } = await inspect(blobOf(input));
    expect(findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field: 'content.comment',
          value: 'CANARYWMFCOMMENT by someone',
        }),
        expect.objectContaining({ label: 'enhanced metafile copy' }),
      ]),
    );
    const output = await cleanBytes(input);
    expect(output).toHaveLength(input.length);
    // The placeable header and META_HEADER (mtSize, mtMaxRecord) are unchanged.
    expect(Buffer.from(output.subarray(0, 40))).toEqual(input.subarray(0, 40));
    expectNoLeaks(input, output, WMF_CANARIES, { ffprobe: false });
    const again = await inspect(blobOf(output));
    expect(again.findings.filter((f) => !f.kept)).toEqual([]);
  });

  it('refuses a record function WMF does not define', async () => {
    expect(await errorCodeOf(wmfOf([wmfRecord(0x0999)]))).toBe('unsupported');
  });

  it.each([
    ['truncated', (b: Buffer) => b.subarray(0, b.length - 4)],
    [
      'a record of size 0',
      (b: Buffer) => {
        const c = Buffer.from(b);
        c.writeUInt32LE(0, c.length - 6);
        return c;
      },
    ],
    [
      'a record past the end',
      (b: Buffer) => {
        const c = Buffer.from(b);
        c.writeUInt32LE(0x7ffffff0, c.length - 6);
        return c;
      },
    ],
  ])('fails corrupt when %s', async (_name, damage) => {
    expect(await errorCodeOf(damage(wmfOf([])))).toBe('corrupt');
  });

  it('walks a million records to a typed error', async () => {
    const save = wmfRecord(0x001e);
    const records = Array.from({ length: 1_000_001 }, () => save);
    expect(await errorCodeOf(wmfOf(records))).toBe('corrupt');
  });
});
