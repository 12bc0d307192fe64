/**
 * A JPEG 2000 file: a JP2 or JPX file (ISO/IEC 15444-1 Annex I, ISO/IEC 15444-2 Annex M) or a bare
 * codestream (15444-1 Annex A), on its own or as a PDF's `/JPXDecode` image (ISO 32000-2 7.4.9).
 * Only box and marker headers are read. The boxes a decoder needs
 * stay byte for byte (signature, file type, reader requirements, the image header superbox with
 * colour, palette and resolution, the codestream); the boxes that carry metadata go (XML, UUID
 * boxes such as XMP or GeoJP2, UUID info, intellectual property, free space). Comments in the
 * codestream (COM, Annex A.9.2) name the encoding software or anything else: those of the main
 * header go, those of a tile-part header (where removing one would move the tile-part's length
 * and the TLM index) are overwritten with zeros of the same length. A box this does not know
 * fails the clean: it may hold what no rule removes. Findings are located by box (`xml`, `uuid`,
 * `XMP`, `codestream`); a container puts its own words before them.
 */
import type { ByteSource } from '../../byte-source';
import {
  ascii,
  decodeLatin1,
  fourcc,
  startsWith,
  u16be,
  u32be,
  u64be,
  writeU32be,
} from '../../bytes';
import { EngineError, corrupt } from '../../errors';
import type { FieldId } from '../../fields';
import { finding, type Finding } from '../../findings';
import type { ByteRange } from '../../format-module';
import { MAX_ENTRIES } from '../../limits';
import { readExifFindings } from '../../metadata/exif';
import { readIptcFindings } from '../../metadata/iptc';
import { hasXmpMark, readXmpFindings } from '../../metadata/xmp';
import { scrubIccText } from '../../metadata/icc-text';
import { OutputBuilder, type OutputPlan } from '../../output-plan';
import {
  EXIF_PREFIX,
  EXIF_UUID,
  UUID_BYTES,
  keptExif,
  uuidBody,
  type KeptExif,
} from './exif-orientation';

const SIGNATURE = ascii('jP  \r\n\x87\n');
/** Box types kept as they are. */
const KEPT = new Set(['jP  ', 'ftyp', 'rreq', 'jp2h']);
/** Boxes the image header superbox may hold (I.5.3). */
const HEADER_BOXES = new Set([
  'ihdr',
  'bpcc',
  'colr',
  'pclr',
  'cmap',
  'cdef',
  'res ',
]);
/** Metadata boxes (I.7, and those of ISO/IEC 15444-2): removed, with what the report calls them. */
const DROPPED: Record<string, [FieldId, string]> = {
  'xml ': ['other.data', 'XML box'],
  uuid: ['other.private', 'UUID box'],
  uinf: ['other.private', 'UUID info box'],
  jp2i: ['author.copyright', 'intellectual property box'],
  free: ['other.data', 'free box'],
  asoc: ['other.data', 'association box'],
  'lbl ': ['content.detail', 'label box'],
};
const XMP_UUID = 'be7acfcb97a942e89c71999491e3afac';
const GEOJP2_UUID = 'b14bf8bd083d4b43a5ae8cd7d5a6ce03';
/** Adobe's UUID for IPTC-IIM datasets in a JPEG 2000 file. */
const IPTC_UUID = '33c7a4d2b81d4723a0baf1a3e097ad38';
/** Larger XML or UUID boxes are reported without their values. */
const MAX_READ = 4 * 1024 * 1024;

const SOC = 0xff4f;
const SOT = 0xff90;
const SOD = 0xff93;
const EOC = 0xffd9;
const COM = 0xff64;
/** A COM segment's marker, length and registration fields before its text. */
const COM_HEAD = 6;
const SOT_SEGMENT = 12;

export interface Jp2Clean {
  /** The clean image over the file's offsets; null when nothing in it goes. */
  readonly plan: OutputPlan | null;
  readonly findings: Finding[];
  /** The codestream's tile data, for the residue scan to skip. */
  readonly opaque: ByteRange[];
}

interface Edit {
  readonly start: number;
  readonly end: number;
  readonly data: Uint8Array;
}

const hex = (b: Uint8Array) =>
  [...b].map((x) => x.toString(16).padStart(2, '0')).join('');

/** The clean of bytes [start, end) of `src`, as a plan over `src`'s offsets. */
export async function cleanJp2(
  src: ByteSource,
  start: number,
  end: number,
): Promise<Jp2Clean> {
  const findings: Finding[] = [];
  const edits: Edit[] = [];
  const opaque: ByteRange[] = [];
  const unsupported = (what: string) =>
    new EngineError('unsupported', `JPEG 2000 ${what}`);
  const head = await src.read(start, SIGNATURE.length + 4);
  if (u16be(head, 0) === SOC) {
    await codestream(src, start, end, edits, findings, opaque);
  } else {
    if (!SIGNATURE.every((b, i) => head[i + 4] === b))
      throw unsupported('image without a JP2 signature');
    let at = start;
    for (let count = 0; at < end; count++) {
      if (count > MAX_ENTRIES) throw corrupt('too many JPEG 2000 boxes');
      const box = await boxAt(src, at, end);
      const type = box.type;
      if (type === 'jp2c') {
        const removed = await codestream(
          src,
          box.content,
          box.end,
          edits,
          findings,
          opaque,
        );
        if (removed > 0) {
          if (box.declared === 0) {
            // A box reaching the end of the file has no length to correct.
          } else {
            const header = await src.readExact(at, box.content - at);
            const fixed = header.slice();
            if (box.content - at === 16) {
              const size = box.end - at - removed;
              writeU32be(fixed, 8, Math.floor(size / 2 ** 32));
              writeU32be(fixed, 12, size >>> 0);
            } else writeU32be(fixed, 0, box.end - at - removed);
            edits.push({ start: at, end: box.content, data: fixed });
          }
        }
      } else if (type === 'jp2h') {
        await checkHeader(src, box.content, box.end, unsupported, {
          edits,
          findings,
        });
      } else if (DROPPED[type]) {
        const kept = type === 'uuid' ? await rotatedExif(src, box) : null;
        if (kept) {
          findings.push(...kept.findings);
          if (kept.box) edits.push({ start: at, end: box.end, data: kept.box });
        } else {
          edits.push({ start: at, end: box.end, data: new Uint8Array(0) });
          findings.push(...(await droppedBox(src, box)));
        }
      } else if (!KEPT.has(type)) {
        throw unsupported(`box "${type.replace(/[^\x20-\x7e]/g, '?')}"`);
      }
      at = box.end;
    }
  }
  if (!edits.length) return { plan: null, findings, opaque };
  edits.sort((a, b) => a.start - b.start);
  const out = new OutputBuilder();
  let at = start;
  for (const e of edits) {
    out.copy(at, e.start).push(e.data);
    at = e.end;
  }
  out.copy(at, end);
  return { plan: out.build(), findings, opaque };
}

interface Box {
  readonly type: string;
  /** Where its content starts and the box ends. */
  readonly content: number;
  readonly end: number;
  /** The LBox field as written: 0 means "to the end of the file". */
  readonly declared: number;
}

async function boxAt(src: ByteSource, at: number, end: number): Promise<Box> {
  if (at + 8 > end) throw corrupt('JPEG 2000 box header past the image');
  const h = await src.readExact(at, 8);
  const declared = u32be(h, 0);
  const type = fourcc(h, 4);
  let content = at + 8;
  let size = declared;
  if (declared === 1) {
    if (at + 16 > end) throw corrupt('JPEG 2000 box header past the image');
    size = u64be(await src.readExact(at + 8, 8), 0);
    content = at + 16;
  } else if (declared === 0) size = end - at;
  if (size < content - at || at + size > end)
    throw corrupt(`JPEG 2000 box "${type}" of ${size} bytes does not fit`);
  return { type, content, end: at + size, declared };
}

/** colr (I.5.3.3): METH, PREC, APPROX, then an ICC profile when METH is 2 (restricted) or 3 (any, 15444-2). */
const COLR_FIELDS = 3;
const ICC_METHODS = new Set([2, 3]);

/** The profile's words zeroed in place (metadata/icc-text.ts), at the same length. */
async function scrubColr(
  src: ByteSource,
  box: Box,
  out: { edits: Edit[]; findings: Finding[] },
): Promise<void> {
  if (box.end - box.content <= COLR_FIELDS) return;
  const method = (await src.readExact(box.content, 1))[0]!;
  if (!ICC_METHODS.has(method)) return;
  if (box.end - box.content > MAX_READ)
    throw new EngineError('too-large', 'JPEG 2000 colour profile too large');
  const profileAt = box.content + COLR_FIELDS;
  const profile = await src.readExact(profileAt, box.end - profileAt);
  const scrubbed = scrubIccText(profile, 'colr');
  out.findings.push(...scrubbed.findings);
  if (scrubbed.profile)
    out.edits.push({ start: profileAt, end: box.end, data: scrubbed.profile });
}

/**
 * The image header superbox holds only what decoding needs; anything else is refused. Its ICC
 * profile stays without its words.
 */
async function checkHeader(
  src: ByteSource,
  start: number,
  end: number,
  unsupported: (what: string) => EngineError,
  out: { edits: Edit[]; findings: Finding[] },
): Promise<void> {
  let at = start;
  for (let count = 0; at < end; count++) {
    if (count > MAX_ENTRIES) throw corrupt('too many JPEG 2000 header boxes');
    const box = await boxAt(src, at, end);
    if (!HEADER_BOXES.has(box.type))
      throw unsupported(
        `header box "${box.type.replace(/[^\x20-\x7e]/g, '?')}"`,
      );
    if (box.type === 'colr') await scrubColr(src, box, out);
    at = box.end;
  }
}

/** A rotated photo's EXIF box, kept with its Orientation alone; null for any other box. */
async function rotatedExif(
  src: ByteSource,
  box: Box,
): Promise<KeptExif | null> {
  const size = box.end - box.content;
  if (size < UUID_BYTES || size > MAX_READ + UUID_BYTES) return null;
  if (hex(await src.readExact(box.content, UUID_BYTES)) !== EXIF_UUID)
    return null;
  const { uuid, body } = await uuidBody(src, box.content, box.end);
  return keptExif(uuid, body);
}

async function droppedBox(src: ByteSource, box: Box): Promise<Finding[]> {
  const [field, label] = DROPPED[box.type]!;
  const size = box.end - box.content;
  if (box.type === 'uuid' && size >= UUID_BYTES) {
    const found = await uuidFindings(src, box, size);
    if (found.length) return found;
  }
  if (box.type === 'xml ' && size <= MAX_READ) {
    // An XML box holds any XML (GML georeferencing, a tool's own); only XMP is reported as XMP.
    const body = await src.readExact(box.content, size);
    if (hasXmpMark(body)) return readXmpFindings(body, 'XML box');
  }
  return [finding(field, label, box.type.trim())];
}

/** What a UUID box the report can read holds: GeoJP2, XMP, EXIF or IPTC; else nothing. */
async function uuidFindings(
  src: ByteSource,
  box: Box,
  size: number,
): Promise<Finding[]> {
  const id = hex(await src.readExact(box.content, UUID_BYTES));
  if (id === GEOJP2_UUID) return [finding('gps.detail', 'GeoJP2', 'uuid')];
  if (size > MAX_READ + UUID_BYTES) return [];
  const readBody = () =>
    src.readExact(box.content + UUID_BYTES, size - UUID_BYTES);
  if (id === XMP_UUID) return readXmpFindings(await readBody(), 'XMP');
  if (id === EXIF_UUID) {
    const body = await readBody();
    const tiff = startsWith(body, EXIF_PREFIX)
      ? body.subarray(EXIF_PREFIX.length)
      : body;
    return readExifFindings(tiff, 'uuid EXIF');
  }
  if (id === IPTC_UUID) return readIptcFindings(await readBody(), 'uuid IPTC');
  return [];
}

/**
 * Walks a codestream's marker segments (ISO/IEC 15444-1 A.4): the main header up to the first
 * tile-part, then each tile-part's header by its SOT length. Returns the bytes removed.
 */
async function codestream(
  src: ByteSource,
  start: number,
  end: number,
  edits: Edit[],
  findings: Finding[],
  opaque: ByteRange[],
): Promise<number> {
  const marker = async (at: number) => {
    if (at + 2 > end) throw corrupt('JPEG 2000 marker past the codestream');
    const b = await src.readExact(at, Math.min(4, end - at));
    return { code: u16be(b, 0), length: b.length === 4 ? u16be(b, 2) : 0 };
  };
  if ((await marker(start)).code !== SOC)
    throw corrupt('JPEG 2000 codestream without SOC');
  let removed = 0;
  let at = start + 2;
  // Main header: marker segments until the first SOT.
  for (let count = 0; ; count++) {
    if (count > MAX_ENTRIES) throw corrupt('too many JPEG 2000 markers');
    const m = await marker(at);
    if (m.code === SOT) break;
    if (m.code >>> 8 !== 0xff || m.length < 2 || at + 2 + m.length > end)
      throw corrupt('JPEG 2000 main header marker does not fit');
    if (m.code === COM) {
      findings.push(await comment(src, at, m.length));
      edits.push({
        start: at,
        end: at + 2 + m.length,
        data: new Uint8Array(0),
      });
      removed += 2 + m.length;
    }
    at += 2 + m.length;
  }
  // Tile-parts: each header's comments are zeroed where they are.
  for (let count = 0; at < end; count++) {
    if (count > MAX_ENTRIES) throw corrupt('too many JPEG 2000 tile-parts');
    const m = await marker(at);
    if (m.code === EOC) break;
    if (m.code !== SOT || m.length !== SOT_SEGMENT - 2)
      throw corrupt('JPEG 2000 tile-part without SOT');
    const psot = u32be(await src.readExact(at + 6, 4), 0);
    const tileEnd = psot === 0 ? end : at + psot;
    if (psot !== 0 && (psot < SOT_SEGMENT || tileEnd > end))
      throw corrupt('JPEG 2000 tile-part length does not fit');
    let p = at + SOT_SEGMENT;
    for (let n = 0; ; n++) {
      if (n > MAX_ENTRIES) throw corrupt('too many JPEG 2000 markers');
      const t = await marker(p);
      if (t.code === SOD) {
        opaque.push({ start: p + 2, end: tileEnd });
        break;
      }
      if (t.code >>> 8 !== 0xff || t.length < 2 || p + 2 + t.length > tileEnd)
        throw corrupt('JPEG 2000 tile-part marker does not fit');
      if (t.code === COM && t.length > COM_HEAD - 2) {
        const text = await src.readExact(
          p + COM_HEAD,
          t.length - (COM_HEAD - 2),
        );
        if (text.some((b) => b !== 0)) {
          findings.push(await comment(src, p, t.length));
          const blank = new Uint8Array(t.length - 2);
          edits.push({ start: p + 4, end: p + 2 + t.length, data: blank });
        }
      }
      p += 2 + t.length;
    }
    if (psot === 0) break;
    at = tileEnd;
  }
  return removed;
}

/** A COM segment as a finding: Latin text (Rcom 1) is shown, binary data is not. */
async function comment(
  src: ByteSource,
  at: number,
  length: number,
): Promise<Finding> {
  const b = await src.readExact(at + 4, length - 2);
  const text =
    b.length > 2 && u16be(b, 0) === 1 ? decodeLatin1(b.subarray(2)) : '';
  // A codestream comment (ISO/IEC 15444-1, A.9.2): encoders write their name there.
  return finding(
    'software.creator',
    'COM',
    'codestream',
    text.replace(/\0+$/, '') || undefined,
  );
}
