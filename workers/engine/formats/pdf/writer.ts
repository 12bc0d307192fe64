/**
 * Writes the walked objects as a PDF of one revision (ISO 32000-1, 7.5): header, the objects
 * renumbered from 1 in the order met, a classic cross-reference table and a trailer with a fresh
 * /ID. Stream data is copied from the input as ranges unless it had to change.
 */
import { OutputBuilder, planSize, type OutputPlan } from '../../output-plan';
import {
  isDict,
  num,
  type PdfDict,
  type PdfValue,
  type PdfObject,
} from './objects';
import { latin1Bytes, serialize } from './serialize';
import type { StreamData, Walked } from './walk';

/** Bytes of a fresh /ID string (ISO 32000-1, 14.4). */
const ID_BYTES = 16;

/**
 * A fresh /ID whose second half is the first one's complement: random, so it names nothing,
 * and recognisable, so a later analysis of our own output does not list it as the old ID. The
 * writer always replaces /ID whatever the analysis said.
 */
export function freshId(): [Uint8Array, Uint8Array] {
  const a = crypto.getRandomValues(new Uint8Array(ID_BYTES));
  return [a, a.map((b) => b ^ 0xff)];
}

export function isFreshId(a: Uint8Array, b: Uint8Array): boolean {
  return (
    a.length === ID_BYTES &&
    b.length === ID_BYTES &&
    a.every((x, i) => (x ^ 0xff) === b[i])
  );
}

/** Renumbers references; a reference to an object that is not written becomes null. */
function renumbered(v: PdfValue, numbers: Map<number, number>): PdfValue {
  if (typeof v !== 'object' || v === null) return v;
  switch (v.kind) {
    case 'ref': {
      const n = numbers.get(v.num);
      return n === undefined ? null : { kind: 'ref', num: n, gen: 0 };
    }
    case 'array':
      return {
        kind: 'array',
        items: v.items.map((i) => renumbered(i, numbers)),
      };
    case 'dict': {
      const map = new Map<string, PdfValue>();
      for (const [k, x] of v.map) {
        const r = renumbered(x, numbers);
        if (r !== null) map.set(k, r);
      }
      return { kind: 'dict', map };
    }
    default:
      return v;
  }
}

class Writer {
  readonly out = new OutputBuilder();
  private text: string[] = [];
  offset = 0;

  write(s: string): void {
    this.text.push(s);
    this.offset += s.length;
  }
  private flush(): void {
    if (this.text.length) this.out.push(latin1Bytes(this.text.join('')));
    this.text = [];
  }
  copy(start: number, end: number): void {
    this.flush();
    this.out.copy(start, end);
    this.offset += end - start;
  }
  bytes(data: Uint8Array): void {
    this.flush();
    this.out.push(data);
    this.offset += data.length;
  }
  plan(plan: OutputPlan): void {
    for (const s of plan) {
      if (s.kind === 'copy') this.copy(s.start, s.end);
      else if (s.kind === 'bytes') this.bytes(s.data);
      else {
        this.flush();
        this.out.add(s);
        this.offset += s.size;
      }
    }
  }
  build(): OutputPlan {
    this.flush();
    return this.out.build();
  }
}

function streamDict(
  d: PdfDict,
  data: StreamData | undefined,
  length: number,
): PdfDict {
  const map = new Map(d.map);
  if (data?.kind === 'bytes') {
    map.delete('DecodeParms');
    map.delete('DL');
    if (data.parms !== undefined) map.set('DecodeParms', data.parms);
    if (data.filter) map.set('Filter', { kind: 'name', name: data.filter });
    else map.delete('Filter');
  }
  map.set('Length', num(length));
  return { kind: 'dict', map };
}

function hex(b: Uint8Array): string {
  return [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
}

export function writePdf(
  version: string,
  walked: Walked,
  id: [Uint8Array, Uint8Array],
  deflate: (data: Uint8Array) => Uint8Array,
): OutputPlan {
  const numbers = new Map<number, number>();
  walked.objects.forEach((o, i) => numbers.set(o.num, i + 1));
  const w = new Writer();
  w.write(`%PDF-${version}\n%\xe2\xe3\xcf\xd3\n`);
  const offsets: number[] = [];
  for (const o of walked.objects) {
    offsets.push(w.offset);
    w.write(`${numbers.get(o.num)} 0 obj\n`);
    writeObject(w, o, walked.streams.get(o.num), numbers, deflate);
    w.write('endobj\n');
  }
  const xref = w.offset;
  const size = walked.objects.length + 1;
  w.write(`xref\n0 ${size}\n0000000000 65535 f\r\n`);
  for (const at of offsets)
    w.write(`${String(at).padStart(10, '0')} 00000 n\r\n`);
  w.write(
    `trailer\n<</Size ${size} /Root 1 0 R /ID [<${hex(id[0])}> <${hex(id[1])}>]>>\nstartxref\n${xref}\n%%EOF\n`,
  );
  return w.build();
}

function writeObject(
  w: Writer,
  o: PdfObject,
  data: StreamData | undefined,
  numbers: Map<number, number>,
  deflate: (data: Uint8Array) => Uint8Array,
): void {
  if (!o.stream || !isDict(o.value)) {
    w.write(`${serialize(renumbered(o.value, numbers))}\n`);
    return;
  }
  let bytes: Uint8Array | undefined;
  let length = o.stream.end - o.stream.start;
  if (data?.kind === 'plan') length = planSize(data.plan);
  if (data?.kind === 'bytes') {
    bytes = data.filter === 'FlateDecode' ? deflate(data.data) : data.data;
    length = bytes.length;
  }
  const dict = renumbered(streamDict(o.value, data, length), numbers);
  const params = isDict(dict) ? dict.map.get('Params') : undefined;
  if (data?.kind === 'bytes' && data.filter === 'FlateDecode' && isDict(params))
    params.map.set('Size', num(data.data.length));
  w.write(`${serialize(dict)}\nstream\n`);
  if (bytes) w.bytes(bytes);
  else if (data?.kind === 'plan') w.plan(data.plan);
  else w.copy(o.stream.start, o.stream.end);
  w.write('\nendstream\n');
}
