/**
 * ISO 6709 point strings as QuickTime and phones write them (`©xyz`,
 * com.apple.quicktime.location.ISO6709): `+48.8584+002.2945+035.000/`. Latitude has 2 integer
 * digits of degrees, longitude 3; more digits mean minutes (DDMM) or minutes and seconds (DDMMSS).
 */
import { FIELDS, type FieldId } from '../fields';
import { finding, type Finding } from '../findings';

const POINT = /^([+-]\d+(?:\.\d*)?)([+-]\d+(?:\.\d*)?)([+-]\d+(?:\.\d*)?)?/;
const MINUTES_PER_DEGREE = 60;
const SECONDS_PER_DEGREE = 3600;
const DECIMALS = 6;

function component(text: string, degreeDigits: number): number | null {
  const sign = text.startsWith('-') ? -1 : 1;
  const body = text.slice(1);
  const [whole = '', fraction = ''] = body.split('.');
  const frac = fraction ? Number(`0.${fraction}`) : 0;
  const n = whole.length;
  let degrees: number;
  if (n === degreeDigits) {
    degrees = Number(whole) + frac;
  } else if (n === degreeDigits + 2) {
    degrees =
      Number(whole.slice(0, degreeDigits)) +
      (Number(whole.slice(degreeDigits)) + frac) / MINUTES_PER_DEGREE;
  } else if (n === degreeDigits + 4) {
    degrees =
      Number(whole.slice(0, degreeDigits)) +
      Number(whole.slice(degreeDigits, degreeDigits + 2)) / MINUTES_PER_DEGREE +
      (Number(whole.slice(degreeDigits + 2)) + frac) / SECONDS_PER_DEGREE;
  } else {
    return null;
  }
  return Number.isFinite(degrees) ? sign * degrees : null;
}

/**
 * A location tag's finding: a position when its text is an ISO 6709 point, else the tag's own
 * field (a place name, a GPS detail) with its text as it is.
 */
export function locationFinding(
  field: FieldId,
  label: string,
  location: string,
  text: string | undefined,
): Finding {
  const point =
    text && FIELDS[field].category === 'location'
      ? iso6709ToDecimal(text)
      : null;
  return point
    ? finding('gps.position', label, location, point)
    : finding(field, label, location, text);
}

/** "lat, lon" in decimal degrees, or null when the text is not an ISO 6709 point. */
export function iso6709ToDecimal(text: string): string | null {
  const match = POINT.exec(text.trim());
  if (!match) return null;
  const latitude = component(match[1]!, 2);
  const longitude = component(match[2]!, 3);
  if (latitude === null || longitude === null) return null;
  return `${latitude.toFixed(DECIMALS)}, ${longitude.toFixed(DECIMALS)}`;
}
