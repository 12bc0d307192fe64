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
import { extensionOf, neutralName } from '../../file-name';
import {
  isArray,
  isDict,
  isRef,
  isString,
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

/** File-name keys of a file specification (Table 43): the portable, Unicode and platform ones. */
const NAME_KEYS = ['F', 'UF', 'DOS', 'Mac', 'Unix'];
/** An extension kept in a neutral name: letters and digits only (`pdf`, `docx`, `jpeg`). */
const EXTENSION = /^[a-z0-9]{1,8}$/;
/** The number a neutral name carries (`file-2.pdf`). */
const NUMBERED = /-(\d+)(?:\.[^.]*)?$/;
/** A URL file specification (7.11.5): its `/F` is a URL, judged by the link rules. */
const URL_SPEC = 'URL';

/**
 * The neutral name of the `number`th file specification: `file.pdf`, `file-2.docx`; the
 * extension stays when it is one (the kind of file is what a viewer opens it with).
 */
export function neutralFileName(text: string, number: number): string {
  const ext = extensionOf(text.slice(text.lastIndexOf(':') + 1));
  return neutralName(EXTENSION.test(ext) ? `x.${ext}` : 'x', 'file', number);
}

const asciiString = (text: string): PdfValue => ({
  kind: 'str',
  bytes: Uint8Array.from(text, (c) => c.charCodeAt(0)),
});

/**
 * A file specification loses its description, and its file names (the name of a file of the
 * person's, with the folders it was in) become one neutral name with the extension kept, in
 * every spelling (ISO 32000-2, 7.11.3, Table 43: /F, /UF, /DOS, /Mac, /Unix name one file).
 * Its dates go by the common rules. Returns what it held.
 */
export function cleanFileSpec(d: PdfDict, number: number): Finding[] {
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
  if (nameOf(d.map.get('FS')) === URL_SPEC) return found;
  for (const key of NAME_KEYS) {
    const v = d.map.get(key);
    if (!isString(v)) continue;
    const text = textOf(v) ?? '';
    found.push(...neutralised(d, key, text, number, 'file specification'));
  }
  return found;
}

/**
 * A file specification written as a string (7.11.2, an action's `/F`): the same neutral name.
 */
export function cleanFileSpecString(d: PdfDict, number: number): Finding[] {
  const v = d.map.get('F');
  if (!isString(v)) return [];
  return neutralised(d, 'F', textOf(v) ?? '', number, 'action');
}

function neutralised(
  d: PdfDict,
  key: string,
  text: string,
  number: number,
  owner: string,
): Finding[] {
  // A name that is already neutral (this engine's own output) stays, whatever its number.
  const own = Number(NUMBERED.exec(text)?.[1] ?? 1);
  if (text === neutralFileName(text, own)) return [];
  const name = neutralFileName(text, number);
  d.map.set(key, asciiString(name));
  return [finding('identifier.file-name', key, owner, text)];
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
export function reachable(
  objects: readonly PdfObject[],
  root: number,
): PdfObject[] {
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
