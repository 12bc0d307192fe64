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

/**
 * Appears once cleaning takes longer than a moment: what is being done to which file, the
 * fraction done and a Cancel button.
 */
export function ProgressBar({
  fraction,
  name,
  onCancel,
}: {
  fraction: number;
  /** The file being cleaned, as the visitor named it. */
  name: string;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const shown = useShownAfter(PROGRESS_DELAY_MS);
  if (!shown) return null;
  // No fraction yet: an indeterminate bar says "working" without claiming 0 %. Once the engine
  // reports, the bar is determinate and says how far it is, in the visitor's number format.
  const determinate = fraction > 0;
  const done = Math.min(1, fraction);
  return (
    <div className="uploader-progress">
      <p className="uploader-progress-text">
        <FormattedMessage
          id="uploader.progress.doing"
          values={{ name: <bdi>{name}</bdi> }}
        />
      </p>
      <progress
        className="uploader-progress-bar"
        max={1}
        value={determinate ? done : undefined}
        aria-label={intl.formatMessage({ id: 'uploader.progress' }, { name })}
        {...(determinate && {
          'aria-valuemin': 0,
          'aria-valuemax': 1,
          'aria-valuenow': done,
          'aria-valuetext': intl.formatNumber(done, {
            style: 'percent',
            maximumFractionDigits: 0,
          }),
        })}
      />
      <button type="button" className="uploader-cancel" onClick={onCancel}>
        <FormattedMessage id="uploader.cancel" />
      </button>
    </div>
  );
}
