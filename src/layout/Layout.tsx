import {
  lazy,
  Suspense,
  useEffect,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { FormattedMessage } from 'react-intl';
import { FeatureMessages } from '../site/FeatureMessages';
import { browserStorage } from '../features/consent/browser-storage';
import { useHydrated } from '../site/use-hydrated';
import { decidedInCurrentFormat } from '../machines/consent-storage';
import {
  subscribeUpdate,
  waitingWorker,
} from '../features/offline/service-worker';
import { Footer } from './Footer';
import { Header } from './Header';

export const MAIN_ID = 'main';
const CONSENT_FEATURES = ['consent'];
const OFFLINE_FEATURES = ['offline'];

/**
 * The banner shows only after the page has loaded, and only to a visitor who has not decided yet,
 * so its code (and the state machine library) loads then, and only then.
 */
const ConsentBanner = lazy(() =>
  import('../features/consent/ConsentBanner').then((m) => ({
    default: m.ConsentBanner,
  })),
);

/** Shows only when a new version of the site is installed and waiting (the service worker). */
const UpdateNotice = lazy(() =>
  import('../features/offline/UpdateNotice').then((m) => ({
    default: m.UpdateNotice,
  })),
);

const noWorker = () => null;

/**
 * Shared layout of every page: header, the page, footer, the consent banner and the notice of a
 * new version.
 */
export function Layout({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  const update = useSyncExternalStore(subscribeUpdate, waitingWorker, noWorker);
  const askConsent = hydrated && !decidedInCurrentFormat(browserStorage());
  // The consent module marks `<html data-consent>` itself; without it, this says they decided.
  useEffect(() => {
    if (hydrated && !askConsent)
      document.documentElement.dataset.consent = 'decided';
  }, [hydrated, askConsent]);
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
      {askConsent && (
        <Suspense fallback={null}>
          <FeatureMessages features={CONSENT_FEATURES}>
            <ConsentBanner />
          </FeatureMessages>
        </Suspense>
      )}
      {update && (
        <Suspense fallback={null}>
          <FeatureMessages features={OFFLINE_FEATURES}>
            <UpdateNotice />
          </FeatureMessages>
        </Suspense>
      )}
    </>
  );
}
