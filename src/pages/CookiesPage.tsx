import { CookieSettingsPanel } from '../features/consent/CookieSettingsPanel';
import { PageHeader } from '../components/PageHeader';

/** Cookie settings (spec 2.4): the heading, then the consent feature's preference panel. */
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
