import { Router } from 'wouter';
import type { Locale } from '../../i18n/locales';
import type { Messages } from '../../i18n/messages';
import { Layout } from '../layout/Layout';
import { AppProviders } from './AppProviders';
import { PageSwitch } from './PageSwitch';

interface AppProps {
  locale: Locale;
  messages: Messages;
  /** The path to render on the server; the browser's location is used when absent. */
  ssrPath?: string;
}

/** The whole site for one variant: router, providers, layout and the page the path names. */
export function App({ locale, messages, ssrPath }: AppProps) {
  return (
    <Router ssrPath={ssrPath}>
      <AppProviders locale={locale} messages={messages}>
        <Layout>
          <PageSwitch />
        </Layout>
      </AppProviders>
    </Router>
  );
}
