import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { LOCALES, type LocaleCode } from '../../../i18n/locales';
import { loadMessages } from '../../../i18n/messages';
import { AppProviders } from '../../../src/app/AppProviders';

/** Renders a piece of the site inside the variant's providers, as the app shell does. */
export async function renderInVariant(code: LocaleCode, ui: ReactNode) {
  const locale = LOCALES[code];
  const messages = await loadMessages(locale.messageSet);
  return render(
    <Router ssrPath={locale.prefix || '/'}>
      <AppProviders locale={locale} messages={messages}>
        {ui}
      </AppProviders>
    </Router>,
  );
}
