import { use, type ReactNode } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import {
  featureMessages,
  type MessageFeature,
  type Messages,
} from '../../i18n/messages';
import { useLocale } from './locale-context';

/**
 * Merged messages, one object per shell messages and feature list, so the provider below gets the
 * same object on every render and its consumers do not re-render for nothing.
 */
const mergedCache = new WeakMap<object, Map<string, Messages>>();

function merged(base: object, key: string, merge: () => Messages): Messages {
  let byKey = mergedCache.get(base);
  if (!byKey) {
    byKey = new Map();
    mergedCache.set(base, byKey);
  }
  let messages = byKey.get(key);
  if (!messages) {
    messages = merge();
    byKey.set(key, messages);
  }
  return messages;
}

interface FeatureMessagesProps {
  readonly features: readonly MessageFeature[];
  readonly children: ReactNode;
}

/**
 * Adds the messages of some features (the uploader's, the consent banner's) to those of the page
 * shell, loading them with the code that needs them rather than on every page. Suspends until
 * they are there: the prerender waits, and the browser keeps the prerendered HTML meanwhile.
 */
export function FeatureMessages({ features, children }: FeatureMessagesProps) {
  const intl = useIntl();
  const { messageSet } = useLocale();
  const loaded = features.map((feature) =>
    use(featureMessages(messageSet, feature)),
  );
  if (features.length === 0) return children;
  const messages = merged(
    intl.messages,
    `${messageSet}:${features.join()}`,
    () => Object.assign({}, ...loaded, intl.messages),
  );
  return (
    <IntlProvider
      locale={intl.locale}
      defaultLocale={intl.defaultLocale}
      messages={messages}
    >
      {children}
    </IntlProvider>
  );
}
