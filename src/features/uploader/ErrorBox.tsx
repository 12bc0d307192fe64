import { FormattedMessage, useIntl } from 'react-intl';
import type { BridgeErrorCode } from '../../worker-bridge/clean-bridge';
import { forwardRef, type ReactNode } from 'react';
import { PageLink } from '../../site/PageLink';
import { errorMessageId } from './error-message';

/** Failures a second try can fix; the rest are the file's, and trying again will not help. */
const RETRYABLE: ReadonlySet<BridgeErrorCode> = new Set([
  'worker-failed',
  'cancelled',
]);

/** Failures the person can get past by a choice: removing the parts the engine cannot clean. */
const CHOICE: ReadonlySet<BridgeErrorCode> = new Set(['uncleanable-part']);

interface ErrorBoxProps {
  code: BridgeErrorCode;
  /** For `uncleanable-part`: the parts the engine cannot clean, by their names in the file. */
  parts?: readonly string[];
  /** For `unsupported`: the bytes are no kind of file the engine reads, whatever the name says. */
  unknownKind?: boolean;
  /** Cleans again, removing those parts: offered only for `uncleanable-part`. */
  onDropParts?: () => void;
}

/**
 * The red error box, with the engine's reason under the general sentence, and, when the file
 * holds parts the engine cannot clean, the choice to remove them and clean the rest.
 */
export const ErrorBox = forwardRef<HTMLDivElement, ErrorBoxProps>(
  function ErrorBox(
    { code, parts = [], unknownKind = false, onDropParts },
    ref,
  ) {
    const intl = useIntl();
    const count = parts.length;
    return (
      <div className="uploader-error" role="alert" tabIndex={-1} ref={ref}>
        <p className="uploader-error-title">
          <FormattedMessage
            id={
              RETRYABLE.has(code) || CHOICE.has(code)
                ? 'uploader.error'
                : 'uploader.error.final'
            }
          />
        </p>
        <p className="uploader-error-reason" data-code={code}>
          <FormattedMessage
            id={errorMessageId(code, unknownKind)}
            values={{ count, parts: intl.formatList(parts) }}
          />
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
        {CHOICE.has(code) && onDropParts && (
          <button
            type="button"
            className="uploader-button uploader-drop-parts"
            onClick={onDropParts}
          >
            <FormattedMessage
              id="uploader.error.drop-parts"
              values={{ count }}
            />
          </button>
        )}
      </div>
    );
  },
);
