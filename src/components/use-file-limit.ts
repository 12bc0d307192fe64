import { useIntl } from 'react-intl';
import { MAX_FILE_BYTES } from '../../workers/engine/limits';

const BYTES_PER_MEGABYTE = 1024 * 1024;

/** The stated per-file limit (spec 9), read from the engine's constant, e.g. "100 MB". */
export function useFileLimit(): string {
  const intl = useIntl();
  const megabytes = intl.formatNumber(MAX_FILE_BYTES / BYTES_PER_MEGABYTE, {
    maximumFractionDigits: 0,
  });
  return `${megabytes} MB`;
}
