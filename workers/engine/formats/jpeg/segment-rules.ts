/**
 * What happens to each marker segment: kept (image structure, JFIF, ICC profile, Adobe), removed
 * (every other APPn and COM), or replaced (EXIF by an Orientation-only EXIF when rotated; JFIF
 * with an embedded thumbnail by the same JFIF without it). Each decision carries the findings.
 */
import { ascii, decodeLatin1, decodeText, startsWithAscii } from '../../bytes';
import { finding, removable, type Finding } from '../../findings';
import { c2paFinding, isC2paJumbf } from '../../metadata/c2pa';
import { buildOrientationOnlyExif } from '../../metadata/exif';
import { iccProfileFinding } from '../../metadata/icc';
import { exifVerdict } from '../../metadata/exif-verdict';
import { readPhotoshopFindings } from '../../metadata/iptc';
import { readXmpFindings } from '../../metadata/xmp';
import {
  APP0,
  APP1,
  APP11,
  APP13,
  APP14,
  APP2,
  COM,
  EXIF_HEADER_BYTES,
  ID,
  LENGTH_BYTES,
  MARKER_BYTES,
  MARKER_PREFIX,
  XMP_EXTENDED_HEADER_BYTES,
  isApp,
  markerName,
} from './markers';

export type SegmentAction =
  | { readonly kind: 'keep'; readonly findings: readonly Finding[] }
  | { readonly kind: 'remove'; readonly findings: readonly Finding[] }
  | {
      readonly kind: 'replace';
      readonly findings: readonly Finding[];
      readonly bytes: Uint8Array;
    };

const MAX_VENDOR_ID_CHARS = 32;
const KEEP: SegmentAction = { kind: 'keep', findings: [] };

/** Adobe's APP14 (Technical Note 5116, 18): version (2), flags0 (2), flags1 (2), transform (1). */
const ADOBE_BYTES = ID.ADOBE.length + 7;
/** JFIF 1.02: version (2), units (1), densities (4), thumbnail width and height (1 + 1). */
const JFIF_THUMBNAIL_DIMS_AT = ID.JFIF.length + 7;
const JFIF_FIXED_BYTES = JFIF_THUMBNAIL_DIMS_AT + 2;
/** ICC.1 B.4: after the identifier, the chunk's sequence number (1-based) and the chunk count. */
export const ICC_SEQUENCE_AT = ID.ICC.length;
export const ICC_PROFILE_AT = ICC_SEQUENCE_AT + 2;

function has(payload: Uint8Array, id: string): boolean {
  return startsWithAscii(payload, id);
}

/** A whole segment (marker, length, payload) around a new payload. */
export function segmentBytes(marker: number, payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(MARKER_BYTES + LENGTH_BYTES + payload.length);
  const length = LENGTH_BYTES + payload.length;
  out.set([MARKER_PREFIX, marker, length >> 8, length & 0xff]);
  out.set(payload, MARKER_BYTES + LENGTH_BYTES);
  return out;
}

function removeWith(findings: Finding[], fallback: Finding): SegmentAction {
  return {
    kind: 'remove',
    findings: findings.some(removable) ? findings : [...findings, fallback],
  };
}

function exifAction(payload: Uint8Array, where: string): SegmentAction {
  const verdict = exifVerdict(payload.subarray(EXIF_HEADER_BYTES), where);
  const { findings, rotation } = verdict;
  if (verdict.minimal) return { kind: 'keep', findings };
  if (rotation === undefined) return { kind: 'remove', findings };
  const exif = new Uint8Array([
    ...ascii(ID.EXIF),
    0,
    ...buildOrientationOnlyExif(rotation),
  ]);
  return { kind: 'replace', findings, bytes: segmentBytes(APP1, exif) };
}

function app0Action(payload: Uint8Array, where: string): SegmentAction {
  if (has(payload, ID.JFXX)) {
    return {
      kind: 'remove',
      findings: [finding('thumbnail.image', 'JFXXThumbnail', where)],
    };
  }
  if (!has(payload, ID.JFIF))
    return removeWith([], finding('other.data', where, where));
  if (payload.length < JFIF_FIXED_BYTES) return KEEP;
  const width = payload[JFIF_THUMBNAIL_DIMS_AT]!;
  const height = payload[JFIF_THUMBNAIL_DIMS_AT + 1]!;
  if (width * height === 0 && payload.length === JFIF_FIXED_BYTES) return KEEP;
  const bare = payload.slice(0, JFIF_FIXED_BYTES);
  bare.fill(0, JFIF_THUMBNAIL_DIMS_AT);
  const thumbnail = finding(
    'thumbnail.image',
    'JFIFThumbnail',
    where,
    `${width}x${height}`,
  );
  return {
    kind: 'replace',
    findings: [thumbnail],
    bytes: segmentBytes(APP0, bare),
  };
}

function app1Action(payload: Uint8Array, where: string): SegmentAction {
  if (has(payload, ID.EXIF)) return exifAction(payload, `${where} Exif`);
  if (has(payload, ID.XMP)) {
    return {
      kind: 'remove',
      findings: readXmpFindings(
        payload.subarray(ID.XMP.length),
        `${where} XMP`,
      ),
    };
  }
  if (has(payload, ID.XMP_EXTENDED)) {
    const chunk = payload.subarray(
      ID.XMP_EXTENDED.length + XMP_EXTENDED_HEADER_BYTES,
    );
    return {
      kind: 'remove',
      findings: readXmpFindings(chunk, `${where} extended XMP`),
    };
  }
  return removeWith([], finding('other.data', where, where));
}

function app2Action(payload: Uint8Array, where: string): SegmentAction {
  if (has(payload, ID.ICC)) {
    // ICC.1 B.4: one profile may span several chunks; report it once, from its first chunk.
    if (payload[ICC_SEQUENCE_AT] !== 1) return KEEP;
    const profile = payload.subarray(ICC_PROFILE_AT);
    const kept = iccProfileFinding(profile, `${where} ICC_PROFILE`);
    return { kind: 'keep', findings: [kept] };
  }
  const label = has(payload, ID.MPF)
    ? 'MPF'
    : has(payload, ID.FPXR)
      ? 'FPXR'
      : where;
  return removeWith([], finding('other.data', label, where));
}

/** Adobe's colour transform stays; bytes past its layout, which no decoder reads, go. */
function adobeAction(payload: Uint8Array): SegmentAction {
  const extra = payload.subarray(ADOBE_BYTES);
  if (extra.every((b) => b === 0)) return KEEP;
  const where = markerName(APP14);
  const value = `${extra.length} bytes`;
  return {
    kind: 'replace',
    findings: [
      finding('other.data', `${where} Adobe extra bytes`, where, value),
    ],
    bytes: segmentBytes(APP14, payload.slice(0, ADOBE_BYTES)),
  };
}

function otherAppAction(
  marker: number,
  payload: Uint8Array,
  where: string,
): SegmentAction {
  if (marker === APP14 && has(payload, ID.ADOBE)) return adobeAction(payload);
  if (marker === APP11 && isC2paJumbf(payload))
    return { kind: 'remove', findings: [c2paFinding(payload, where)] };
  if (marker === APP13 && has(payload, ID.PHOTOSHOP)) {
    const irb = payload.subarray(ID.PHOTOSHOP.length);
    return removeWith(
      readPhotoshopFindings(irb, `${where} Photoshop`),
      finding('other.data', 'Photoshop', where),
    );
  }
  const id = vendorId(payload);
  return removeWith(
    [],
    finding(
      'other.data',
      id ? `${where} ${id}` : where,
      where,
      `${payload.length} bytes`,
    ),
  );
}

/** The printable identifier a vendor put at the start of its APPn (`Ducky`, `META`), if any. */
function vendorId(payload: Uint8Array): string {
  const head = decodeLatin1(payload.subarray(0, MAX_VENDOR_ID_CHARS));
  return /^[\x20-\x7e]+/.exec(head)?.[0].trim() ?? '';
}

/** The decision for one segment, from its marker and its payload. */
export function segmentAction(
  marker: number,
  payload: Uint8Array,
): SegmentAction {
  const where = markerName(marker);
  if (marker === COM) {
    return {
      kind: 'remove',
      findings: [
        finding(
          'content.comment',
          'Comment',
          where,
          decodeText(payload) || undefined,
        ),
      ],
    };
  }
  if (!isApp(marker)) return KEEP;
  if (marker === APP0) return app0Action(payload, where);
  if (marker === APP1) return app1Action(payload, where);
  if (marker === APP2) return app2Action(payload, where);
  return otherAppAction(marker, payload, where);
}
