/**
 * The content of a PDF's pages: each page's content streams decoded and joined in their order
 * (ISO 32000-1, 7.8.2), and each image its resources name (8.9.5). Pages are found by a walk of
 * the page tree of its own (7.7.3.2), through the object reader alone, never the cleaner's walk,
 * so what is compared is what a viewer draws.
 */
import { ByteSource } from '../byte-source';
import { EngineError, corrupt, throwIfAborted } from '../errors';
import { PdfDocument } from '../formats/pdf/document';
import { canDecode } from '../formats/pdf/filters';
import {
  isArray,
  isDict,
  isRef,
  nameOf,
  namesOf,
  type PdfDict,
  type PdfValue,
} from '../formats/pdf/objects';
import { PdfWindow } from '../formats/pdf/window';
import { MAX_DEPTH, MAX_ENTRIES } from '../limits';
import { bytesAccess } from '../random-access';
import type { ContentPart } from './content-part';
import { gatherRanges } from './gather';
import { jpegScanRanges } from './jpeg-scans';

/** Page attributes a page inherits from its ancestors in the page tree (7.7.3.4). */
const INHERITED_RESOURCES = 'Resources';

interface PageNode {
  readonly dict: PdfDict;
  readonly resources: PdfValue | undefined;
  readonly depth: number;
}

/** Every page of the document, in page order, with the resources it inherits. */
async function pages(
  doc: PdfDocument,
  signal?: AbortSignal,
): Promise<PageNode[]> {
  const root = await doc.resolve(doc.trailer.map.get('Root'));
  const top = isDict(root)
    ? await doc.resolve(root.map.get('Pages'))
    : undefined;
  if (!isDict(top)) throw corrupt('a PDF without a page tree');
  const out: PageNode[] = [];
  const seen = new Set<PdfDict>();
  const stack: PageNode[] = [{ dict: top, resources: undefined, depth: 0 }];
  while (stack.length) {
    if (out.length + stack.length > MAX_ENTRIES)
      throw corrupt('too many PDF pages');
    const node = stack.pop()!;
    if (seen.has(node.dict) || node.depth > MAX_DEPTH)
      throw corrupt('a PDF page tree that loops');
    seen.add(node.dict);
    const resources = node.dict.map.get(INHERITED_RESOURCES) ?? node.resources;
    const kids = await doc.resolve(node.dict.map.get('Kids'));
    if (!isArray(kids)) {
      out.push({ ...node, resources });
      continue;
    }
    const children: PageNode[] = [];
    for (const kid of kids.items) {
      const dict = await doc.resolve(kid);
      if (isDict(dict))
        children.push({ dict, resources, depth: node.depth + 1 });
    }
    stack.push(...children.reverse());
    throwIfAborted(signal);
  }
  return out;
}

/** A page's content streams decoded and joined; a stream we cannot decode fails the part. */
function pageContent(doc: PdfDocument, contents: PdfValue | undefined) {
  return async (): Promise<Uint8Array> => {
    const value = await doc.resolve(contents);
    const refs = isArray(value) ? value.items : [contents];
    const streams: Uint8Array[] = [];
    for (const ref of refs) {
      if (!isRef(ref)) continue;
      const o = await doc.object(ref.num);
      if (o?.stream) streams.push(await doc.decoded(o));
    }
    const total = streams.reduce((n, s) => n + s.length, 0);
    const joined = new Uint8Array(total);
    streams.reduce((at, s) => (joined.set(s, at), at + s.length), 0);
    return joined;
  };
}

/**
 * An image's content: a JPEG's entropy-coded scans (its metadata segments are not content), the
 * samples of one in a filter we decode, or the stored bytes of any other (JPEG 2000, CCITT, JBIG2).
 */
function imageContent(doc: PdfDocument, num: number) {
  return async (): Promise<Uint8Array> => {
    const o = await doc.object(num);
    if (!o?.stream || !isDict(o.value))
      throw corrupt(`image ${num} is not a stream`);
    const filters = namesOf(o.value.map.get('Filter'));
    const stored = await doc.storedData(o);
    if (
      filters.length === 1 &&
      (filters[0] === 'DCTDecode' || filters[0] === 'DCT')
    ) {
      const src = new ByteSource(bytesAccess(stored));
      return gatherRanges(src, await jpegScanRanges(src));
    }
    return canDecode(o.value) ? doc.decoded(o) : stored;
  };
}

async function pageImages(
  doc: PdfDocument,
  page: PageNode,
  number: number,
): Promise<ContentPart[]> {
  const resources = await doc.resolve(page.resources);
  const xobjects = isDict(resources)
    ? await doc.resolve(resources.map.get('XObject'))
    : undefined;
  if (!isDict(xobjects)) return [];
  const parts: ContentPart[] = [];
  for (const [name, ref] of xobjects.map) {
    if (!isRef(ref)) continue;
    const o = await doc.object(ref.num);
    if (!isDict(o?.value) || nameOf(o.value.map.get('Subtype')) !== 'Image')
      continue;
    parts.push({
      kind: 'page-image',
      key: `page ${number} image ${name}`,
      page: number,
      name,
      bytes: { kind: 'decoded', read: imageContent(doc, ref.num) },
    });
  }
  return parts;
}

/** Each page's content, then its images, page by page. */
export async function pdfContentParts(
  src: ByteSource,
  signal?: AbortSignal,
): Promise<ContentPart[]> {
  const doc = await PdfDocument.open(new PdfWindow(src));
  if (doc.trailer.map.has('Encrypt'))
    throw new EngineError(
      'encrypted',
      'the content of an encrypted PDF is not compared',
    );
  const parts: ContentPart[] = [];
  const all = await pages(doc, signal);
  for (const [i, page] of all.entries()) {
    const number = i + 1;
    parts.push({
      kind: 'page-content',
      key: `page ${number}`,
      page: number,
      bytes: {
        kind: 'decoded',
        read: pageContent(doc, page.dict.map.get('Contents')),
      },
    });
    parts.push(...(await pageImages(doc, page, number)));
  }
  return parts;
}
