/**
 * Streams that are neither images, attachments nor typed metadata: content streams are read for
 * inline images (`inline-images.ts`), colour profiles lose their words (`icc-profiles.ts`), and
 * any other stream whose bytes are an XMP packet is emptied whatever its dictionary says (XMP is
 * recognised by its content, not by `/Type`).
 */
import { finding, type Finding } from '../../findings';
import type { AnalysisContext } from '../../format-module';
import { hasXmpMark, readXmpFindings } from '../../metadata/xmp';
import { inflateLimited } from '../../shared/inflate';
import type { PdfDocument } from './document';
import { canDecode } from './filters';
import { profileData, isProfileStream } from './icc-profiles';
import { cleanInlineImages } from './inline-images';
import type { KeptKind } from './keep';
import {
  intOf,
  isArray,
  isDict,
  isRef,
  nameOf,
  type PdfDict,
  type PdfObject,
  type PdfValue,
} from './objects';
import type { Tally } from './tally';
import type { StreamData } from './stream-data';

/** Streams whose data is a font, a colour profile, a function or 3D data: never XMP or content. */
const OPAQUE_SUBTYPES = new Set([
  'Type1C',
  'CIDFontType0C',
  'OpenType',
  'U3D',
  'PRC',
]);
const OPAQUE_KEYS = ['Length1', 'Length2', 'Length3', 'FunctionType', 'N'];

const TILING_PATTERN = 1;
/** The first byte of a zlib stream with deflate and a 32 KB window (RFC 1950, 2.2). */
const ZLIB_CM = 0x78;
/** Deflated data read for XMP when no filter says so. */
const MAX_XMP_BYTES = 4 * 1024 * 1024;

/** Notes a page's content streams and a Type 3 font's glyph procedures as the walk meets them. */
export function noteContentStreams(
  d: PdfDict,
  kind: KeptKind | null,
  tally: Tally,
): void {
  const m = d.map;
  if (kind === 'page') {
    tally.pages++;
    noteRefs(m.get('Contents'), `page ${tally.pages}`, tally);
  }
  const procs = m.get('CharProcs');
  if (isDict(procs))
    for (const [name, r] of procs.map)
      noteRefs(r, `glyph ${name} of a Type 3 font`, tally);
}

/** A page's `/Contents` may be an array in an object of its own. */
export function noteContentArray(o: PdfObject, tally: Tally): void {
  const where = tally.contentStreams.get(o.num);
  if (where !== undefined && isArray(o.value)) noteRefs(o.value, where, tally);
}

function noteRefs(v: PdfValue | undefined, where: string, tally: Tally): void {
  for (const r of isArray(v) ? v.items : [v])
    if (isRef(r) && !tally.contentStreams.has(r.num))
      tally.contentStreams.set(r.num, where);
}

/** Where a known content stream is shown: a page, a glyph, a form or a tiling pattern. */
function knownContent(o: PdfObject, tally: Tally): string | undefined {
  const m = (o.value as PdfDict).map;
  const noted = tally.contentStreams.get(o.num);
  if (noted !== undefined) return noted;
  if (nameOf(m.get('Subtype')) === 'Form') return `form (object ${o.num})`;
  if (intOf(m.get('PatternType')) === TILING_PATTERN)
    return `pattern (object ${o.num})`;
  return undefined;
}

/** Where a content stream is shown; a stream with no type at all is read as content too. */
function contentPlace(o: PdfObject, tally: Tally): string | undefined {
  const m = (o.value as PdfDict).map;
  return (
    knownContent(o, tally) ??
    (!m.has('Type') && !m.has('Subtype')
      ? `content (object ${o.num})`
      : undefined)
  );
}

/** A font program, colour profile, function or 3D stream, by its subtype or its own keys. */
export const isOpaque = (d: PdfDict): boolean =>
  OPAQUE_SUBTYPES.has(nameOf(d.map.get('Subtype')) ?? '') ||
  OPAQUE_KEYS.some((k) => d.map.has(k));

/**
 * Content streams with their JPEG inline images cleaned, XMP emptied; null when the stream is
 * copied as it is. Streams in filters the engine does not decode are copied.
 */
export async function otherStream(
  doc: PdfDocument,
  ctx: AnalysisContext,
  tally: Tally,
  o: PdfObject,
  findings: Finding[],
): Promise<StreamData | null> {
  const d = o.value as PdfDict;
  const place = contentPlace(o, tally);
  if (!canDecode(d)) return null;
  // A profile has no /Type or /Subtype, as untyped content has: its /N says which it is.
  if (knownContent(o, tally) === undefined && isProfileStream(d))
    return profileData(doc, o, findings);
  if (isOpaque(d) && place === undefined) return null;
  const data = await doc.decoded(o);
  // Text a page shows is content, whatever it says; any other stream that is XMP goes.
  if (knownContent(o, tally) === undefined && isXmp(data)) {
    const location = `XMP (object ${o.num})`;
    const found = readXmpFindings(data, location);
    findings.push(
      ...(found.length ? found : [finding('other.data', 'Metadata', location)]),
    );
    return { kind: 'bytes', data: new Uint8Array(0), filter: null };
  }
  if (place === undefined) return null;
  const cleaned = await cleanInlineImages(data, place, ctx.nested, findings);
  return cleaned && { kind: 'bytes', data: cleaned, filter: 'FlateDecode' };
}

function isXmp(data: Uint8Array): boolean {
  if (hasXmpMark(data)) return true;
  // Deflated data whose /Filter was lost: read as what it is.
  if (data[0] !== ZLIB_CM) return false;
  try {
    return hasXmpMark(inflateLimited(data, MAX_XMP_BYTES));
  } catch {
    return false;
  }
}
