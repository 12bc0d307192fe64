import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PageLink } from '../site/PageLink';
import { REMOVER_PAGES } from '../../i18n/routes';
import { MENU_PAGES } from './removers';

/** The menu below 768 px: a drawer that closes when a link is chosen or on Escape. */
export function MobileDrawer() {
  const [open, setOpen] = useState(false);
  const intl = useIntl();
  const drawerId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const close = () => setOpen(false);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <div className="drawer-wrap">
      <button
        ref={buttonRef}
        type="button"
        className="menu-button"
        aria-expanded={open}
        aria-controls={drawerId}
        aria-label={intl.formatMessage({
          id: open ? 'nav.menuClose' : 'nav.menuOpen',
        })}
        onClick={() => setOpen(!open)}
      >
        <span className="menu-icon" aria-hidden="true" />
      </button>
      <nav
        id={drawerId}
        className="drawer"
        hidden={!open}
        aria-label={intl.formatMessage({ id: 'nav.label' })}
      >
        <ul className="drawer-list">
          {MENU_PAGES.map((page) => (
            <li key={page}>
              <PageLink page={page} className="drawer-link" onClick={close}>
                <FormattedMessage id={`nav.${page}`} />
              </PageLink>
            </li>
          ))}
        </ul>
        <p className="drawer-heading">
          <FormattedMessage id="nav.allRemovers" />
        </p>
        <ul className="drawer-list">
          {REMOVER_PAGES.map((page) => (
            <li key={page}>
              <PageLink page={page} className="drawer-link" onClick={close}>
                <FormattedMessage id={`remover.${page}.name`} />
              </PageLink>
            </li>
          ))}
        </ul>
        <PageLink
          page="tool"
          className="button button-primary drawer-cta"
          onClick={close}
        >
          <FormattedMessage id="nav.cta" />
        </PageLink>
      </nav>
    </div>
  );
}
