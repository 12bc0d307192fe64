import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { ConsentBanner } from '../features/consent/ConsentBanner';
import { Footer } from './Footer';
import { Header } from './Header';

export const MAIN_ID = 'main';

/** Shared layout of every page: header, the page, footer and the consent banner. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href={`#${MAIN_ID}`}>
        <FormattedMessage id="nav.skip" />
      </a>
      <Header />
      <main id={MAIN_ID} tabIndex={-1}>
        {children}
      </main>
      <Footer />
      <ConsentBanner />
    </>
  );
}
