import { useIntl } from 'react-intl';
import { MAX_FILE_BYTES } from '../../workers/engine/limits';

const BYTES_PER_MEGABYTE = 1024 * 1024;

/**
 * The stated per-file limit, read from the engine's constant, with the unit in the
 * visitor's language ("100 MB", "100 ميغابايت"): a Latin "MB" inside Arabic text is reordered
 * by the bidi algorithm and reads "MB 100".
 */
export function useFileLimit(): string {
  return useIntl().formatNumber(MAX_FILE_BYTES / BYTES_PER_MEGABYTE, {
    style: 'unit',
    unit: 'megabyte',
    maximumFractionDigits: 0,
  });
}
