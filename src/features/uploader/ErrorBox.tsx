import { FormattedMessage } from 'react-intl';
import { MAX_FILE_BYTES } from '../../../workers/engine/limits';
import type { BridgeErrorCode } from '../../worker-bridge/clean-bridge';
import { useFormatSize } from './use-format-size';

/** The red box of spec 8, with the engine's reason under the general sentence. */
export function ErrorBox({ code }: { code: BridgeErrorCode }) {
  const formatSize = useFormatSize();
  return (
    <div className="uploader-error" role="alert">
      <p className="uploader-error-title">
        <FormattedMessage id="uploader.error" />
      </p>
      <p className="uploader-error-reason" data-code={code}>
        <FormattedMessage
          id={`uploader.error.${code}`}
          values={{ limit: formatSize(MAX_FILE_BYTES) }}
        />
      </p>
    </div>
  );
}
