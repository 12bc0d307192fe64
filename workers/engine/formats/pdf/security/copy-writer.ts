/**
 * Writes numbered objects as a PDF of one revision that keeps their numbers (ISO 32000-2, 7.5):
 * each object a cross-reference subsection of its own, so sparse numbers cost nothing.
 */
import { num, type PdfDict, type PdfValue } from '../objects';
import { latin1Bytes, serialize } from '../serialize';

/** One object to write: its value and, for a stream, its data as it is to be stored. */
export interface CopyObject {
  readonly num: number;
  readonly value: PdfValue;
  readonly data?: Uint8Array;
}

/** Offsets in a cross-reference entry are ten digits (7.5.4). */
const OFFSET_DIGITS = 10;

export function writeCopy(
  version: string,
  objects: readonly CopyObject[],
  trailer: PdfDict,
): Uint8Array {
  const parts: Uint8Array[] = [
    latin1Bytes(`%PDF-${version}\n%\xe2\xe3\xcf\xd3\n`),
  ];
  let at = parts[0]!.length;
  const push = (b: Uint8Array) => {
    parts.push(b);
    at += b.length;
  };
  const offsets: [number, number][] = [];
  for (const o of objects) {
    offsets.push([o.num, at]);
    if (o.data === undefined) {
      push(latin1Bytes(`${o.num} 0 obj\n${serialize(o.value)}\nendobj\n`));
      continue;
    }
    const dict = o.value as PdfDict;
    const map = new Map(dict.map);
    map.set('Length', num(o.data.length));
    push(
      latin1Bytes(
        `${o.num} 0 obj\n${serialize({ kind: 'dict', map })}\nstream\n`,
      ),
    );
    push(o.data);
    push(latin1Bytes('\nendstream\nendobj\n'));
  }
  const xref = at;
  let text = 'xref\n0 1\n0000000000 65535 f\r\n';
  for (const [n, offset] of offsets)
    text += `${n} 1\n${String(offset).padStart(OFFSET_DIGITS, '0')} 00000 n\r\n`;
  const size = Math.max(0, ...objects.map((o) => o.num)) + 1;
  const map = new Map(trailer.map);
  map.set('Size', num(size));
  text += `trailer\n${serialize({ kind: 'dict', map })}\nstartxref\n${xref}\n%%EOF\n`;
  push(latin1Bytes(text));
  const out = new Uint8Array(at);
  let k = 0;
  for (const p of parts) {
    out.set(p, k);
    k += p.length;
  }
  return out;
}
