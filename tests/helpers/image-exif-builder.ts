/**
 * Builds TIFF-structured EXIF blocks with planted canary values, in either byte order, for any
 * container test (JPEG APP1, WebP EXIF, HEIC Exif items, PNG eXIf). Independent of the engine's
 * reader: it writes the layout of TIFF 6.0 / EXIF 2.32 directly.
 */
import type { Canary } from './leak-oracle';

/** Every planted string starts with this, so one byte search finds any leftover. */
export const CANARY = 'MCCANARY';
/** A distinctive position: what the report must show and the output must not contain. */
export const CANARY_GPS = {
  lat: -33.856784,
  lon: 151.215297,
  alt: 123.5,
} as const;
export const CANARY_DATE = '2011:11:11 11:11:11';
/** The day and the time of CANARY_DATE, searched apart: the GPS date and time stamps hold one each. */
export const CANARY_DAY = CANARY_DATE.slice(0, CANARY_DATE.indexOf(' '));
export const CANARY_TIME = CANARY_DATE.slice(CANARY_DATE.indexOf(' ') + 1);

export type Order = 'le' | 'be';

/** One IFD entry: ASCII text, SHORT/LONG numbers, RATIONAL [num, den] pairs or raw UNDEFINED bytes. */
export type ExifValue =
  | { readonly ascii: string }
  | { readonly short: readonly number[] }
  | { readonly long: readonly number[] }
  | { readonly rational: readonly (readonly [number, number])[] }
  | { readonly undefinedBytes: Uint8Array }
  | { readonly bytes: Uint8Array };

export interface ExifEntrySpec {
  readonly tag: number;
  readonly value: ExifValue;
}

export interface ExifBlockSpec {
  readonly order?: Order;
  readonly ifd0: readonly ExifEntrySpec[];
  readonly exif?: readonly ExifEntrySpec[];
  readonly gps?: readonly ExifEntrySpec[];
  readonly interop?: readonly ExifEntrySpec[];
  /** IFD1 with a JPEG thumbnail (ThumbnailOffset/Length added automatically). */
  readonly thumbnail?: Uint8Array;
}

const TYPES = {
  BYTE: 1,
  ASCII: 2,
  SHORT: 3,
  LONG: 4,
  RATIONAL: 5,
  UNDEFINED: 7,
};

function encode(
  value: ExifValue,
  order: Order,
): { type: number; count: number; data: Uint8Array } {
  const le = order === 'le';
  if ('ascii' in value) {
    const data = new TextEncoder().encode(`${value.ascii}\0`);
    return { type: TYPES.ASCII, count: data.length, data };
  }
  if ('undefinedBytes' in value)
    return {
      type: TYPES.UNDEFINED,
      count: value.undefinedBytes.length,
      data: value.undefinedBytes,
    };
  if ('bytes' in value)
    return { type: TYPES.BYTE, count: value.bytes.length, data: value.bytes };
  if ('short' in value) {
    const data = new Uint8Array(value.short.length * 2);
    value.short.forEach((v, i) =>
      new DataView(data.buffer).setUint16(i * 2, v, le),
    );
    return { type: TYPES.SHORT, count: value.short.length, data };
  }
  if ('long' in value) {
    const data = new Uint8Array(value.long.length * 4);
    value.long.forEach((v, i) =>
      new DataView(data.buffer).setUint32(i * 4, v, le),
    );
    return { type: TYPES.LONG, count: value.long.length, data };
  }
  const data = new Uint8Array(value.rational.length * 8);
  value.rational.forEach(([n, d], i) => {
    new DataView(data.buffer).setUint32(i * 8, n, le);
    new DataView(data.buffer).setUint32(i * 8 + 4, d, le);
  });
  return { type: TYPES.RATIONAL, count: value.rational.length, data };
}

const POINTER = {
  exif: 0x8769,
  gps: 0x8825,
  interop: 0xa005,
  thumbOffset: 0x201,
  thumbLength: 0x202,
};

/** Appends an IFD at the end of `out`; returns where each pointer entry's value lives. */
function writeIfd(
  out: number[],
  entries: readonly ExifEntrySpec[],
  order: Order,
): { start: number; patch: Map<number, number>; nextAt: number } {
  const le = order === 'le';
  const sorted = [...entries].sort((a, b) => a.tag - b.tag);
  const start = out.length;
  const head = new Uint8Array(2 + sorted.length * 12 + 4);
  const hv = new DataView(head.buffer);
  hv.setUint16(0, sorted.length, le);
  let dataAt = start + head.length;
  const extra: number[] = [];
  const patch = new Map<number, number>();
  sorted.forEach((entry, i) => {
    const { type, count, data } = encode(entry.value, order);
    const at = 2 + i * 12;
    hv.setUint16(at, entry.tag, le);
    hv.setUint16(at + 2, type, le);
    hv.setUint32(at + 4, count, le);
    patch.set(entry.tag, start + at + 8);
    if (data.length <= 4) head.set(data, at + 8);
    else {
      hv.setUint32(at + 8, dataAt, le);
      extra.push(...data, ...(data.length % 2 ? [0] : []));
      dataAt += data.length + (data.length % 2);
    }
  });
  out.push(...head, ...extra);
  return { start, patch, nextAt: start + head.length - 4 };
}

function setU32(out: number[], at: number, v: number, order: Order): void {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, v, order === 'le');
  out.splice(at, 4, ...b);
}

/** A TIFF block: header, IFD0, then the Exif, GPS, Interop IFDs and IFD1 with its thumbnail. */
export function buildExifBlock(spec: ExifBlockSpec): Uint8Array {
  const order = spec.order ?? 'be';
  const out: number[] =
    order === 'le'
      ? [0x49, 0x49, 42, 0, 8, 0, 0, 0]
      : [0x4d, 0x4d, 0, 42, 0, 0, 0, 8];
  const zero = { long: [0] };
  const ifd0Entries = [
    ...spec.ifd0,
    ...(spec.exif ? [{ tag: POINTER.exif, value: zero }] : []),
    ...(spec.gps ? [{ tag: POINTER.gps, value: zero }] : []),
  ];
  const ifd0 = writeIfd(out, ifd0Entries, order);
  if (spec.exif) {
    const exifEntries = [
      ...spec.exif,
      ...(spec.interop ? [{ tag: POINTER.interop, value: zero }] : []),
    ];
    const exif = writeIfd(out, exifEntries, order);
    setU32(out, ifd0.patch.get(POINTER.exif)!, exif.start, order);
    if (spec.interop) {
      const interop = writeIfd(out, spec.interop, order);
      setU32(out, exif.patch.get(POINTER.interop)!, interop.start, order);
    }
  }
  if (spec.gps) {
    const gps = writeIfd(out, spec.gps, order);
    setU32(out, ifd0.patch.get(POINTER.gps)!, gps.start, order);
  }
  if (spec.thumbnail) {
    const ifd1 = writeIfd(
      out,
      [
        { tag: 0x103, value: { short: [6] } },
        { tag: POINTER.thumbOffset, value: zero },
        { tag: POINTER.thumbLength, value: { long: [spec.thumbnail.length] } },
      ],
      order,
    );
    setU32(out, ifd0.nextAt, ifd1.start, order);
    setU32(out, ifd1.patch.get(POINTER.thumbOffset)!, out.length, order);
    out.push(...spec.thumbnail);
  }
  return Uint8Array.from(out);
}

function dms(decimal: number): [number, number][] {
  const abs = Math.abs(decimal);
  const d = Math.floor(abs);
  const m = Math.floor((abs - d) * 60);
  const s = Math.round(((abs - d) * 60 - m) * 60 * 10000);
  return [
    [d, 1],
    [m, 1],
    [s, 10000],
  ];
}

const utf16le = (text: string) =>
  Uint8Array.from(
    [...text].flatMap((c) => [c.charCodeAt(0) & 0xff, c.charCodeAt(0) >> 8]),
  );

/** The GPS IFD of the canary position, time and day: the position as rationals, no text to search. */
export function canaryGpsEntries(): ExifEntrySpec[] {
  return [
    { tag: 0x01, value: { ascii: CANARY_GPS.lat < 0 ? 'S' : 'N' } },
    { tag: 0x02, value: { rational: dms(CANARY_GPS.lat) } },
    { tag: 0x03, value: { ascii: CANARY_GPS.lon < 0 ? 'W' : 'E' } },
    { tag: 0x04, value: { rational: dms(CANARY_GPS.lon) } },
    { tag: 0x06, value: { rational: [[CANARY_GPS.alt * 10, 10]] } },
    {
      tag: 0x07,
      value: {
        rational: CANARY_TIME.split(':').map((n): [number, number] => [
          Number(n),
          1,
        ]),
      },
    },
    { tag: 0x1d, value: { ascii: CANARY_DAY } },
  ];
}

/** A camera-like EXIF with a canary in every text field, the canary GPS and a tiny "thumbnail". */
export function canaryExif(
  options: { order?: Order; orientation?: number; thumbnail?: Uint8Array } = {},
): Uint8Array {
  const ascii = (name: string) => ({ ascii: `${CANARY}-${name}` });
  const comment = new Uint8Array([
    ...new TextEncoder().encode('ASCII\0\0\0'),
    ...new TextEncoder().encode(`${CANARY}-UserComment`),
  ]);
  return buildExifBlock({
    order: options.order ?? 'be',
    ifd0: [
      { tag: 0x010e, value: ascii('ImageDescription') },
      { tag: 0x010f, value: ascii('Make') },
      { tag: 0x0110, value: ascii('Model') },
      ...(options.orientation
        ? [{ tag: 0x0112, value: { short: [options.orientation] } }]
        : []),
      { tag: 0x0131, value: ascii('Software') },
      { tag: 0x0132, value: { ascii: CANARY_DATE } },
      { tag: 0x013b, value: ascii('Artist') },
      { tag: 0x8298, value: ascii('Copyright') },
      { tag: 0x9c9d, value: { bytes: utf16le(`${CANARY}-XPAuthor\0`) } },
    ],
    exif: [
      { tag: 0x9003, value: { ascii: CANARY_DATE } },
      {
        tag: 0x927c,
        value: {
          undefinedBytes: new TextEncoder().encode(`${CANARY}-MakerNote`),
        },
      },
      { tag: 0x9286, value: { undefinedBytes: comment } },
      { tag: 0xa430, value: ascii('OwnerName') },
      { tag: 0xa431, value: ascii('SerialNumber') },
      { tag: 0xa434, value: ascii('LensModel') },
    ],
    interop: [{ tag: 0x0001, value: { ascii: 'R98' } }],
    gps: canaryGpsEntries(),
    ...(options.thumbnail ? { thumbnail: options.thumbnail } : {}),
  });
}

/**
 * Everything an image fixture plants, as the leak oracle judges it: the canary text in every form,
 * the position by value (a GPS left as rationals holds no text to search) and the planted day and
 * time, which DateTime, DateTimeOriginal and the GPS date and time stamps show.
 */
export const IMAGE_CANARIES: readonly Canary[] = [
  CANARY,
  CANARY_GPS,
  CANARY_DAY,
  CANARY_TIME,
];
