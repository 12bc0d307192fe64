/**
 * A PDF searched object by object (ISO 32000-2, 7.3 to 7.5): every object the cross-reference
 * names, including those in object streams and those no page reaches, with every stream decoded
 * by the engine's own filters. The text pages draw is visible; so are annotations, bookmarks and
 * form values, which viewers show. The document information dictionary (14.3.3), XMP streams
 * (14.3.2) and any other string or stream are hidden.
 */
import type { ByteSource } from '../byte-source';
import { bytesAccess } from '../random-access';
import { ByteSource as Source } from '../byte-source';
import { EngineError } from '../errors';
import { PdfDocument } from '../formats/pdf/document';
import {
  isArray,
  isDict,
  isRef,
  isString,
  nameOf,
  type PdfDict,
  type PdfObject,
  type PdfValue,
} from '../formats/pdf/objects';
import { PdfWindow } from '../formats/pdf/window';
import { MAX_DEPTH, MAX_ENTRIES } from '../limits';
import type { FileScope } from './hit-sink';
import { contentText } from './pdf-content';
import { pdfStringText } from './pdf-strings';
import type { FindPlace, HitWhere } from './places';

/** Searches a nested file (an attachment, a photo) found inside this one. */
export type SearchNested = (src: ByteSource, scope: FileScope) => Promise<void>;

interface PageMap {
  /** Content stream object number -> 1-based page. */
  readonly contents: Map<number, number>;
  /** Annotation object number -> 1-based page. */
  readonly annots: Map<number, number>;
}

const latin1 = new TextDecoder('latin1');
const utf8 = new TextDecoder('utf-8');

/** The page tree walked without recursion (7.7.3), each node once. */
async function pageMap(doc: PdfDocument): Promise<PageMap> {
  const contents = new Map<number, number>();
  const annots = new Map<number, number>();
  const root = await doc.resolve(doc.trailer.map.get('Root'));
  if (!isDict(root)) return { contents, annots };
  const stack: PdfValue[] = [root.map.get('Pages') ?? null];
  const seen = new Set<number>();
  let page = 0;
  while (stack.length > 0 && seen.size < MAX_ENTRIES) {
    const ref = stack.pop()!;
    if (isRef(ref)) {
      if (seen.has(ref.num)) continue;
      seen.add(ref.num);
    }
    const node = await doc.resolve(ref);
    if (!isDict(node)) continue;
    const kids = await doc.resolve(node.map.get('Kids'));
    if (isArray(kids)) {
      for (let i = kids.items.length - 1; i >= 0; i--)
        stack.push(kids.items[i]!);
      continue;
    }
    page++;
    const content = await doc.resolve(node.map.get('Contents'));
    const streams = isArray(content)
      ? content.items
      : [node.map.get('Contents')];
    for (const s of streams) if (isRef(s)) contents.set(s.num, page);
    const list = await doc.resolve(node.map.get('Annots'));
    if (isArray(list))
      for (const a of list.items) if (isRef(a)) annots.set(a.num, page);
  }
  return { contents, annots };
}

/** The place of a string under `key` of a dictionary, by what the dictionary is. */
function stringPlace(
  d: PdfDict,
  key: string,
  annotPage: number | undefined,
): { place: FindPlace; where: HitWhere } {
  const where: HitWhere = { key };
  if (annotPage !== undefined || nameOf(d.map.get('Type')) === 'Annot')
    return {
      place: 'annotation',
      where: annotPage === undefined ? where : { ...where, page: annotPage },
    };
  if (
    key === 'Title' &&
    (d.map.has('Parent') || d.map.has('Dest') || d.map.has('A'))
  )
    return { place: 'bookmark', where };
  if ((key === 'V' || key === 'DV') && (d.map.has('FT') || d.map.has('T')))
    return { place: 'form-value', where };
  return { place: 'pdf-object', where };
}

/** Every string in a value, with the dictionary and key it sits under (bounded depth). */
function strings(
  value: PdfValue,
  visit: (text: string, d: PdfDict | undefined, key: string) => void,
): void {
  const stack: { v: PdfValue; d?: PdfDict; key: string; depth: number }[] = [
    { v: value, key: '', depth: 0 },
  ];
  while (stack.length > 0) {
    const { v, d, key, depth } = stack.pop()!;
    if (depth > MAX_DEPTH) continue;
    if (isString(v)) visit(pdfStringText(v.bytes), d, key);
    else if (isArray(v))
      for (const item of v.items)
        stack.push({ v: item, ...(d ? { d } : {}), key, depth: depth + 1 });
    else if (isDict(v))
      for (const [k, item] of v.map)
        stack.push({ v: item, d: v, key: k, depth: depth + 1 });
  }
}

async function searchStream(
  doc: PdfDocument,
  o: PdfObject,
  d: PdfDict,
  page: number | undefined,
  scope: FileScope,
  nested: SearchNested,
): Promise<void> {
  const type = nameOf(d.map.get('Type'));
  const subtype = nameOf(d.map.get('Subtype'));
  if (type === 'XRef') return;
  const part = `object ${o.num}`;
  const filters = d.map.get('Filter');
  const photo =
    nameOf(filters) === 'DCTDecode' || nameOf(filters) === 'JPXDecode';
  let data: Uint8Array;
  try {
    data = photo ? await doc.storedData(o) : await doc.decoded(o);
  } catch (error) {
    if (error instanceof EngineError && error.code === 'cancelled') throw error;
    // Image-only filters (CCITT, JBIG2) hold no text; anything else unread is said.
    if (subtype !== 'Image') scope.unsearched(part);
    return;
  }
  if (photo || type === 'EmbeddedFile') {
    await nested(new Source(bytesAccess(data)), scope.nested(part));
    return;
  }
  if (type === 'ObjStm') return;
  if (type === 'Metadata' || subtype === 'XML') {
    scope.text(utf8.decode(data), 'xmp');
    return;
  }
  if (page !== undefined || subtype === 'Form') {
    scope.text(
      contentText(data),
      'page-text',
      page === undefined ? {} : { page },
    );
    return;
  }
  if (subtype === 'Image') return;
  scope.text(latin1.decode(data), 'pdf-object', { part });
  scope.text(utf8.decode(data), 'pdf-object', { part });
}

/** Searches every object of a PDF; throws when the file cannot be opened as one. */
export async function searchPdf(
  src: ByteSource,
  scope: FileScope,
  nested: SearchNested,
  signal?: AbortSignal,
): Promise<void> {
  const doc = await PdfDocument.open(new PdfWindow(src));
  if (doc.trailer.map.has('Encrypt')) {
    scope.unsearched('encrypted');
    return;
  }
  const pages = await pageMap(doc);
  const info = doc.trailer.map.get('Info');
  const infoNum = isRef(info) ? info.num : undefined;
  const infoDict = await doc.resolve(info);
  if (isDict(infoDict))
    for (const [key, v] of infoDict.map)
      if (isString(v)) scope.text(pdfStringText(v.bytes), 'pdf-info', { key });
  let count = 0;
  for (const n of doc.objectNumbers()) {
    if (++count % 1024 === 0 && signal?.aborted)
      throw new EngineError('cancelled', 'search cancelled');
    if (n === infoNum) continue;
    const o = await doc.object(n).catch((error: unknown) => {
      if (error instanceof EngineError && error.code === 'cancelled')
        throw error;
      scope.unsearched(`object ${n}`);
      return null;
    });
    if (!o) continue;
    const annotPage = pages.annots.get(n);
    strings(o.value, (text, d, key) => {
      const placed = d
        ? stringPlace(d, key, annotPage)
        : { place: 'pdf-object' as const, where: {} };
      scope.text(text, placed.place, placed.where);
    });
    if (o.stream && isDict(o.value))
      await searchStream(doc, o, o.value, pages.contents.get(n), scope, nested);
  }
}
