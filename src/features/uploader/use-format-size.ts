import { useIntl } from 'react-intl';
import { MAX_FILE_BYTES } from '../../../workers/engine/limits';
import { LIMIT_FORMAT, MEGABYTES_FORMAT, toMegabytes } from './file-rules';

/** "12.34 MB" in the visitor's number format (spec 5: MB with two decimals). */
export function useFormatSize(): (bytes: number) => string {
  const intl = useIntl();
  return (bytes) => intl.formatNumber(toMegabytes(bytes), MEGABYTES_FORMAT);
}

/** The per-file limit of spec 9 as the texts show it ("100 MB"), from the engine's constant. */
export function useFileLimit(): string {
  return useIntl().formatNumber(toMegabytes(MAX_FILE_BYTES), LIMIT_FORMAT);
}
