/**
 * Resolve before deciding: the values that say what a dictionary is or how its stream is read
 * (`/Type`, `/Subtype`, `/S`, `/FT`, `/Filter` and its elements, `/DecodeParms`, `/EF`, a
 * layer's `/Usage`) may be
 * indirect references (ISO 32000-2, 7.3.10); they are replaced by the values they point at
 * before any rule looks at the dictionary, so a rule never mistakes a photo or an attachment for
 * something it may copy.
 */
import { corrupt } from '../../errors';
import type { PdfDocument } from './document';
import {
  isArray,
  isDict,
  isName,
  isRef,
  isString,
  type PdfDict,
  type PdfValue,
} from './objects';

/** Keys whose value must be a name. */
const NAME_KEYS = ['Type', 'Subtype', 'S', 'FT'];
/** Keys whose value is a string a rule reads: paths and links (7.11.2, 12.6.4.8). */
const STRING_KEYS = ['F', 'UF', 'DOS', 'Mac', 'Unix', 'URI', 'Base', 'D'];
/** Keys whose value may be a name or an array of names. */
const FILTER_KEYS = ['Filter', 'FFilter'];
/** Keys whose value is a dictionary the rules read as part of this one. */
const DICT_KEYS = ['DecodeParms', 'EF', 'Usage'];

/** References followed from one reference before the chain is called hostile. */
const MAX_CHAIN = 8;
/** Dictionaries inlined while resolving one object. */
const MAX_INLINED = 256;

/** The value a reference names, following references to references. */
async function deref(doc: PdfDocument, v: PdfValue): Promise<PdfValue> {
  let x: PdfValue | undefined = v;
  for (let i = 0; i < MAX_CHAIN && isRef(x); i++) x = await doc.resolve(x);
  if (isRef(x)) throw corrupt('a chain of PDF references too long to follow');
  return x ?? null;
}

/** Resolves the deciding values of every dictionary inside `value`, in place. */
export async function resolveDeciding(
  doc: PdfDocument,
  value: PdfValue,
): Promise<void> {
  const seen = new Set<PdfDict>();
  const stack: PdfValue[] = [value];
  let inlined = 0;
  while (stack.length) {
    const x = stack.pop()!;
    if (typeof x !== 'object' || x === null) continue;
    if (x.kind === 'array') stack.push(...x.items);
    if (x.kind !== 'dict' || seen.has(x)) continue;
    seen.add(x);
    const m = x.map;
    for (const key of NAME_KEYS) {
      const v = m.get(key);
      if (!isRef(v)) continue;
      const r = await deref(doc, v);
      if (r === null) m.delete(key);
      else if (isName(r)) m.set(key, r);
    }
    for (const key of STRING_KEYS) {
      const v = m.get(key);
      if (!isRef(v)) continue;
      const r = await deref(doc, v);
      if (isString(r)) m.set(key, r);
    }
    for (const key of FILTER_KEYS) {
      const v = m.get(key);
      if (v === undefined) continue;
      const r = await deref(doc, v);
      if (r === null) m.delete(key);
      else if (isName(r)) m.set(key, r);
      else if (isArray(r))
        m.set(key, {
          kind: 'array',
          items: await Promise.all(r.items.map((i) => deref(doc, i))),
        });
    }
    for (const key of DICT_KEYS) {
      const v = m.get(key);
      if (!isRef(v)) continue;
      const r = await deref(doc, v);
      if (r === null) m.delete(key);
      else if ((isDict(r) || isArray(r)) && inlined++ < MAX_INLINED) {
        // A copy, so the same object met again elsewhere is not made cyclic.
        const copy: PdfValue = isDict(r)
          ? { kind: 'dict', map: new Map(r.map) }
          : { kind: 'array', items: [...r.items] };
        m.set(key, copy);
        stack.push(copy);
      }
    }
    for (const v of m.values()) if (!isRef(v)) stack.push(v);
  }
}
