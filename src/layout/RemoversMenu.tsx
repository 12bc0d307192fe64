import {
  useEffect,
  useId,
  useRef,
  type FocusEvent,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { FormattedMessage } from 'react-intl';
import { PageLink } from '../site/PageLink';
import { RemoverDescription } from '../components/RemoverDescription';
import { REMOVER_PAGES } from '../../i18n/routes';
import { useHoverIntent } from './use-hover-intent';

/**
 * The "all removers" dropdown: a disclosure button that opens on hover (with the original site's
 * delays), on click, and from the keyboard (Enter, Space, ArrowDown); Escape closes it.
 */
export function RemoversMenu() {
  const { open, setOpen, onPointerEnter, onPointerLeave } = useHoverIntent();
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const focusFirstLink = () =>
    requestAnimationFrame(() =>
      panelRef.current?.querySelector<HTMLElement>('a')?.focus(),
    );

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown') return;
    event.preventDefault();
    setOpen(true);
    focusFirstLink();
  };

  useEffect(() => {
    if (!open) return;
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onEscape);
    return () => document.removeEventListener('keydown', onEscape);
  }, [open, setOpen]);

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
  };

  const mouseOnly = (handler: () => void) => (event: PointerEvent) => {
    if (event.pointerType === 'mouse') handler();
  };

  return (
    <div
      className="removers"
      onPointerEnter={mouseOnly(onPointerEnter)}
      onPointerLeave={mouseOnly(onPointerLeave)}
      onBlur={onBlur}
    >
      <button
        ref={buttonRef}
        type="button"
        className="nav-link removers-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        onKeyDown={onButtonKeyDown}
      >
        <FormattedMessage id="nav.allRemovers" />
        <span className="chevron" aria-hidden="true" />
      </button>
      <div
        id={panelId}
        ref={panelRef}
        className="removers-panel"
        hidden={!open}
      >
        <ul>
          {REMOVER_PAGES.map((page) => (
            <li key={page}>
              <PageLink
                page={page}
                className="remover-link"
                onClick={() => setOpen(false)}
              >
                <span className="remover-name">
                  <FormattedMessage id={`remover.${page}.name`} />
                </span>
                <span className="remover-formats">
                  <RemoverDescription page={page} />
                </span>
              </PageLink>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
