/**
 * The dates a Word 97-2003 file keeps outside its property sets, written for the report as
 * ISO 8601: the DOP's DTTMs (local time, no zone) and the FIB's last-saved FILETIME (UTC).
 */

/** [MS-DOC] 2.9.66 DTTM: minutes (6 bits), hours (5), day (5), month (4), years since 1900 (9), weekday (3). */
const MINUTE_BITS = 6;
const HOUR_BITS = 5;
const DAY_BITS = 5;
const MONTH_BITS = 4;
const YEAR_BITS = 9;
const DTTM_EPOCH_YEAR = 1900;
const MINUTES_PER_HOUR = 60;
const HOURS_PER_DAY = 24;
const MONTHS_PER_YEAR = 12;
const DAYS_PER_MONTH = 31;

/** [MS-DTYP] 2.3.3 FILETIME: 100 ns ticks from 1601-01-01 UTC; 11644473600 s separate it from 1970. */
const FILETIME_TICKS_PER_MS = 10_000;
const FILETIME_EPOCH_MS = 11_644_473_600_000;

const bits = (value: number, from: number, count: number): number =>
  (value >>> from) & ((1 << count) - 1);

const two = (n: number): string => String(n).padStart(2, '0');

/** A DTTM as `YYYY-MM-DDTHH:MM`, or undefined when it holds no valid date. */
export function dttmIso(dttm: number): string | undefined {
  let at = 0;
  const minute = bits(dttm, at, MINUTE_BITS);
  const hour = bits(dttm, (at += MINUTE_BITS), HOUR_BITS);
  const day = bits(dttm, (at += HOUR_BITS), DAY_BITS);
  const month = bits(dttm, (at += DAY_BITS), MONTH_BITS);
  const year = DTTM_EPOCH_YEAR + bits(dttm, (at += MONTH_BITS), YEAR_BITS);
  if (
    minute >= MINUTES_PER_HOUR ||
    hour >= HOURS_PER_DAY ||
    day < 1 ||
    day > DAYS_PER_MONTH ||
    month < 1 ||
    month > MONTHS_PER_YEAR
  )
    return undefined;
  return `${year}-${two(month)}-${two(day)}T${two(hour)}:${two(minute)}`;
}

/** A FILETIME (its low and high 32 bits) as ISO 8601 UTC, or undefined when it is no date. */
export function fileTimeIso(low: number, high: number): string | undefined {
  const ms = (high * 2 ** 32 + low) / FILETIME_TICKS_PER_MS - FILETIME_EPOCH_MS;
  const date = new Date(Math.floor(ms / 1000) * 1000);
  return Number.isNaN(date.getTime())
    ? undefined
    : date.toISOString().replace('.000Z', 'Z');
}
