import { FormattedMessage, useIntl } from 'react-intl';
import { PageLink } from '../site/PageLink';
import { Logo } from '../components/Logo';
import { MENU_PAGES } from './removers';
import { MobileDrawer } from './MobileDrawer';
import { RemoversMenu } from './RemoversMenu';

/** Site header: logo, desktop menu, "all removers" dropdown, call to action, drawer. */
export function Header() {
  return (
    <header className="site-header">
      <div className="container header-bar">
        <PageLink page="home" className="brand">
          <Logo />
          <FormattedMessage id="brand.name" />
        </PageLink>
        <DesktopNav />
        <PageLink page="tool" className="button button-primary header-cta">
          <FormattedMessage id="nav.cta" />
        </PageLink>
        <MobileDrawer />
      </div>
    </header>
  );
}

function DesktopNav() {
  const intl = useIntl();
  return (
    <nav
      className="desktop-nav"
      aria-label={intl.formatMessage({ id: 'nav.label' })}
    >
      <ul className="nav-list">
        {MENU_PAGES.map((page) => (
          <li key={page}>
            <PageLink page={page} className="nav-link">
              <FormattedMessage id={`nav.${page}`} />
            </PageLink>
          </li>
        ))}
        <li>
          <RemoversMenu />
        </li>
      </ul>
    </nav>
  );
}
