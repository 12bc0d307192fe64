import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { CollapsedView, DetailedView, type View } from './BannerViews';
import { useConsent, type ConsentHandle } from './use-consent';
import {
  useConsentStateAttribute,
  useReservePageSpace,
  useRestoreFocus,
} from './use-banner-effects';
import './consent.css';

function BannerDialog({
  consent,
  view,
}: {
  consent: ConsentHandle;
  view: View;
}) {
  const intl = useIntl();
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const customizeRef = useRef<HTMLButtonElement>(null);
  const [detailsWereOpen, setDetailsWereOpen] = useState(false);
  const { send } = consent;
  useRestoreFocus();
  useReservePageSpace(dialogRef);

  // Focus moves into the banner when it appears, to the heading of the detailed view when that
  // opens, and back to Customize when it closes.
  useEffect(() => {
    const focusTarget = () => {
      if (view === 'detailed') return headingRef.current;
      return detailsWereOpen ? customizeRef.current : dialogRef.current;
    };
    focusTarget()?.focus({ preventScroll: true });
  }, [view, detailsWereOpen]);

  const sendAndTrack: ConsentHandle['send'] = (event) => {
    if (event.type === 'settings.open') setDetailsWereOpen(true);
    send(event);
  };

  // Escape is the close button (necessary only); in the detailed view it steps back first.
  const onEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    send(
      view === 'detailed'
        ? { type: 'settings.close' }
        : { type: 'consent.acceptNecessary' },
    );
  };

  return (
    <dialog
      ref={dialogRef}
      open
      aria-labelledby={titleId}
      tabIndex={-1}
      className={`consent-banner consent-banner--${view}`}
      data-view={view}
      onKeyDown={onEscape}
    >
      {view === 'collapsed' ? (
        <CollapsedView
          send={sendAndTrack}
          titleId={titleId}
          customizeRef={customizeRef}
        />
      ) : (
        <DetailedView
          send={send}
          titleId={titleId}
          headingRef={headingRef}
          categories={consent.snapshot.context.categories}
        />
      )}
      <button
        type="button"
        className="consent-banner__close"
        aria-label={intl.formatMessage({ id: 'consent.banner.close' })}
        onClick={() => send({ type: 'consent.acceptNecessary' })}
      >
        <span aria-hidden="true">×</span>
      </button>
    </dialog>
  );
}

/**
 * The cookie banner on every page: rendered only in the browser after hydration and only
 * while nothing is stored, so visitors who already decided never see it flash.
 */
export function ConsentBanner() {
  const consent = useConsent();
  useConsentStateAttribute(consent);
  if (!consent || !consent.snapshot.matches('undecided')) return null;
  const view: View = consent.snapshot.matches({ undecided: 'detailed' })
    ? 'detailed'
    : 'collapsed';
  return <BannerDialog consent={consent} view={view} />;
}
