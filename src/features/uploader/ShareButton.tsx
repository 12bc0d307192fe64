import { useMemo } from 'react';
import { FormattedMessage } from 'react-intl';

/**
 * "Share" beside "Download" where the browser can hand a file to the device's share sheet
 * (`navigator.canShare({ files })`, mostly phones); nothing elsewhere.
 */
export function ShareButton({ blob, name }: { blob: Blob; name: string }) {
  const file = useMemo(
    () => new File([blob], name, { type: blob.type }),
    [blob, name],
  );
  const shareable =
    typeof navigator.canShare === 'function' &&
    navigator.canShare({ files: [file] });
  if (!shareable) return null;
  return (
    <button
      type="button"
      className="uploader-button uploader-share"
      data-testid="share-button"
      onClick={() => {
        // Closing the share sheet without choosing rejects: nothing to tell the visitor.
        navigator.share({ files: [file] }).catch(() => {});
      }}
    >
      <FormattedMessage id="uploader.share" />
    </button>
  );
}
