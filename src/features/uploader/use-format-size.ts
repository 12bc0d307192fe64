import { useIntl } from 'react-intl';
import { formatBytes } from '../../components/format-bytes';

/** "12 KB", "1.5 MB" in the visitor's number format. */
export function useFormatSize(): (bytes: number) => string {
  const intl = useIntl();
  return (bytes) => formatBytes(intl, bytes);
}
