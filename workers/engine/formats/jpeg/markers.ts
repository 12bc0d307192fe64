/** JPEG marker codes (ITU-T T.81 table B.1) and the identifiers of APPn segments we recognise. */

export const MARKER_PREFIX = 0xff;
export const SOI = 0xd8;
export const EOI = 0xd9;
export const SOS = 0xda;
export const COM = 0xfe;
export const APP0 = 0xe0;
export const APP1 = 0xe1;
export const APP2 = 0xe2;
/** JPEG systems (ISO/IEC 19566-5): JUMBF boxes, such as C2PA Content Credentials. */
export const APP11 = 0xeb;
export const APP13 = 0xed;
export const APP14 = 0xee;
export const APP15 = 0xef;
export const RST0 = 0xd0;
export const RST7 = 0xd7;
/** T.81 B.1.1.3: TEM and RSTn stand alone, with no length field. */
export const TEM = 0x01;
/** A 0xFF byte followed by 0x00 is a stuffed data byte inside entropy-coded data (T.81 F.1.2.3). */
export const STUFFED = 0x00;

export const MARKER_BYTES = 2;
export const LENGTH_BYTES = 2;
/** The smallest segment length: the length field alone. */
export const MIN_SEGMENT_LENGTH = 2;

export function isApp(marker: number): boolean {
  return marker >= APP0 && marker <= APP15;
}

export function isRestart(marker: number): boolean {
  return marker >= RST0 && marker <= RST7;
}

/**
 * Whether an 0xFF followed by `next` inside entropy-coded data is a real marker: not a stuffed
 * 0x00, a fill 0xFF or a restart (T.81 B.1.1.2, F.1.2.3).
 */
export function endsEntropyData(next: number): boolean {
  return next !== STUFFED && next !== MARKER_PREFIX && !isRestart(next);
}

/** Markers with no length field and no payload. */
export function isStandalone(marker: number): boolean {
  return (
    marker === SOI || marker === EOI || marker === TEM || isRestart(marker)
  );
}

export function markerName(marker: number): string {
  if (isApp(marker)) return `APP${marker - APP0}`;
  if (marker === COM) return 'COM';
  return `0xFF${marker.toString(16).toUpperCase()}`;
}

/** Identifiers at the start of APPn payloads (CIPA DC-008, XMP part 3, ICC.1 B.4, CIPA DC-007). */
export const ID = {
  JFIF: 'JFIF\0',
  JFXX: 'JFXX\0',
  EXIF: 'Exif\0',
  XMP: 'http://ns.adobe.com/xap/1.0/\0',
  XMP_EXTENDED: 'http://ns.adobe.com/xmp/extension/\0',
  ICC: 'ICC_PROFILE\0',
  MPF: 'MPF\0',
  FPXR: 'FPXR\0',
  PHOTOSHOP: 'Photoshop 3.0\0',
  ADOBE: 'Adobe',
} as const;

/** `Exif\0` is followed by one pad byte (usually 0) before the TIFF header. */
export const EXIF_HEADER_BYTES = 6;
/** Extended XMP: GUID (32), full length (4), chunk offset (4), then the chunk. */
export const XMP_EXTENDED_HEADER_BYTES = 40;
