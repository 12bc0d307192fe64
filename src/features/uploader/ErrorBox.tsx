import { FormattedMessage } from 'react-intl';
import type { BridgeErrorCode } from '../../worker-bridge/clean-bridge';
import { useFileLimit } from '../../components/use-file-limit';

/** The red error box, with the engine's reason under the general sentence. */
export function ErrorBox({ code }: { code: BridgeErrorCode }) {
  const limit = useFileLimit();
  return (
    <div className="uploader-error" role="alert">
      <p className="uploader-error-title">
        <FormattedMessage id="uploader.error" />
      </p>
      <p className="uploader-error-reason" data-code={code}>
        <FormattedMessage id={`uploader.error.${code}`} values={{ limit }} />
      </p>
    </div>
  );
}
