/**
 * A PDF opened for reading: the cross-reference (or, when it is broken, one rebuilt by scanning),
 * and objects parsed on demand from their offsets or from compressed object streams.
 */
import { EngineError, corrupt } from '../../errors';
import { MAX_METADATA_BYTES } from '../../limits';
import { DecodeBudget, decodeStream } from './filters';
import {
  Lexer,
  ValueBudget,
  readObjectHeader,
  readValue,
  streamStart,
} from './lexer';
import {
  intOf,
  isDict,
  isRef,
  nameOf,
  type PdfDict,
  type PdfObject,
  type PdfValue,
  type StreamExtent,
} from './objects';
import { readXref, scanObjects, type XrefEntry, type XrefTable } from './xref';
import type { PdfSecurity } from './security/handler';
import { mapStrings, streamKind } from './security/values';
import type { PdfWindow } from './window';

interface RawObject {
  readonly value: PdfValue;
  /** Where stream data starts, for streams. */
  readonly dataStart?: number;
  /** The generation in the object's header: encryption keys depend on it. */
  readonly gen?: number;
}

const ENDSTREAM = new TextEncoder().encode('endstream');
const ENDOBJ = new TextEncoder().encode('endobj');
/** Values one document may hold (dirty.pdf, 20 pages, holds about 40 000). */
const MAX_DOCUMENT_VALUES = 10_000_000;
/** Objects one object stream may hold; bounded by its data in any case. */
const MAX_OBJSTM_OBJECTS = 100_000;

export class PdfDocument {
  readonly budget = new DecodeBudget();
  /** Values parsed in the whole document, across every object and object stream. */
  private readonly values = new ValueBudget(MAX_DOCUMENT_VALUES);
  private readonly raw = new Map<number, RawObject | null>();
  private readonly objstms = new Map<number, Map<number, PdfValue>>();
  private scanned: Promise<Map<number, number>> | undefined;
  /** The security handler of an encrypted file, and its encryption dictionary's object number. */
  private security: { handler: PdfSecurity; skip?: number } | undefined;

  private constructor(
    readonly win: PdfWindow,
    private entries: Map<number, XrefEntry>,
    readonly trailer: PdfDict,
    /** Sections in the update chain; 0 when the cross-reference had to be rebuilt. */
    readonly sections: number,
    private readonly olderInfo: XrefTable['olderInfo'] = [],
  ) {}

  static async open(win: PdfWindow): Promise<PdfDocument> {
    const budget = new DecodeBudget();
    try {
      const decode = async (d: PdfDict, start: number) => {
        const raw = await readStreamData(win, d, start, noLength);
        return decodeStream(d, raw, budget);
      };
      const xref = await readXref(win, decode);
      const doc = new PdfDocument(
        win,
        xref.entries,
        xref.trailer,
        xref.sections,
        xref.olderInfo,
      );
      if (isDict(await doc.resolve(xref.trailer.map.get('Root')))) return doc;
    } catch (error) {
      if (error instanceof EngineError && error.code !== 'corrupt') throw error;
    }
    return PdfDocument.rebuilt(win);
  }

  /** The cross-reference rebuilt from `N G obj` headers, as viewers do with a broken file. */
  private static async rebuilt(win: PdfWindow): Promise<PdfDocument> {
    const { offsets, trailers } = await scanObjects(win);
    const entries = new Map<number, XrefEntry>();
    for (const [n, offset] of offsets)
      entries.set(n, { kind: 'offset', offset });
    const empty: PdfDict = { kind: 'dict', map: new Map() };
    const doc = new PdfDocument(win, entries, empty, 0);
    doc.scanned = Promise.resolve(offsets);
    await doc.addObjectStreams(offsets);
    for (const at of trailers.reverse()) {
      const t = await win.parse(at, readValue).then(
        (r) => r.result,
        () => null,
      );
      if (isDict(t) && isDict(await doc.resolve(t.map.get('Root'))))
        return new PdfDocument(win, doc.entries, t, 0);
    }
    // The catalog may be an object of its own or one inside an object stream.
    for (const n of doc.entries.keys()) {
      const o = await doc.rawObject(n).catch(() => null);
      const d = o?.value;
      if (isDict(d) && nameOf(d.map.get('Type')) === 'Catalog') {
        const trailer: PdfDict = {
          kind: 'dict',
          map: new Map([['Root', { kind: 'ref', num: n, gen: 0 }]]),
        };
        return new PdfDocument(win, doc.entries, trailer, 0);
      }
    }
    throw corrupt('no document catalog in the PDF');
  }

  /** Objects inside compressed object streams, for a rebuilt cross-reference. */
  private async addObjectStreams(offsets: Map<number, number>): Promise<void> {
    for (const n of offsets.keys()) {
      const o = await this.rawObject(n).catch(() => null);
      if (!isDict(o?.value) || nameOf(o.value.map.get('Type')) !== 'ObjStm')
        continue;
      const members = await this.objectStream(n).catch(() => null);
      for (const m of members?.keys() ?? [])
        if (!this.entries.has(m))
          this.entries.set(m, { kind: 'compressed', stream: n, index: 0 });
    }
  }

  /**
   * Document information dictionaries of earlier revisions that the newest one replaced: still
   * in the file's bytes, so still readable by anyone.
   */
  async olderInfos(): Promise<PdfDict[]> {
    const out: PdfDict[] = [];
    const info = this.trailer.map.get('Info');
    const current = isRef(info) ? this.entries.get(info.num) : undefined;
    for (const { num: n, entry } of this.olderInfo) {
      if (entry.kind !== 'offset') continue;
      if (current?.kind === 'offset' && current.offset === entry.offset)
        continue;
      const raw = await this.parseAt(n, entry.offset).catch(() => null);
      if (isDict(raw?.value)) out.push(raw.value);
    }
    return out;
  }

  /**
   * Decrypts every string and stream read from now on (ISO 32000-2, 7.6.2), except the
   * encryption dictionary's own object. Objects read before this call are read again.
   */
  decryptWith(handler: PdfSecurity, encryptNum?: number): void {
    this.security = {
      handler,
      ...(encryptNum === undefined ? {} : { skip: encryptNum }),
    };
    this.raw.clear();
    this.objstms.clear();
  }

  /** Every object number the cross-reference names (or the rebuilt one found), in its order. */
  objectNumbers(): number[] {
    return [...this.entries.keys()];
  }

  /** A value with one level of reference followed. */
  async resolve(v: PdfValue | undefined): Promise<PdfValue | undefined> {
    if (!isRef(v)) return v;
    return (await this.rawObject(v.num))?.value ?? undefined;
  }

  /** An object by number, with its stream's extent; null when it does not exist. */
  async object(n: number): Promise<PdfObject | null> {
    const raw = await this.rawObject(n);
    if (!raw) return null;
    if (raw.dataStart === undefined || !isDict(raw.value))
      return { num: n, value: raw.value };
    const stream = await streamExtent(this.win, raw.value, raw.dataStart, (r) =>
      this.lengthOf(r),
    );
    return { num: n, value: raw.value, stream };
  }

  /** A stream's data as stored (still encoded), bounded by the metadata limit. */
  async rawData(stream: StreamExtent): Promise<Uint8Array> {
    if (stream.end - stream.start > MAX_METADATA_BYTES)
      throw new EngineError(
        'too-large',
        `a PDF stream of ${stream.end - stream.start} bytes`,
      );
    return this.win.read(stream.start, stream.end - stream.start);
  }

  /** A stream's data as stored, decrypted when the file is encrypted (still filter-encoded). */
  async storedData(o: PdfObject): Promise<Uint8Array> {
    if (!o.stream || !isDict(o.value))
      throw corrupt(`object ${o.num} is not a stream`);
    const data = await this.rawData(o.stream);
    const kind = this.security && streamKind(o.value, this.security.handler);
    if (!this.security || !kind) return data;
    const gen = (await this.rawObject(o.num))?.gen ?? 0;
    return this.security.handler.decrypt(kind, data, o.num, gen);
  }

  /** A stream's data decoded, in at most `limit` bytes. */
  async decoded(o: PdfObject, limit = MAX_METADATA_BYTES): Promise<Uint8Array> {
    if (!o.stream || !isDict(o.value))
      throw corrupt(`object ${o.num} is not a stream`);
    return decodeStream(o.value, await this.storedData(o), this.budget, limit);
  }

  private async lengthOf(n: number): Promise<number | undefined> {
    return intOf((await this.rawObject(n))?.value ?? undefined);
  }

  private async rawObject(n: number): Promise<RawObject | null> {
    if (this.raw.has(n)) return this.raw.get(n)!;
    this.raw.set(n, null);
    const entry = this.entries.get(n);
    let found: RawObject | null = null;
    if (entry?.kind === 'offset') found = await this.parseAt(n, entry.offset);
    else if (entry?.kind === 'compressed') {
      const v = (await this.objectStream(entry.stream))?.get(n);
      found = v === undefined ? null : { value: v };
    }
    if (!found && entry?.kind === 'offset') {
      const offset = (await this.scan()).get(n);
      if (offset !== undefined && offset !== entry.offset)
        found = await this.parseAt(n, offset);
    }
    this.raw.set(n, found);
    return found;
  }

  private scan(): Promise<Map<number, number>> {
    this.scanned ??= scanObjects(this.win).then((s) => s.offsets);
    return this.scanned;
  }

  /** Parses `N G obj` at an offset; null when the header is not there or names another object. */
  private async parseAt(n: number, offset: number): Promise<RawObject | null> {
    if (offset >= this.win.size) return null;
    const { result } = await this.win.parse(offset, (lx) => {
      // Junk where the header should be means a wrong offset, not a broken object.
      const header = headerOrNull(lx);
      if (header?.num !== n) return null;
      const value = readValue(lx, this.values);
      const data = isDict(value) ? streamStart(lx) : null;
      return {
        value,
        gen: header.gen,
        data: data === null ? undefined : offset + data,
      };
    });
    if (!result) return null;
    const { gen } = result;
    const security = this.security;
    // A cross-reference stream's strings (its /ID) are never encrypted (ISO 32000-2, 7.6.2).
    const isXref =
      isDict(result.value) && nameOf(result.value.map.get('Type')) === 'XRef';
    const value =
      security && security.skip !== n && !isXref
        ? await mapStrings(result.value, (b) =>
            security.handler.decrypt('string', b, n, gen),
          )
        : result.value;
    return result.data === undefined
      ? { value, gen }
      : { value, gen, dataStart: result.data };
  }

  /** The objects of a compressed object stream (ISO 32000-1, 7.5.7), parsed once. */
  private async objectStream(n: number): Promise<Map<number, PdfValue> | null> {
    const cached = this.objstms.get(n);
    if (cached) return cached;
    const o = await this.object(n);
    if (
      !o?.stream ||
      !isDict(o.value) ||
      nameOf(o.value.map.get('Type')) !== 'ObjStm'
    )
      return null;
    const members = new Map<number, PdfValue>();
    this.objstms.set(n, members);
    const data = await this.decoded(o);
    const count = intOf(o.value.map.get('N')) ?? 0;
    const first = intOf(o.value.map.get('First')) ?? 0;
    if (
      count < 0 ||
      count > MAX_OBJSTM_OBJECTS ||
      first < 0 ||
      first > data.length
    )
      throw corrupt(`object stream ${n} has a bad header`);
    const header = new Lexer(data.subarray(0, first), 0, true);
    for (let i = 0; i < count; i++) {
      const a = header.next();
      const b = header.next();
      if (a.t !== 'num' || b.t !== 'num') break;
      const lx = new Lexer(data, first + b.value, true);
      if (first + b.value >= data.length) continue;
      try {
        members.set(a.value, readValue(lx, this.values));
      } catch (error) {
        if (!(error instanceof EngineError)) throw error;
      }
    }
    return members;
  }
}

function headerOrNull(lx: Lexer): { num: number; gen: number } | null {
  try {
    return readObjectHeader(lx);
  } catch (error) {
    if (error instanceof EngineError) return null;
    throw error;
  }
}

type LengthOf = (n: number) => Promise<number | undefined>;

/** Cross-reference streams are read before any object can be: an indirect /Length is not followed. */
const noLength: LengthOf = () => Promise.resolve(undefined);

/**
 * Where a stream's data ends: its /Length when `endstream` follows it, else the first
 * `endstream` after the data start (a lying /Length, as viewers repair it).
 */
async function streamExtent(
  win: PdfWindow,
  d: PdfDict,
  start: number,
  lengthOf: LengthOf,
): Promise<StreamExtent> {
  const l = d.map.get('Length');
  const length = isRef(l) ? await lengthOf(l.num) : intOf(l);
  if (length !== undefined && length >= 0 && start + length <= win.size) {
    const after = await win.read(start + length, 16);
    let i = 0;
    while (
      i < 4 &&
      (after[i] === 0x0d || after[i] === 0x0a || after[i] === 0x20)
    )
      i++;
    if (ENDSTREAM.every((c, k) => after[i + k] === c))
      return { start, end: start + length };
  }
  const hit = await win.find(ENDSTREAM, start);
  if (hit < 0) throw corrupt(`stream at ${start} has no end`);
  // An `endstream` found past the end of the next object would take that object in as data.
  if ((await win.find(ENDOBJ, start, hit)) >= 0) {
    if (length !== undefined && length >= 0 && start + length <= win.size)
      return { start, end: start + length };
    throw corrupt(`stream at ${start} has no end of its own`);
  }
  let end = hit;
  if (end > start && (await win.read(end - 1, 1))[0] === 0x0a) end--;
  if (end > start && (await win.read(end - 1, 1))[0] === 0x0d) end--;
  return { start, end };
}

async function readStreamData(
  win: PdfWindow,
  d: PdfDict,
  start: number,
  lengthOf: LengthOf,
): Promise<Uint8Array> {
  const extent = await streamExtent(win, d, start, lengthOf);
  if (extent.end - extent.start > MAX_METADATA_BYTES)
    throw new EngineError(
      'too-large',
      `a PDF stream of ${extent.end - extent.start} bytes`,
    );
  return win.read(extent.start, extent.end - extent.start);
}
