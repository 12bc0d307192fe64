import type { IntlShape } from 'react-intl';
import { unbroken } from './unbroken';

const KILOBYTE = 1024;
const MEGABYTE = KILOBYTE * 1024;
const GIGABYTE = MEGABYTE * 1024;

/**
 * A size as people read it, in the visitor's number format and unit names: "512 bytes", "12 KB",
 * "1.2 MB", "2.4 GB", never parted at a line's end. Binary multiples, like the stated per-file limit.
 */
export function formatBytes(intl: IntlShape, bytes: number): string {
  const unit = (value: number, name: string, digits: number) =>
    unbroken(
      intl.formatNumber(value, {
        style: 'unit',
        unit: name,
        // "17 byte" reads wrong in English; the long name is "17 bytes".
        unitDisplay: name === 'byte' ? 'long' : 'short',
        maximumFractionDigits: digits,
      }),
    );
  if (bytes < KILOBYTE) return unit(bytes, 'byte', 0);
  if (bytes < MEGABYTE)
    // CLDR writes the SI "kB"; these are binary kilobytes, written KB beside MB and GB.
    return unit(
      bytes / KILOBYTE,
      'kilobyte',
      bytes < 10 * KILOBYTE ? 1 : 0,
    ).replace(/\bkB\b/, 'KB');
  if (bytes < GIGABYTE)
    return unit(bytes / MEGABYTE, 'megabyte', bytes < 10 * MEGABYTE ? 1 : 0);
  return unit(bytes / GIGABYTE, 'gigabyte', 1);
}
