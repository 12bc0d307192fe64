/**
 * What the leak oracle looks for: a text canary, or a position planted in a file, found when a
 * reading shows both coordinates as numbers within a tolerance. Free of any test runner, so a
 * browser test and a unit test judge with the same rules.
 */
import { numbersIn } from './tool-layer';

/** A position planted in a file; found when both coordinates are read back within `tolerance`. */
export interface GpsCanary {
  readonly lat: number;
  readonly lon: number;
  /** Degrees; 0.001 (about 100 m) unless given. */
  readonly tolerance?: number;
}

export type Canary = string | GpsCanary;

/** Where each canary was found: canary name to `layer: form` lines (empty when not found). */
export type CanaryLocations = Record<string, string[]>;

export interface LeakReport {
  /** Canaries the oracle could not find in the input: the test proves nothing about them. */
  readonly unseenInInput: string[];
  /** Canaries found in the output, with where. */
  readonly leaks: CanaryLocations;
}

const DEFAULT_TOLERANCE = 0.001;

export const canaryName = (c: Canary): string =>
  typeof c === 'string' ? c : `GPS ${c.lat},${c.lon}`;

/** True when `lines` (`tag=value` readings) show both coordinates of `canary` as numbers. */
export function gpsShown(canary: GpsCanary, lines: readonly string[]): boolean {
  const tolerance = canary.tolerance ?? DEFAULT_TOLERANCE;
  const near = (target: number) => (n: number) =>
    Math.abs(n - Math.abs(target)) <= tolerance;
  const numbers = numbersIn(lines);
  return numbers.some(near(canary.lat)) && numbers.some(near(canary.lon));
}

/** The report of where the canaries are before and after: unseen in the input, found in the output. */
export function compareLocations(
  before: CanaryLocations,
  after: CanaryLocations,
): LeakReport {
  const unseenInInput = Object.keys(before).filter(
    (name) => before[name]!.length === 0,
  );
  const leaks: CanaryLocations = {};
  for (const [name, where] of Object.entries(after))
    if (where.length > 0) leaks[name] = where;
  return { unseenInInput, leaks };
}
