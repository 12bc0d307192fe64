import type { MessageId } from '../../../i18n/messages';
import type { BridgeErrorCode } from '../../worker-bridge/clean-bridge';

/**
 * The message saying why a file has no copy. A file whose bytes are no kind the engine reads is
 * said to be so plainly: the `unsupported` words' "either ... or" would leave open what the
 * engine knows.
 */
export function errorMessageId(
  code: BridgeErrorCode,
  unknownKind: boolean,
): MessageId {
  return unknownKind && code === 'unsupported'
    ? 'uploader.error.unknown-kind'
    : `uploader.error.${code}`;
}
