/**
 * The GPS IFD for the report (EXIF 2.32 section 4.6.6): one position in decimal degrees, the
 * altitude in metres, the UTC time, the speed with its unit and each bearing with its reference
 * (a value and the letter that says what it means are one finding); the other GPS fields one
 * by one.
 */
import { decodeLatin1 } from '../bytes';
import { finding, type Finding } from '../findings';
import type { ByteOrder, IfdEntry } from './tiff-ifd';
import { entryNumbers, entryText, isoDate } from './tiff-values';
import { GPS_TAGS, tagName } from './exif-tags';

const GPS = {
  LATITUDE_REF: 0x01,
  LATITUDE: 0x02,
  LONGITUDE_REF: 0x03,
  LONGITUDE: 0x04,
  ALTITUDE_REF: 0x05,
  ALTITUDE: 0x06,
  TIME_STAMP: 0x07,
  SPEED_REF: 0x0c,
  SPEED: 0x0d,
  TRACK_REF: 0x0e,
  TRACK: 0x0f,
  IMG_DIRECTION_REF: 0x10,
  IMG_DIRECTION: 0x11,
  DATE_STAMP: 0x1d,
} as const;
/** GPSSpeedRef (EXIF 2.32 section 4.6.6, tag 0x0C): K, M or N; K when absent. */
const SPEED_UNITS: Readonly<Record<string, string>> = {
  K: 'km/h',
  M: 'mph',
  N: 'kn',
};
const DEFAULT_SPEED_REF = 'K';
/** GPSTrackRef and GPSImgDirectionRef: T (true north) or M (magnetic north). */
const BEARING_REFERENCES: Readonly<Record<string, string>> = {
  T: 'true',
  M: 'magnetic',
};
/** Tags folded into the combined findings above. */
const COMBINED: ReadonlySet<number> = new Set(Object.values(GPS));
const MINUTES_PER_DEGREE = 60;
const SECONDS_PER_DEGREE = 3600;
const DECIMALS = 6;
const BELOW_SEA_LEVEL = 1;

export type ValueOf = (entry: IfdEntry) => Uint8Array | null;

interface GpsFields {
  readonly byTag: ReadonlyMap<number, IfdEntry>;
  readonly valueOf: ValueOf;
  readonly order: ByteOrder;
}

function numbers(f: GpsFields, tag: number): number[] {
  const entry = f.byTag.get(tag);
  const value = entry && f.valueOf(entry);
  return entry && value ? entryNumbers(entry, value, f.order) : [];
}

function text(f: GpsFields, tag: number): string {
  const entry = f.byTag.get(tag);
  const value = entry && f.valueOf(entry);
  return value ? decodeLatin1(value) : '';
}

/** Degrees, minutes, seconds and a hemisphere letter to signed decimal degrees. */
function degrees(
  f: GpsFields,
  tag: number,
  refTag: number,
  negative: string,
): number | null {
  const [d, m = 0, s = 0] = numbers(f, tag);
  if (d === undefined) return null;
  const value = d + m / MINUTES_PER_DEGREE + s / SECONDS_PER_DEGREE;
  return text(f, refTag).toUpperCase().startsWith(negative) ? -value : value;
}

function position(f: GpsFields, location: string): Finding[] {
  const lat = degrees(f, GPS.LATITUDE, GPS.LATITUDE_REF, 'S');
  const lon = degrees(f, GPS.LONGITUDE, GPS.LONGITUDE_REF, 'W');
  if (lat === null && lon === null) return [];
  const shown = [lat, lon].map((v) => (v === null ? '?' : v.toFixed(DECIMALS)));
  return [finding('gps.position', 'GPSPosition', location, shown.join(', '))];
}

function altitude(f: GpsFields, location: string): Finding[] {
  const [metres] = numbers(f, GPS.ALTITUDE);
  if (metres === undefined) return [];
  const [ref] = numbers(f, GPS.ALTITUDE_REF);
  const signed = ref === BELOW_SEA_LEVEL ? -metres : metres;
  return [finding('gps.altitude', 'GPSAltitude', location, `${signed} m`)];
}

function dateTime(f: GpsFields, location: string): Finding[] {
  const date = text(f, GPS.DATE_STAMP);
  const [h, m, s] = numbers(f, GPS.TIME_STAMP);
  const pad = (n: number | undefined) =>
    String(Math.floor(n ?? 0)).padStart(2, '0');
  const time = h === undefined ? '' : `${pad(h)}:${pad(m)}:${pad(s)}`;
  if (!date && !time) return [];
  const value = date
    ? `${isoDate(date)}${time ? `T${time}Z` : ''}`
    : `${time}Z`;
  return [finding('time.gps', 'GPSDateTime', location, value)];
}

function reference(f: GpsFields, tag: number): string {
  return text(f, tag).replace(/\0/g, '').trim().toUpperCase();
}

function speed(f: GpsFields, location: string): Finding[] {
  const [n] = numbers(f, GPS.SPEED);
  if (n === undefined) return [];
  const unit = SPEED_UNITS[reference(f, GPS.SPEED_REF) || DEFAULT_SPEED_REF];
  // An unknown unit letter leaves a number nobody can read: it is a detail, not a speed.
  return unit
    ? [finding('gps.speed', 'GPSSpeed', location, `${n} ${unit}`)]
    : [finding('gps.detail', 'GPSSpeed', location, String(n))];
}

function bearing(
  f: GpsFields,
  tag: number,
  refTag: number,
  field: 'gps.direction' | 'gps.track',
  label: string,
  location: string,
): Finding[] {
  const [n] = numbers(f, tag);
  if (n === undefined) return [];
  const ref = BEARING_REFERENCES[reference(f, refTag)];
  return [finding(field, label, location, ref ? `${n} ${ref}` : String(n))];
}

/** Findings of a GPS IFD's entries. */
export function gpsFindings(
  entries: readonly IfdEntry[],
  valueOf: ValueOf,
  order: ByteOrder,
  location: string,
): Finding[] {
  const f: GpsFields = {
    byTag: new Map(entries.map((e) => [e.tag, e])),
    valueOf,
    order,
  };
  const others = entries
    .filter((e) => !COMBINED.has(e.tag))
    .flatMap((e) => {
      const [label, field] = tagName(GPS_TAGS, e.tag);
      if (field === null) return [];
      const value = valueOf(e);
      const shown = value ? entryText(e, value, order) : undefined;
      return [finding(field, label, location, shown)];
    });
  return [
    ...position(f, location),
    ...altitude(f, location),
    ...dateTime(f, location),
    ...speed(f, location),
    ...bearing(
      f,
      GPS.IMG_DIRECTION,
      GPS.IMG_DIRECTION_REF,
      'gps.direction',
      'GPSImgDirection',
      location,
    ),
    ...bearing(f, GPS.TRACK, GPS.TRACK_REF, 'gps.track', 'GPSTrack', location),
    ...others,
  ];
}
