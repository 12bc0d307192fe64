/**
 * Telemetry written as text: drones and action cameras record their flight log as a subtitle
 * stream (DJI since 2016: `[latitude: 17.025830] [longitude: -96.551234] [rel_alt: 20.100 abs_alt:
 * 1630.2]`, `GPS (lon, lat, alt)`, `F/2.8, SS 1000, ISO 100`, a date and time per sample), and dashcams their receiver's NMEA
 * sentences (`$GPRMC,101530.000,A,4851.4980,N,00217.6700,E,...`). Given the
 * text of a track's samples, this tells a flight log from ordinary subtitles and pulls out the
 * first and last position and the first time, for the report. Every pattern is linear: no nested
 * quantifiers, so hostile text costs its length.
 */

export interface Position {
  readonly lat: number;
  readonly lon: number;
}

export interface TextTelemetry {
  /** The first and last position in the text, when it holds any (not 0, 0: no fix). */
  readonly first?: Position;
  readonly last?: Position;
  /** Heights (`rel_alt`, `abs_alt`, `H 20.1m`, `BAROMETER`) appear. */
  readonly altitude: boolean;
  /** Exposure settings (ISO, shutter, aperture, EV) appear. */
  readonly camera: boolean;
  /** The first date and time, ISO 8601 (`2024-03-01T09:14:22.123`), when it holds any. */
  readonly firstTime?: string;
}

const NUMBER = String.raw`(-?\d{1,3}\.\d+)`;
/** DJI's labelled layout; its firmware also writes `longtitude`. */
const LABELLED = new RegExp(
  String.raw`\blat(?:itude)?\s*[:=]\s*${NUMBER}[\]\s,;]{0,8}\[?\s*(?:long?t?itude|lon|lng)\s*[:=]\s*${NUMBER}`,
  'gi',
);
/** DJI's older and smaller drones: `GPS (lon, lat, alt)`, longitude first. */
const GPS_LON_LAT = new RegExp(
  String.raw`\bGPS\s*\(\s*${NUMBER}\s*,\s*${NUMBER}`,
  'gi',
);
/**
 * NMEA 0183 coordinates, as GPS receivers write them in `$GPRMC`/`$GPGGA`/`$GPGLL` sentences and
 * dashcams copy into their text streams: latitude `ddmm.mmmm,N`, longitude `dddmm.mmmm,E`.
 */
const NMEA = /\b(\d{2})(\d{2}\.\d+),([NS]),(\d{3})(\d{2}\.\d+),([EW])\b/g;
const MINUTES_PER_DEGREE = 60;

function nmeaDegrees(degrees: string, minutes: string, hemisphere: string) {
  const value = Number(degrees) + Number(minutes) / MINUTES_PER_DEGREE;
  return hemisphere === 'S' || hemisphere === 'W' ? -value : value;
}

/** Any two decimals with four or more places side by side: a coordinate pair written out. */
const PAIR = /(-?\d{1,3}\.\d{4,})°?[NS]?[\s,;/]{1,3}(-?\d{1,3}\.\d{4,})/g;
const ALTITUDE =
  /\b(?:rel_alt|abs_alt|altitude|barometer)\b|\bH[\s:]{0,3}-?\d+(?:\.\d+)?\s?m\b/i;
const CAMERA_SETTINGS: readonly RegExp[] = [
  /\biso[\s:=]{0,3}\d{2,5}\b/i,
  /\b(?:shutter|ss)[\s:=]{0,3}(?:1\/)?\d+(?:\.\d+)?/i,
  /\b(?:fnum[\s:=]{0,3}F?\d|F\/\d)/i,
  /\bev[\s:=]{0,3}[+-]?\d/i,
];
/** Settings named together: one alone ("ISO 9001") is ordinary text. */
const CAMERA_SETTINGS_NEEDED = 2;
/** A date, and its time of day when written beside it. */
const DATE =
  /\b((?:19|20)\d\d)[-./](0[1-9]|1[0-2])[-./](0[1-9]|[12]\d|3[01])(?:[ T]([01]\d|2[0-3]):([0-5]\d):([0-5]\d)(?:[.,](\d{1,3}))?)?\b/g;
/** A date and time on sample after sample is a log; one in a line of dialogue is not. */
const DATE_TIMES_NEEDED = 3;
const MAX_LATITUDE = 90;
const MAX_LONGITUDE = 180;

function position(lat: number, lon: number): Position | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lon)) return null;
  if (Math.abs(lat) > MAX_LATITUDE || Math.abs(lon) > MAX_LONGITUDE)
    return null;
  return { lat, lon };
}

interface Found {
  readonly at: number;
  readonly position: Position;
}

/** Every position in `text`, in the order they appear; (0, 0) is kept: it proves the layout. */
function positionsIn(text: string): Found[] {
  const found: Found[] = [];
  const add = (at: number, p: Position | null) => {
    if (p) found.push({ at, position: p });
  };
  for (const m of text.matchAll(LABELLED))
    add(m.index, position(Number(m[1]), Number(m[2])));
  for (const m of text.matchAll(GPS_LON_LAT))
    add(m.index, position(Number(m[2]), Number(m[1])));
  for (const m of text.matchAll(NMEA)) {
    const [, latD, latM, ns, lonD, lonM, ew] = m;
    const lat = nmeaDegrees(latD!, latM!, ns!);
    add(m.index, position(lat, nmeaDegrees(lonD!, lonM!, ew!)));
  }
  if (found.length === 0)
    for (const m of text.matchAll(PAIR))
      add(m.index, position(Number(m[1]), Number(m[2])));
  return found.sort((a, b) => a.at - b.at);
}

const hasFix = (p: Position) => p.lat !== 0 || p.lon !== 0;

function isoDate(m: RegExpMatchArray): string {
  const [, y, mo, d, h, mi, s, ms] = m;
  const day = `${y}-${mo}-${d}`;
  if (h === undefined) return day;
  return `${day}T${h}:${mi}:${s}${ms ? `.${ms}` : ''}`;
}

/**
 * The dates in `text`, ISO 8601 (`2024-03-01`, or `2024-03-01T09:14:22.123` when the time of day
 * is beside it), in order, at most `limit`; `timed` keeps only those with a time of day.
 */
export function datesIn(text: string, limit: number, timed = false): string[] {
  const dates: string[] = [];
  for (const m of text.matchAll(DATE)) {
    if (dates.length >= limit) break;
    if (!timed || m[4] !== undefined) dates.push(isoDate(m));
  }
  return dates;
}

/**
 * Reads the text of a track's samples, in playing order (`pieces` may be the head and the tail of
 * a long track); null when it reads as ordinary text.
 */
export function readTextTelemetry(
  pieces: readonly string[],
): TextTelemetry | null {
  const text = pieces.join('\n');
  const positions = positionsIn(text).map((f) => f.position);
  const camera =
    CAMERA_SETTINGS.filter((p) => p.test(text)).length >=
    CAMERA_SETTINGS_NEEDED;
  const dates = datesIn(text, DATE_TIMES_NEEDED, true);
  const logged = dates.length >= DATE_TIMES_NEEDED;
  if (positions.length === 0 && !camera && !logged) return null;
  const fixed = positions.filter(hasFix);
  return {
    ...(fixed.length > 0 ? { first: fixed[0]!, last: fixed.at(-1)! } : {}),
    altitude: ALTITUDE.test(text),
    camera,
    ...(dates[0] ? { firstTime: dates[0] } : {}),
  };
}

/** `"lat, lon"` in decimal degrees, the engine's position form. */
export function positionText(p: Position): string {
  return `${p.lat}, ${p.lon}`;
}
