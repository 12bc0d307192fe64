import { CookieSettingsPanel } from '../features/consent/CookieSettingsPanel';
import { PageHeader } from '../components/PageHeader';

/** Cookie settings: what is stored and why, then the consent feature's preference panel. */
export function CookiesPage() {
  return (
    <>
      <PageHeader title="cookies.title" lead="cookies.intro" />
      <div className="container narrow">
        <CookieSettingsPanel />
      </div>
    </>
  );
}
