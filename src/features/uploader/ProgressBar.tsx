import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

/** Work shorter than this finishes without a bar flashing on and off. */
export const PROGRESS_DELAY_MS = 400;

function useShownAfter(delayMs: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return shown;
}

/** Appears once cleaning takes longer than a moment, with the fraction done and a Cancel button. */
export function ProgressBar({
  fraction,
  onCancel,
}: {
  fraction: number;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const shown = useShownAfter(PROGRESS_DELAY_MS);
  if (!shown) return null;
  return (
    <div className="uploader-progress">
      <progress
        className="uploader-progress-bar"
        max={1}
        // No fraction yet: an indeterminate bar says "working" without claiming 0 %.
        value={fraction > 0 ? fraction : undefined}
        aria-label={intl.formatMessage({ id: 'uploader.progress' })}
      />
      <button type="button" className="uploader-cancel" onClick={onCancel}>
        <FormattedMessage id="uploader.cancel" />
      </button>
    </div>
  );
}
