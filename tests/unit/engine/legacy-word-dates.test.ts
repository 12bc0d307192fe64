import { describe, expect, it } from 'vitest';
import {
  dttmIso,
  fileTimeIso,
} from '../../../workers/engine/formats/legacy-office/word-dates';

/** A DTTM packed field by field ([MS-DOC] 2.9.66), as Word writes it. */
const dttm = (y: number, mo: number, d: number, h: number, mi: number) =>
  (mi | (h << 6) | (d << 11) | (mo << 16) | ((y - 1900) << 20)) >>> 0;

describe('Word 97-2003 dates', () => {
  it('reads a DTTM as the local date and time it holds', () => {
    expect(dttmIso(dttm(2014, 7, 7, 15, 35))).toBe('2014-07-07T15:35');
    expect(dttmIso(dttm(1999, 12, 31, 23, 59))).toBe('1999-12-31T23:59');
  });

  it('gives no date for a DTTM out of range', () => {
    expect(dttmIso(dttm(2014, 13, 7, 15, 35))).toBeUndefined();
    expect(dttmIso(dttm(2014, 7, 0, 15, 35))).toBeUndefined();
  });

  it('reads a FILETIME as UTC', () => {
    // 2014-07-08T12:10:49Z in 100 ns ticks from 1601.
    const ticks =
      (Date.UTC(2014, 6, 8, 12, 10, 49) + 11_644_473_600_000) * 10_000;
    expect(fileTimeIso(ticks % 2 ** 32, Math.floor(ticks / 2 ** 32))).toBe(
      '2014-07-08T12:10:49Z',
    );
  });
});
