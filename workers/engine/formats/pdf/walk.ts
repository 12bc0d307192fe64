/**
 * One walk over what is reachable from the document catalog: every dictionary is cleaned by the
 * rules as it is met, and only what stays referenced is followed, so removed metadata (and every
 * object of earlier revisions) is never visited and never written.
 */
import type { ByteSource } from '../../byte-source';
import {
  EngineError,
  corrupt,
  placedError,
  throwIfAborted,
} from '../../errors';
import {
  finding,
  relocated,
  removable,
  type Finding,
  type FindingItem,
} from '../../findings';
import type { AnalysisContext, ByteRange } from '../../format-module';
import { MAX_ENTRIES } from '../../limits';
import { readXmpFindings } from '../../metadata/xmp';
import type { PdfDocument } from './document';
import { attachmentData, settleUncleanable, UNCLEANABLE } from './attachments';
import { dropComments } from './comments';
import { neutralNameTrees } from './name-trees';
import { isOpaque, noteContentArray, otherStream } from './content';
import { canDecode, decodeStream, isStandardFilter } from './filters';
import { XOBJECT_SUBTYPES } from './keep';
import {
  childPositions,
  itemPosition,
  noteArrayPositions,
  type Position,
} from './positions';
import { resolveDeciding } from './resolve';
import {
  holdsText,
  isArray,
  isDict,
  isRef,
  nameOf,
  namesOf,
  refsOf,
  type PdfDict,
  type PdfObject,
  type StreamExtent,
  type PdfValue,
} from './objects';
import {
  cleanDict,
  isEmpty,
  isSignature,
  newTally,
  signatureText,
  type Tally,
} from './rules';
import type { StreamData } from './stream-data';
import { textOf } from './text';

/** A JPEG image stream of the page, as the item its findings belong to. */
const IMAGE = (name: string): FindingItem => ({ name, kind: 'image' });

export type { StreamData } from './stream-data';

export interface Walked {
  /** Reachable objects in the order met, the catalog first. */
  readonly objects: PdfObject[];
  /** Streams whose data is not copied as it is. */
  readonly streams: Map<number, StreamData>;
  readonly findings: Finding[];
  /** Image data of the photos cleaned or inspected where they lie, sorted. */
  readonly nestedOpaque: ByteRange[];
}

/**
 * XMP is read for the report only (the stream goes either way): a packet larger than this is
 * listed without its values rather than inflated.
 */
const MAX_XMP_BYTES = 4 * 1024 * 1024;

/** Objects between cancellation checks. */
const CHECK_EVERY = 256;

/**
 * Cleans every dictionary of a value, outermost first, so what a rule removes is never visited;
 * a direct dictionary takes the position its parent's kind gives it, as a referenced one does.
 */
function cleanValue(
  v: PdfValue,
  tally: Tally,
  catalog: PdfDict | null,
  position?: Position,
): Finding[] {
  const found: Finding[] = [];
  const stack: [PdfValue, Position | undefined][] = [[v, position]];
  while (stack.length) {
    const [x, at] = stack.pop()!;
    if (typeof x !== 'object' || x === null) continue;
    if (x.kind === 'array') {
      const item = itemPosition(at);
      for (const i of x.items) stack.push([i, item]);
    } else if (x.kind === 'dict') {
      const { findings, kind } = cleanDict(x, tally, x === catalog, at);
      found.push(...findings);
      const given = new Map(childPositions(x, kind, at));
      for (const c of x.map.values()) stack.push([c, given.get(c)]);
    }
  }
  return found;
}

export async function walk(
  doc: PdfDocument,
  src: ByteSource,
  ctx: AnalysisContext,
  likelyClean: boolean,
): Promise<Walked> {
  const root = doc.trailer.map.get('Root');
  if (!isRef(root)) throw corrupt('the trailer has no /Root reference');
  const tally = newTally();
  const findings: Finding[] = [];
  const nestedOpaque: ByteRange[] = [];
  const objects: PdfObject[] = [];
  const streams = new Map<number, StreamData>();
  const uncleanable = new Map<number, string>();
  const queued = new Set<number>([root.num]);
  const queue = [root.num];
  for (let i = 0; i < queue.length; i++) {
    if (i % CHECK_EVERY === 0) throwIfAborted(ctx.signal);
    const met = await doc.object(queue[i]!);
    if (!met) continue;
    await resolveDeciding(doc, met.value);
    const o = unknownText(met, tally, findings);
    const catalog = o.num === root.num && isDict(o.value) ? o.value : null;
    // Only a page has /Annots (ISO 32000-1, 7.7.3.3, Table 30): its comments go before it is
    // cleaned, so the annotations it keeps take their position from the array it keeps.
    if (isDict(o.value) && o.value.map.has('Annots'))
      findings.push(...(await dropComments(doc, o.value)));
    findings.push(
      ...cleanValue(o.value, tally, catalog, tally.positions.get(o.num)),
    );
    findings.push(...(await settleFieldValues(doc, tally)));
    noteContentArray(o, tally);
    noteArrayPositions(o, tally.positions);
    if (o.stream && isDict(o.value)) {
      const data = await streamData(
        {
          doc,
          src,
          ctx,
          tally,
          findings,
          nestedOpaque,
          likelyClean,
          uncleanable,
        },
        o,
      );
      if (data) streams.set(o.num, data);
    }
    objects.push(o);
    const refs: number[] = [];
    refsOf(o.value, refs);
    for (const n of refs) {
      if (queued.has(n)) continue;
      if (queued.size >= MAX_ENTRIES) throw corrupt('too many PDF objects');
      queued.add(n);
      queue.push(n);
    }
  }
  findings.push(
    ...(await xmpFindings(doc, tally)),
    ...(await signatureFindings(doc, tally)),
    ...reviewFindings(tally),
  );
  nestedOpaque.sort((a, b) => a.start - b.start);
  const kept = settleUncleanable(objects, uncleanable, root.num, ctx, findings);
  return {
    objects: neutralNameTrees(kept, root.num, findings),
    streams,
    findings,
    nestedOpaque,
  };
}

/**
 * An object of its own met through an unknown key that is text (a string or a name, or an array
 * holding one): its value becomes null, which a reader takes as the key being absent (7.3.10).
 */
function unknownText(
  o: PdfObject,
  tally: Tally,
  findings: Finding[],
): PdfObject {
  if (
    tally.positions.get(o.num) !== 'unknown' ||
    o.stream ||
    isDict(o.value) ||
    !holdsText(o.value)
  )
    return o;
  findings.push(
    finding(
      'document.unknown-key',
      `object ${o.num}`,
      'object',
      textOf(o.value),
    ),
  );
  return { num: o.num, value: null };
}

/** Field values in objects of their own: signatures go, filled values are counted. */
async function settleFieldValues(
  doc: PdfDocument,
  tally: Tally,
): Promise<Finding[]> {
  for (const { owner, field } of tally.indirectValues.splice(0)) {
    const v = owner.map.get('V');
    const resolved = await doc.resolve(v);
    if (isSignature(resolved)) {
      owner.map.delete('V');
      tally.signatures.push({ value: v!, field });
    } else if (!isEmpty(resolved)) tally.filledFields++;
  }
  return [];
}

/** What the stream rules need from the walk. */
interface WalkState {
  readonly doc: PdfDocument;
  readonly src: ByteSource;
  readonly ctx: AnalysisContext;
  readonly tally: Tally;
  readonly findings: Finding[];
  readonly nestedOpaque: ByteRange[];
  /** The file carries our writer's /ID, so its photos are probably clean already. */
  readonly likelyClean: boolean;
  /** Attachments no module could clean, by stream object number, with their names. */
  readonly uncleanable: Map<number, string>;
}

async function streamData(
  {
    doc,
    src,
    ctx,
    tally,
    findings,
    nestedOpaque,
    likelyClean,
    uncleanable,
  }: WalkState,
  o: PdfObject,
): Promise<StreamData | null> {
  const d = o.value as PdfDict;
  const filters = namesOf(d.map.get('Filter'));
  const type = nameOf(d.map.get('Type'));
  const unknown = filters.find((f) => !isStandardFilter(f));
  if (unknown !== undefined) {
    // No reader can decode it, so nothing in it is shown; its bytes could still be read as they are.
    findings.push(finding('other.data', 'Filter', `object ${o.num}`, unknown));
    return { kind: 'bytes', data: new Uint8Array(0), filter: null };
  }
  if (type === 'Metadata' || nameOf(d.map.get('Subtype')) === 'XML') {
    // An XMP stream still referenced from somewhere other than a /Metadata key: emptied.
    findings.push(...(await readXmp(doc, o, `XMP (object ${o.num})`)));
    return { kind: 'bytes', data: new Uint8Array(0), filter: null };
  }
  if (type === 'ObjStm' || type === 'XRef') {
    // Reached from a dictionary: its objects are read where they are used, never copied whole.
    findings.push(finding('other.data', type, `object ${o.num}`));
    d.map.clear();
    return { kind: 'bytes', data: new Uint8Array(0), filter: null };
  }
  const attachment =
    tally.attachmentNames.get(o.num) ??
    (type === 'EmbeddedFile' ? 'attachment' : undefined);
  if (attachment !== undefined) {
    const data = await attachmentData(doc, ctx, o, attachment, findings);
    if (data !== UNCLEANABLE) return data;
    uncleanable.set(o.num, attachment);
    return null;
  }
  const subtype = nameOf(d.map.get('Subtype'));
  // Met only through a key no rule knows, and saying nothing of what it is: no rule knows its data.
  if (
    tally.positions.get(o.num) === 'unknown' &&
    type === undefined &&
    subtype === undefined &&
    !isOpaque(d)
  )
    throw new EngineError(
      'unclean',
      `object ${o.num}, a stream of no known kind reached through a key no rule knows`,
    );
  // Drawn as an XObject yet none of its kinds: no reader shows it, and no rule knows its data.
  if (
    tally.positions.get(o.num) === 'xobject' &&
    !XOBJECT_SUBTYPES.has(subtype ?? '')
  )
    throw corrupt(
      `object ${o.num} is drawn as an XObject but has no XObject subtype`,
    );
  const isImage = subtype === 'Image';
  if (!isImage) return otherStream(doc, ctx, tally, o, findings);
  if (filters.at(-1) === 'JPXDecode')
    return jpxData(doc, src, ctx, o, filters, findings, nestedOpaque);
  if (filters.at(-1) !== 'DCTDecode') return null;
  const where = `image (object ${o.num})`;
  if (filters.length === 1 && likelyClean) {
    const kept = await alreadyClean(src, ctx, o.stream!);
    if (kept) {
      findings.push(...relocated(kept.findings, where, IMAGE(where), ': '));
      nestedOpaque.push(...(kept.opaque ?? []));
      return null;
    }
  }
  if (filters.length === 1) {
    const cleaned = await ctx.nested.cleanSlice(
      src,
      o.stream!.start,
      o.stream!.end,
      undefined,
      { copiedAsPlanned: true },
    );
    findings.push(...relocated(cleaned.findings, where, IMAGE(where), ': '));
    nestedOpaque.push(...(cleaned.opaque ?? []));
    return { kind: 'plan', plan: cleaned.plan };
  }
  // A JPEG under other filters: undone, cleaned, and written as plain DCTDecode data.
  const parms = d.map.get('DecodeParms');
  const jpeg = await underOuterFilters(doc, o, filters);
  const cleaned = await ctx.nested.clean(jpeg);
  findings.push(...relocated(cleaned.findings, where, IMAGE(where), ': '));
  const last = isArray(parms) ? parms.items.at(-1) : undefined;
  return {
    kind: 'bytes',
    data: cleaned.bytes,
    filter: 'DCTDecode',
    ...(isDict(last) ? { parms: last } : {}),
  };
}

/**
 * An image's data with every filter but its last (the image codec) undone: a JPEG or JPEG 2000
 * someone also deflated. Filters the engine cannot undo fail closed.
 */
async function underOuterFilters(
  doc: PdfDocument,
  o: PdfObject,
  filters: readonly string[],
): Promise<Uint8Array> {
  const d = o.value as PdfDict;
  const outer: PdfDict = {
    kind: 'dict',
    map: new Map([
      [
        'Filter',
        {
          kind: 'array',
          items: filters.slice(0, -1).map((name) => ({ kind: 'name', name })),
        },
      ],
    ]),
  };
  const parms = d.map.get('DecodeParms');
  if (parms !== undefined) outer.map.set('DecodeParms', parms);
  if (!canDecode(outer))
    throw new EngineError('unsupported', `image filters ${filters.join(', ')}`);
  return decodeStream(outer, await doc.rawData(o.stream!), doc.budget);
}

/** What a `/JPXDecode` stream may hold (ISO 32000-2 7.4.9): a JP2 or JPX file, or a codestream. */
const JPX_FORMATS: ReadonlySet<string> = new Set(['jp2', 'jpx', 'j2c']);

/**
 * A JPEG 2000 image is cleaned by the JPEG 2000 module through `ctx.nested`: where it lies, or,
 * under other filters, undone first and written as plain JPXDecode data. Its errors name it.
 */
async function jpxData(
  doc: PdfDocument,
  src: ByteSource,
  ctx: AnalysisContext,
  o: PdfObject,
  filters: readonly string[],
  findings: Finding[],
  nestedOpaque: ByteRange[],
): Promise<StreamData> {
  const where = `image (object ${o.num})`;
  const stream = o.stream!;
  const checked = <T extends { format: { id: string } }>(cleaned: T): T => {
    if (!JPX_FORMATS.has(cleaned.format.id))
      throw new EngineError('unsupported', 'image without a JP2 signature');
    return cleaned;
  };
  try {
    if (filters.length === 1) {
      const cleaned = checked(
        await ctx.nested.cleanSlice(src, stream.start, stream.end),
      );
      findings.push(...relocated(cleaned.findings, where, IMAGE(where), ': '));
      nestedOpaque.push(...(cleaned.opaque ?? []));
      return { kind: 'plan', plan: cleaned.plan };
    }
    const bytes = await underOuterFilters(doc, o, filters);
    const cleaned = checked(await ctx.nested.clean(bytes));
    findings.push(...relocated(cleaned.findings, where, IMAGE(where), ': '));
    return { kind: 'bytes', data: cleaned.bytes, filter: 'JPXDecode' };
  } catch (error) {
    throw placedError(error, where);
  }
}

/**
 * In a file that looks like our own output, a photo is first only inspected where it lies (its
 * image data is read once, or not at all when verify-after-clean knows it): when nothing in it is
 * removable it is copied as it is. Any other outcome cleans it as usual, so the guess changes the
 * cost, never the result.
 */
async function alreadyClean(
  src: ByteSource,
  ctx: AnalysisContext,
  stream: StreamExtent,
): Promise<{
  findings: readonly Finding[];
  opaque?: readonly ByteRange[];
} | null> {
  const inspected = await ctx.nested.inspectSlice(
    src,
    stream.start,
    stream.end,
  );
  return inspected.findings.some(removable) ? null : inspected;
}

async function readXmp(
  doc: PdfDocument,
  o: PdfObject | null,
  location: string,
): Promise<Finding[]> {
  if (!o?.stream) return [finding('other.data', 'Metadata', location)];
  try {
    return readXmpFindings(await doc.decoded(o, MAX_XMP_BYTES), location);
  } catch (error) {
    if (error instanceof EngineError && error.code === 'cancelled') throw error;
    return [finding('other.data', 'Metadata', location)];
  }
}

async function xmpFindings(doc: PdfDocument, tally: Tally): Promise<Finding[]> {
  const out: Finding[] = [];
  for (const { value, owner } of tally.xmp) {
    const o = isRef(value) ? await doc.object(value.num) : null;
    out.push(...(await readXmp(doc, o, `XMP (${owner})`)));
  }
  return out;
}

async function signatureFindings(
  doc: PdfDocument,
  tally: Tally,
): Promise<Finding[]> {
  const out: Finding[] = [];
  for (const { value, field } of tally.signatures)
    out.push(
      finding(
        'author.signature',
        'Sig',
        `signature field "${field}"`,
        signatureText(await doc.resolve(value)),
      ),
    );
  return out;
}

function reviewFindings(t: Tally): Finding[] {
  const out: Finding[] = [];
  if (t.comments)
    out.push(
      finding(
        'document.content',
        'Annots',
        'pages',
        `${t.comments} comments (authors removed)`,
        'review',
      ),
    );
  if (t.javascript)
    out.push(
      finding(
        'document.content',
        'JavaScript',
        'actions',
        `${t.javascript}`,
        'review',
      ),
    );
  if (t.filledFields)
    out.push(
      finding(
        'document.content',
        'AcroForm',
        'form',
        `${t.filledFields} fields with values`,
        'review',
      ),
    );
  return out;
}
