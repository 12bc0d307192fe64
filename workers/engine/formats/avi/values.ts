/** Readable values for AVI findings: INFO strings, IDIT dates, text hidden in JUNK. */
import { decodeLatin1, decodeText } from '../../bytes';

const MONTHS = 'JAN FEB MAR APR MAY JUN JUL AUG SEP OCT NOV DEC'.split(' ');
/** `WED JAN 02 02:03:55 1990` (ctime style, as DV cameras write it). */
const CTIME = /^\w{3}\s+(\w{3})\s+(\d{1,2})\s+(\d\d):(\d\d):(\d\d)\s+(\d{4})/;
/** `2005:08:17 11:42:43` (EXIF style, as some still cameras write it). */
const EXIF_STYLE = /^(\d{4})[:-](\d\d)[:-](\d\d)[ T](\d\d):(\d\d):(\d\d)/;
/**
 * Printable runs this long in padding are text someone wrote there (MPlayer signs its JUNK);
 * shorter ones are reserved structures such as the OpenDML index placeholders ffmpeg leaves.
 */
const MIN_TEXT_RUN = 12;
const TEXT_RUN = new RegExp(`[\\x20-\\x7e]{${MIN_TEXT_RUN},}`, 'g');

const pad = (n: string | number) => String(n).padStart(2, '0');

/** An IDIT date as ISO 8601 (local time, no zone: the format has none), or the text as it is. */
export function iditDate(bytes: Uint8Array): string {
  const text = decodeLatin1(bytes);
  const ctime = CTIME.exec(text.toUpperCase());
  if (ctime) {
    const [, month, day, h, m, s, year] = ctime;
    const monthIndex = MONTHS.indexOf(month!);
    if (monthIndex >= 0)
      return `${year}-${pad(monthIndex + 1)}-${pad(day!)}T${h}:${m}:${s}`;
  }
  const exif = EXIF_STYLE.exec(text);
  if (exif) {
    const [, year, month, day, h, m, s] = exif;
    return `${year}-${month}-${day}T${h}:${m}:${s}`;
  }
  return text;
}

export function infoText(bytes: Uint8Array): string {
  return decodeText(bytes);
}

/** The printable text runs in a padding chunk, or '' when it holds none. */
export function textRuns(bytes: Uint8Array): string {
  return (decodeLatin1(bytes).match(TEXT_RUN) ?? []).join(' ');
}
