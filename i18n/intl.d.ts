import type { MessageId } from './messages';

// Typed ids (formatjs convention): `intl.formatMessage({ id })` and `<FormattedMessage id>` only
// accept ids that some feature's pt.json defines.
declare global {
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
