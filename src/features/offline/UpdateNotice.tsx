import { FormattedMessage } from 'react-intl';
import { applyUpdate } from './service-worker';
import './offline.css';

/** The quiet "new version ready" line, with the button that reloads into it. */
export function UpdateNotice() {
  return (
    <div className="update-notice" role="status">
      <p>
        <FormattedMessage id="offline.update.ready" />
      </p>
      <button
        type="button"
        className="update-notice-button"
        onClick={applyUpdate}
      >
        <FormattedMessage id="offline.update.reload" />
      </button>
    </div>
  );
}
