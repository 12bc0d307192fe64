/**
 * The sweep's canaries: each planted value is a short distinct text (`Zq0001x`) named after the
 * field it went into, so a leak says which field a reader still shows. Dates and the position are
 * planted as values of their own kind, one each, since those fields take no text.
 */
import type { Canary, GpsCanary } from '../../tests/helpers/leak-oracle';

/** The date and time planted in every date field; found by its day, as readers print it. */
export const PLANTED_DAY = '1971:02:03';
export const PLANTED_DATE_TIME = `${PLANTED_DAY} 04:05:06`;
/** The position planted in every GPS field. */
export const PLANTED_GPS: GpsCanary = { lat: 37.7123, lon: 112.4567 };

/** Canaries made for one file, each with the field it was planted in. */
export class CanarySet {
  private next = 1;
  private readonly fields = new Map<string, string>();
  private readonly shown = new Set<string>();

  /** A new canary for `field`. */
  text(field: string): string {
    const canary = `Zq${String(this.next++).padStart(4, '0')}x`;
    this.fields.set(canary, field);
    return canary;
  }

  /**
   * A canary in what the file shows (a chapter title, a sheet's name, an SVG's title): it must
   * stay in the clean copy, so it is counted as content kept, not as a leak.
   */
  content(field: string): string {
    const canary = this.text(field);
    this.shown.add(canary);
    return canary;
  }

  isContent(canary: string): boolean {
    return this.shown.has(canary);
  }

  /** Marks a value planted by other means (a date, a fixed text) as a canary of `field`. */
  fixed(field: string, value: string): string {
    this.fields.set(value, field);
    return value;
  }

  /** Registers a canary a writer of its own made (`python/plant.py`). */
  adopt(field: string, value: string, content: boolean): void {
    this.fields.set(value, field);
    if (content) this.shown.add(value);
  }

  fieldOf(canary: string): string {
    return this.fields.get(canary) ?? canary;
  }

  all(gps: boolean): Canary[] {
    return [...this.fields.keys(), ...(gps ? [PLANTED_GPS] : [])];
  }
}
