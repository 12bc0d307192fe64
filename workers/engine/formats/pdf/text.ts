/** PDF text strings and dates (ISO 32000-1, 7.9.2 and 7.9.4) as readable values for the report. */
import type { PdfValue } from './objects';

const utf16 = new TextDecoder('utf-16be');
const utf8 = new TextDecoder('utf-8');
const latin1 = new TextDecoder('latin1');

/** A text string: UTF-16BE or UTF-8 with their byte-order marks, else PDFDocEncoding (~Latin-1). */
export function textOf(v: PdfValue | undefined): string | undefined {
  if (typeof v !== 'object' || v === null)
    return v === undefined || v === null ? undefined : String(v);
  if (v.kind === 'name') return v.name;
  if (v.kind === 'num') return v.raw;
  if (v.kind !== 'str') return undefined;
  const b = v.bytes;
  const text =
    b[0] === 0xfe && b[1] === 0xff
      ? utf16.decode(b.subarray(2))
      : b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf
        ? utf8.decode(b.subarray(3))
        : latin1.decode(b);
  return text.replace(/\0/g, '').trim();
}

const DATE =
  /^D:(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?([Zz+-])?(\d{2})?'?(\d{2})?/;

/** `D:YYYYMMDDHHmmSSOHH'mm` as ISO 8601; other text as it is. */
export function dateOf(v: PdfValue | undefined): string | undefined {
  const text = textOf(v);
  const m = text ? DATE.exec(text) : null;
  if (!text || !m) return text;
  const [
    ,
    y,
    mo = '01',
    d = '01',
    h = '00',
    mi = '00',
    s = '00',
    sign,
    oh,
    om,
  ] = m;
  const zone = !sign
    ? ''
    : sign === 'Z' || sign === 'z'
      ? 'Z'
      : `${sign}${oh ?? '00'}:${om ?? '00'}`;
  return `${y}-${mo}-${d}T${h}:${mi}:${s}${zone}`;
}
