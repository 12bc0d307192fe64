import { useIntl } from 'react-intl';
import { MEGABYTES_FORMAT, toMegabytes } from './file-rules';

/** "12.34 MB" in the visitor's number format (MB with two decimals). */
export function useFormatSize(): (bytes: number) => string {
  const intl = useIntl();
  return (bytes) => intl.formatNumber(toMegabytes(bytes), MEGABYTES_FORMAT);
}
