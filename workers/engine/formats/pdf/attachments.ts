/**
 * Attachments (ISO 32000-2, 7.11.4 embedded file streams, 7.11.3 file specifications, 12.5.6.15
 * file attachment annotations): cleaned by their own module, kept as content when they are plain
 * text, and otherwise removed when the person asked for it, or the PDF fails naming them.
 */
import { EngineError } from '../../errors';
import { finding, relocated, type Finding } from '../../findings';
import { itemKindOf } from '../../format-catalog';
import type { AnalysisContext } from '../../format-module';
import type { PdfDocument } from './document';
import {
  isArray,
  isDict,
  isRef,
  nameOf,
  type PdfDict,
  type PdfObject,
  type PdfValue,
} from './objects';
import { isPlainText } from '../../shared/plain-text';
import { textOf } from './text';
import type { StreamData } from './stream-data';

/** What is left for the walk to do with an attachment it could not clean. */
export const UNCLEANABLE = 'uncleanable';

/** Path separators of the file specification's strings: PDF's and DOS's, and classic Mac's. */
const SEPARATORS = new Set([0x2f, 0x5c, 0x3a]);
/** File-name keys of a file specification (Table 43): the portable, Unicode and platform ones. */
const NAME_KEYS = ['F', 'UF', 'DOS', 'Mac', 'Unix'];

/** A file name string with every directory before it removed, in the string's own encoding. */
function baseName(bytes: Uint8Array): Uint8Array {
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    for (let i = bytes.length - 2; i >= 2; i -= 2)
      if (bytes[i] === 0 && SEPARATORS.has(bytes[i + 1]!)) {
        const out = new Uint8Array(2 + bytes.length - (i + 2));
        out.set(bytes.subarray(0, 2));
        out.set(bytes.subarray(i + 2), 2);
        return out;
      }
    return bytes;
  }
  for (let i = bytes.length - 1; i >= 0; i--)
    if (SEPARATORS.has(bytes[i]!)) return bytes.slice(i + 1);
  return bytes;
}

/**
 * A file specification loses its description and the folders of its file names (a local path
 * names the person's account); its dates go by the common rules. Returns what it held.
 */
export function cleanFileSpec(d: PdfDict): Finding[] {
  const found: Finding[] = [];
  const desc = d.map.get('Desc');
  if (desc !== undefined) {
    d.map.delete('Desc');
    found.push(
      finding(
        'content.description',
        'Desc',
        'file specification',
        textOf(desc),
      ),
    );
  }
  for (const key of NAME_KEYS) {
    const v = d.map.get(key);
    if (typeof v !== 'object' || v?.kind !== 'str') continue;
    const base = baseName(v.bytes);
    if (base.length === v.bytes.length) continue;
    d.map.set(key, { kind: 'str', bytes: base });
    found.push(
      finding('identifier.file-name', key, 'file specification', textOf(v)),
    );
  }
  return found;
}

/**
 * An attachment cleaned by its own module, or kept as content when it is plain text; anything
 * else is UNCLEANABLE, for the walk to remove or to fail on.
 */
export async function attachmentData(
  doc: PdfDocument,
  ctx: AnalysisContext,
  o: PdfObject,
  name: string,
  findings: Finding[],
): Promise<StreamData | typeof UNCLEANABLE> {
  const where = `attachment "${name}"`;
  const d = o.value as PdfDict;
  const bytes = await doc.decoded(o);
  const params = d.map.get('Params');
  try {
    const cleaned = await ctx.nested.clean(bytes);
    findings.push(
      ...relocated(
        cleaned.findings,
        where,
        { name, kind: itemKindOf(cleaned.format.id) },
        ': ',
      ),
      finding(
        'document.content',
        'EmbeddedFile',
        'EmbeddedFiles',
        name,
        'review',
      ),
    );
    if (isDict(params)) params.map.delete('Size');
    return { kind: 'bytes', data: cleaned.bytes, filter: 'FlateDecode' };
  } catch (error) {
    if (!(error instanceof EngineError) || error.code === 'cancelled')
      throw error;
    if (
      error.code === 'unsupported' &&
      isPlainText(name, nameOf(d.map.get('Subtype')), bytes)
    ) {
      findings.push(
        finding(
          'document.content',
          'EmbeddedFile',
          'EmbeddedFiles',
          name,
          'review',
        ),
      );
      if (isDict(params)) params.map.delete('Size');
      return { kind: 'bytes', data: bytes, filter: 'FlateDecode' };
    }
    return UNCLEANABLE;
  }
}

/**
 * Attachments the walk could not clean: removed when the person chose so, each named in the
 * report as removed; otherwise the PDF fails with `uncleanable-part` naming them all, so the
 * person can choose. Returns the objects to write.
 */
export function settleUncleanable(
  objects: PdfObject[],
  uncleanable: ReadonlyMap<number, string>,
  root: number,
  ctx: AnalysisContext,
  findings: Finding[],
): PdfObject[] {
  if (!uncleanable.size) return objects;
  const names = [...new Set(uncleanable.values())];
  if (!ctx.dropUncleanable)
    throw new EngineError(
      'uncleanable-part',
      `attachments the engine cannot clean: ${names.join(', ')}`,
      names,
    );
  findings.push(
    ...names.map((n) =>
      finding('document.attachment', 'EmbeddedFile', 'EmbeddedFiles', n),
    ),
  );
  return removeAttachments(objects, new Set(uncleanable.keys()), root);
}

/**
 * Removes embedded file streams with the file specifications holding them, the name-tree
 * entries and file attachment annotations pointing at those, and whatever only they reached.
 */
function removeAttachments(
  objects: readonly PdfObject[],
  streams: ReadonlySet<number>,
  root: number,
): PdfObject[] {
  const removed = new Set(streams);
  const gone = (v: PdfValue | undefined): boolean => {
    if (isRef(v)) return removed.has(v.num);
    if (!isDict(v)) return false;
    const ef = v.map.get('EF');
    if (isDict(ef) && [...ef.map.values()].some(gone)) return true;
    return (
      nameOf(v.map.get('Subtype')) === 'FileAttachment' && gone(v.map.get('FS'))
    );
  };
  // File specifications name the streams; annotations name the file specifications.
  for (let pass = 0; pass < 2; pass++)
    for (const o of objects) if (gone(o.value)) removed.add(o.num);
  const kept = objects.filter((o) => !removed.has(o.num));
  for (const o of kept) strip(o.value, gone);
  return reachable(kept, root);
}

/** Removes what `gone` names from a value's dictionaries, arrays and name-tree leaves. */
function strip(v: PdfValue, gone: (v: PdfValue | undefined) => boolean): void {
  const stack: PdfValue[] = [v];
  while (stack.length) {
    const x = stack.pop()!;
    if (typeof x !== 'object' || x === null) continue;
    if (x.kind === 'array') {
      const left = x.items.filter((i) => !gone(i));
      x.items.splice(0, x.items.length, ...left);
      stack.push(...left);
    } else if (x.kind === 'dict') {
      for (const [key, item] of x.map) {
        if (gone(item)) x.map.delete(key);
        else if (key === 'Names' && isArray(item)) {
          // A name tree's leaf is [key value key value ...] (7.9.6): pairs go together.
          const pairs: PdfValue[] = [];
          for (let i = 0; i + 1 < item.items.length; i += 2)
            if (!gone(item.items[i + 1]))
              pairs.push(item.items[i]!, item.items[i + 1]!);
          item.items.splice(0, item.items.length, ...pairs);
          stack.push(...pairs);
        } else stack.push(item);
      }
    }
  }
}

/** The objects `root` still reaches, in their order. */
function reachable(objects: readonly PdfObject[], root: number): PdfObject[] {
  const byNum = new Map(objects.map((o) => [o.num, o]));
  const seen = new Set<number>([root]);
  const queue = [root];
  for (let i = 0; i < queue.length; i++) {
    const stack: PdfValue[] = [byNum.get(queue[i]!)?.value ?? null];
    while (stack.length) {
      const x = stack.pop()!;
      if (typeof x !== 'object' || x === null) continue;
      if (x.kind === 'ref') {
        if (!seen.has(x.num) && byNum.has(x.num)) {
          seen.add(x.num);
          queue.push(x.num);
        }
      } else if (x.kind === 'array') stack.push(...x.items);
      else if (x.kind === 'dict') stack.push(...x.map.values());
    }
  }
  return objects.filter((o) => seen.has(o.num));
}
