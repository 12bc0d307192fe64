import { FormattedMessage } from 'react-intl';
import { useFormatSize } from './use-format-size';

export type UploaderStatus =
  'idle' | 'selected' | 'processing' | 'done' | 'error';

/** A polite live region that tells screen-reader users what the uploader is doing now. */
export function StatusAnnouncer({
  status,
  file,
}: {
  status: UploaderStatus;
  file: File | null;
}) {
  const formatSize = useFormatSize();
  return (
    <p className="visually-hidden" role="status" aria-live="polite">
      <FormattedMessage
        id={`uploader.status.${status}`}
        values={{ name: file?.name ?? '', size: formatSize(file?.size ?? 0) }}
      />
    </p>
  );
}
