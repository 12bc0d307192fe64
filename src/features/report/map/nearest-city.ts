/**
 * The nearest sizeable place to a point, from the gazetteer bundled with the map (see
 * scripts/make-gazetteer.mjs): a name to say "near Paris" with, never a request to any server.
 */
import cities from './cities.json';

type Row = readonly [lonE2: number, latE2: number, name: string, code: string];

/** Farther than this, "near" would mislead: the map names only the country. */
export const NEAR_KM = 50;
const METRO_SLACK_KM = 5;
const EARTH_RADIUS_KM = 6371;
const RADIANS = Math.PI / 180;

export interface NearbyCity {
  readonly name: string;
  /** ISO 3166-1 alpha-2 of the place's country. */
  readonly code: string;
  readonly km: number;
}

/** Great-circle distance (haversine) in kilometres. */
function distanceKm(lon1: number, lat1: number, lon2: number, lat2: number) {
  const dLat = (lat2 - lat1) * RADIANS;
  const dLon = (lon2 - lon1) * RADIANS;
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(lat1 * RADIANS) *
      Math.cos(lat2 * RADIANS) *
      Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * The place a person would name for the point: among the places within NEAR_KM, the most populous
 * one no more than METRO_SLACK_KM farther than the nearest (a photo on the Las Vegas Strip is
 * "near Las Vegas", not near the census town the Strip lies in). Rows come most populous first.
 */
export function nearestCity(lon: number, lat: number): NearbyCity | null {
  const near: NearbyCity[] = [];
  // One degree of latitude is ~111 km: rows farther north or south than NEAR_KM are skipped cheaply.
  const latWindow = NEAR_KM / 111 + 0.01;
  for (const [lonE2, latE2, name, code] of cities as unknown as Row[]) {
    const cityLat = latE2 / 100;
    if (Math.abs(cityLat - lat) > latWindow) continue;
    const km = distanceKm(lon, lat, lonE2 / 100, cityLat);
    if (km <= NEAR_KM) near.push({ name, code, km });
  }
  if (near.length === 0) return null;
  const nearest = Math.min(...near.map((c) => c.km));
  return near.find((c) => c.km <= nearest + METRO_SLACK_KM) ?? null;
}
