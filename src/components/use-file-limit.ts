import { useIntl } from 'react-intl';
import { unbroken } from './unbroken';
import {
  MAX_DOCUMENT_BYTES,
  MAX_MEDIA_BYTES,
} from '../../workers/engine/limits';

const BYTES_PER_MEGABYTE = 1024 * 1024;
const BYTES_PER_GIGABYTE = 1024 * BYTES_PER_MEGABYTE;

/**
 * A size limit with the unit in the visitor's language and script ("16 GB", "100 MB", and in
 * Arabic an Arabic unit): a Latin "GB" inside Arabic text is reordered by the bidi algorithm and
 * reads "GB 16".
 */
export function useLimitFormat(): (bytes: number) => string {
  const intl = useIntl();
  return (bytes) => {
    const giga = bytes >= BYTES_PER_GIGABYTE;
    return unbroken(
      intl.formatNumber(
        bytes / (giga ? BYTES_PER_GIGABYTE : BYTES_PER_MEGABYTE),
        {
          style: 'unit',
          unit: giga ? 'gigabyte' : 'megabyte',
          maximumFractionDigits: 0,
        },
      ),
    );
  };
}

/** The stated limits, one per family, read from the engine's constants. */
export function useFileLimits(): { media: string; documents: string } {
  const format = useLimitFormat();
  return {
    media: format(MAX_MEDIA_BYTES),
    documents: format(MAX_DOCUMENT_BYTES),
  };
}
