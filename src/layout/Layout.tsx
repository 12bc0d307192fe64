import { lazy, Suspense, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { FeatureMessages } from '../app/FeatureMessages';
import { useHydrated } from '../features/uploader/use-hydrated';
import { Footer } from './Footer';
import { Header } from './Header';

export const MAIN_ID = 'main';
const CONSENT_FEATURES = ['consent'];

/** The banner shows only after the page has loaded, so its code loads then too. */
const ConsentBanner = lazy(() =>
  import('../features/consent/ConsentBanner').then((m) => ({
    default: m.ConsentBanner,
  })),
);

/** Shared layout of every page: header, the page, footer and the consent banner. */
export function Layout({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
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
      {hydrated && (
        <Suspense fallback={null}>
          <FeatureMessages features={CONSENT_FEATURES}>
            <ConsentBanner />
          </FeatureMessages>
        </Suspense>
      )}
    </>
  );
}
