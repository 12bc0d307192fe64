import { CookieSettingsPanel } from '../features/consent/CookieSettingsPanel';
import { PageHeader } from '../components/PageHeader';

/** Cookie settings: the heading, then the consent feature's preference panel. */
export function CookiesPage() {
  return (
    <>
      <PageHeader title="cookies.title" />
      <div className="container narrow">
        <CookieSettingsPanel />
      </div>
    </>
  );
}
