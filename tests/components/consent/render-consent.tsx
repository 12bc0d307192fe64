import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createActor } from 'xstate';
import { LOCALES, type LocaleCode } from '../../../i18n/locales';
import { LocaleContext } from '../../../src/site/locale-context';
import { consentMachine } from '../../../src/machines/consentMachine';
import { MemoryStorage } from '../../../src/machines/consent-storage';
import { ConsentActorContext } from '../../../src/features/consent/consent-actor';
import pt from '../../../i18n/messages/consent/pt.json';
import de from '../../../i18n/messages/consent/de.json';
import ar from '../../../i18n/messages/consent/ar.json';

const MESSAGES: Partial<Record<LocaleCode, Record<string, string>>> = {
  pt,
  de,
  ae: ar,
};

interface Options {
  locale?: LocaleCode;
  path?: string;
  stored?: Record<string, string>;
}

/** Everything the consent components need, as the site's shell provides it, on a fake storage. */
export function consentHarness({
  locale = 'pt',
  path = '/',
  stored = {},
}: Options = {}) {
  const storage = new MemoryStorage();
  for (const [key, value] of Object.entries(stored))
    storage.setItem(key, value);
  const actor = createActor(consentMachine, { input: { storage } }).start();
  const location = memoryLocation({ path, record: true });
  const getActor = () => actor;
  const record = LOCALES[locale];
  // On the server the site's router reads `ssrPath`; in the browser, a recorded memory location.
  const wrap = (ui: ReactNode, { server = false } = {}) => (
    <Router {...(server ? { ssrPath: path } : { hook: location.hook })}>
      <LocaleContext.Provider value={record}>
        <IntlProvider locale={record.lang} messages={MESSAGES[locale] ?? pt}>
          <ConsentActorContext value={getActor}>{ui}</ConsentActorContext>
        </IntlProvider>
      </LocaleContext.Provider>
    </Router>
  );
  return {
    storage,
    actor,
    location,
    wrap,
    render: (ui: ReactNode) => render(wrap(ui)),
  };
}
