/** Writes PDF values (ISO 32000-1, 7.3) as bytes. Depth is bounded by the parser's limit. */
import type { PdfValue } from './objects';

const REGULAR_NAME_CHAR = /^[!-~]$/;
const NAME_ESCAPED = new Set('()<>[]{}/%#'.split(''));

function nameText(n: string): string {
  let out = '/';
  for (const ch of n) {
    const c = ch.charCodeAt(0) & 0xff;
    out +=
      REGULAR_NAME_CHAR.test(ch) && !NAME_ESCAPED.has(ch)
        ? ch
        : `#${c.toString(16).padStart(2, '0')}`;
  }
  return out;
}

const HEX_DIGITS = latin1Bytes('0123456789abcdef');
const latin1 = new TextDecoder('latin1');

/**
 * A string as `<hex>`, made as bytes and read as text once: a string of tens of megabytes
 * becomes one flat text, not millions of small pieces for the garbage collector.
 */
function hexText(bytes: Uint8Array): string {
  const out = new Uint8Array(bytes.length * 2 + 2);
  out[0] = 0x3c;
  for (let i = 0; i < bytes.length; i++) {
    out[1 + 2 * i] = HEX_DIGITS[bytes[i]! >> 4]!;
    out[2 + 2 * i] = HEX_DIGITS[bytes[i]! & 0x0f]!;
  }
  out[out.length - 1] = 0x3e;
  return latin1.decode(out);
}

/** Appends a value's text to `out`, one char per byte. */
function write(v: PdfValue, out: string[], depth: number): void {
  if (v === null) return void out.push('null');
  if (typeof v === 'boolean') return void out.push(v ? 'true' : 'false');
  switch (v.kind) {
    case 'num':
      return void out.push(v.raw);
    case 'name':
      return void out.push(nameText(v.name));
    case 'str':
      return void out.push(hexText(v.bytes));
    case 'ref':
      return void out.push(`${v.num} ${v.gen} R`);
    case 'array':
      out.push('[');
      v.items.forEach((item, i) => {
        if (i) out.push(' ');
        write(item, out, depth + 1);
      });
      return void out.push(']');
    case 'dict':
      out.push('<<');
      for (const [key, item] of v.map) {
        out.push(nameText(key), ' ');
        write(item, out, depth + 1);
        out.push('\n');
      }
      return void out.push('>>');
  }
}

/** A value as text (one char per byte). */
export function serialize(v: PdfValue): string {
  const out: string[] = [];
  write(v, out, 0);
  return out.join('');
}

/** Text whose chars are bytes 0-255, as bytes. */
export function latin1Bytes(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}
