import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import type { Locale } from '../../i18n/locales';
import type { Messages } from '../../i18n/messages';
import { LocaleContext } from '../site/locale-context';

interface AppProvidersProps {
  locale: Locale;
  messages: Messages;
  children: ReactNode;
}

/** Locale context and react-intl for one variant; messages come from `loadMessages`. */
export function AppProviders({
  locale,
  messages,
  children,
}: AppProvidersProps) {
  return (
    <LocaleContext.Provider value={locale}>
      <IntlProvider locale={locale.lang} defaultLocale="pt" messages={messages}>
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}
