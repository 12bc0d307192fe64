import { FormattedMessage } from 'react-intl';
import type { BridgeErrorCode } from '../../worker-bridge/clean-bridge';
import { useLimitFormat } from '../../components/use-file-limit';
import { limitForFile } from '../../catalog/accepted-types';
import { forwardRef, type ReactNode } from 'react';
import { PageLink } from '../../site/PageLink';

/** Failures a second try can fix; the rest are the file's, and trying again will not help. */
const RETRYABLE: ReadonlySet<BridgeErrorCode> = new Set([
  'worker-failed',
  'cancelled',
]);

/** The red error box, with the engine's reason under the general sentence. */
export const ErrorBox = forwardRef<
  HTMLDivElement,
  { code: BridgeErrorCode; file: { name: string; type: string } }
>(function ErrorBox({ code, file }, ref) {
  const limit = useLimitFormat()(limitForFile(file));
  return (
    <div className="uploader-error" role="alert" tabIndex={-1} ref={ref}>
      <p className="uploader-error-title">
        <FormattedMessage
          id={RETRYABLE.has(code) ? 'uploader.error' : 'uploader.error.final'}
        />
      </p>
      <p className="uploader-error-reason" data-code={code}>
        <FormattedMessage id={`uploader.error.${code}`} values={{ limit }} />
        {code === 'unsupported' && (
          <>
            {' '}
            <FormattedMessage
              id="uploader.reject.see-types"
              values={{
                link: (chunks: ReactNode[]) => (
                  <PageLink page="tool">{chunks}</PageLink>
                ),
              }}
            />
          </>
        )}
      </p>
    </div>
  );
});
