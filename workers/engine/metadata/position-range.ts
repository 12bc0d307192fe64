/**
 * Whether a position field's value names a point on Earth. A writer may fill the field with
 * coordinates no place has (exiftool writes `999, 999` when told to, as ISO 6709 `+999.000+999.000/`
 * or as decimal degrees): such a value is a field to remove, never a place to name or draw.
 */

/** Latitude past ±90° or longitude past ±180° is no position (ISO 6709, 4.3 and 4.4). */
const MAX_LATITUDE = 90;
const MAX_LONGITUDE = 180;
/**
 * The two numbers a position value starts with: decimal degrees `"lat, lon"` as the engine writes
 * them, or an ISO 6709 point (`+lat+lon`) it could not read.
 */
const LEADING_PAIR =
  /^\s*([+-]?\d+(?:\.\d*)?)\s*(?:,\s*|(?=[+-]))([+-]?\d+(?:\.\d*)?)/;

/**
 * Decimal degrees with one half unread (`"999.000000, ?"`, `"?, 12.5"`): EXIF holds a latitude and
 * no longitude, or the other way round. Half a position names no place either.
 */
const HALF_MISSING = /^\s*(?:\?\s*,|[+-]?\d+(?:\.\d*)?\s*,\s*\?)/;

/**
 * The value starts with a latitude and longitude and one of them is out of range, or one of them
 * is missing.
 */
export function isImpossiblePosition(value: string): boolean {
  if (HALF_MISSING.test(value)) return true;
  const match = LEADING_PAIR.exec(value);
  if (!match) return false;
  return (
    Math.abs(Number(match[1])) > MAX_LATITUDE ||
    Math.abs(Number(match[2])) > MAX_LONGITUDE
  );
}
