/** The PDF object model (ISO 32000-1, 7.3): the values the parser reads and the writer writes. */

export type PdfValue =
  | null
  | boolean
  | PdfNumber
  | PdfName
  | PdfString
  | PdfArray
  | PdfDict
  | PdfRef;

export interface PdfNumber {
  readonly kind: 'num';
  readonly value: number;
  /** The number as written, so reals keep their precision and form. */
  readonly raw: string;
}
export interface PdfName {
  readonly kind: 'name';
  /** Decoded (`#xx` escapes resolved), one char per byte. */
  readonly name: string;
}
export interface PdfString {
  readonly kind: 'str';
  readonly bytes: Uint8Array;
}
export interface PdfArray {
  readonly kind: 'array';
  readonly items: PdfValue[];
}
export interface PdfDict {
  readonly kind: 'dict';
  readonly map: Map<string, PdfValue>;
}
export interface PdfRef {
  readonly kind: 'ref';
  readonly num: number;
  readonly gen: number;
}

/** Where a stream's data lies in the file, [start, end). */
export interface StreamExtent {
  readonly start: number;
  readonly end: number;
}

/** An indirect object: its value and, for streams, where the data lies. */
export interface PdfObject {
  readonly num: number;
  readonly value: PdfValue;
  readonly stream?: StreamExtent;
}

export const num = (value: number): PdfNumber => ({
  kind: 'num',
  value,
  raw: String(value),
});
export const isDict = (v: PdfValue | undefined): v is PdfDict =>
  typeof v === 'object' && v !== null && v.kind === 'dict';
export const isArray = (v: PdfValue | undefined): v is PdfArray =>
  typeof v === 'object' && v !== null && v.kind === 'array';
export const isRef = (v: PdfValue | undefined): v is PdfRef =>
  typeof v === 'object' && v !== null && v.kind === 'ref';
export const isName = (v: PdfValue | undefined, n?: string): v is PdfName =>
  typeof v === 'object' &&
  v !== null &&
  v.kind === 'name' &&
  (n === undefined || v.name === n);
export const isString = (v: PdfValue | undefined): v is PdfString =>
  typeof v === 'object' && v !== null && v.kind === 'str';
export const isNumber = (v: PdfValue | undefined): v is PdfNumber =>
  typeof v === 'object' && v !== null && v.kind === 'num';

/** An integer value, or undefined when the value is not a whole number. */
export function intOf(v: PdfValue | undefined): number | undefined {
  return isNumber(v) && Number.isSafeInteger(v.value) ? v.value : undefined;
}

export function nameOf(v: PdfValue | undefined): string | undefined {
  return isName(v) ? v.name : undefined;
}

/** A filter list (`/Filter /X` or `/Filter [/X /Y]`) as names; non-names become '?'. */
export function namesOf(v: PdfValue | undefined): string[] {
  if (v === undefined || v === null) return [];
  if (isName(v)) return [v.name];
  if (isArray(v)) return v.items.map((i) => nameOf(i) ?? '?');
  return ['?'];
}

/**
 * Appends the object numbers `v` refers to, at any depth, to `out`. Walked with a stack of our
 * own and pushed one at a time, so neither a deep value nor a huge array can overflow the call
 * stack.
 */
export function refsOf(v: PdfValue, out: number[]): void {
  const stack: PdfValue[] = [v];
  while (stack.length) {
    const x = stack.pop()!;
    if (typeof x !== 'object' || x === null) continue;
    if (x.kind === 'ref') out.push(x.num);
    else if (x.kind === 'array') for (const item of x.items) stack.push(item);
    else if (x.kind === 'dict')
      for (const item of x.map.values()) stack.push(item);
  }
}

/** A string, or an array holding one at any depth (arrays of arrays, not dictionaries). */
export const holdsString = (v: PdfValue | undefined): boolean =>
  holds(v, isString);

/** A string or a name (`/Alice` is as readable as `(Alice)`), or an array holding one. */
export const holdsText = (v: PdfValue | undefined): boolean =>
  holds(v, (x) => isString(x) || isName(x));

function holds(
  v: PdfValue | undefined,
  test: (x: PdfValue | undefined) => boolean,
): boolean {
  const stack: (PdfValue | undefined)[] = [v];
  while (stack.length) {
    const x = stack.pop();
    if (test(x)) return true;
    if (typeof x === 'object' && x !== null && x.kind === 'array')
      stack.push(...x.items);
  }
  return false;
}
