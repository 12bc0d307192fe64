import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { PageLink } from '../../site/PageLink';
import { useLocalizedPath } from '../../site/locale-context';
import { NECESSARY_ONLY } from '../../machines/consent-categories';
import { CategorySwitches } from './CategorySwitches';
import { useChoiceEdits } from './use-choice-edits';
import { useConsent } from './use-consent';
import './consent.css';

/**
 * The cookie-settings page's panel, the same in all nine variants (one storage format in every language):
 * necessary is locked on; Save stores the choice and says so in place (focus moves to the
 * confirmation, which links home); Cancel goes home without saving. Before hydration it shows
 * the defaults, with the switches and Save disabled: a switch flipped in the static page would
 * look set and then be saved as it was; the stored choice replaces the defaults after.
 */
export function CookieSettingsPanel() {
  const intl = useIntl();
  const consent = useConsent();
  const homePath = useLocalizedPath('home');
  const [, navigate] = useLocation();
  const [choices, setChoice] = useChoiceEdits(
    consent?.snapshot.context.categories ?? NECESSARY_ONLY,
  );
  const [saved, setSaved] = useState(false);
  const savedRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (saved) savedRef.current?.focus();
  }, [saved]);

  const ready = consent !== null;

  const save = () => {
    if (!consent) return;
    consent.send({ type: 'consent.save', choices });
    setSaved(true);
  };

  return (
    <div className="consent-panel">
      <p className="consent-panel__intro">
        {intl.formatMessage({ id: 'consent.settings.intro' })}
      </p>
      <CategorySwitches
        choices={choices}
        disabled={!ready}
        onChange={(category, allowed) => {
          setSaved(false);
          setChoice(category, allowed);
        }}
      />
      <div className="consent-actions">
        <button
          type="button"
          className="consent-button consent-button--primary"
          disabled={!ready}
          onClick={save}
        >
          {intl.formatMessage({ id: 'consent.settings.save' })}
        </button>
        <button
          type="button"
          className="consent-button"
          onClick={() => navigate(homePath)}
        >
          {intl.formatMessage({ id: 'consent.settings.cancel' })}
        </button>
      </div>
      <div role="status" className="consent-panel__status">
        {saved && (
          <p ref={savedRef} tabIndex={-1} className="consent-panel__saved">
            {intl.formatMessage({ id: 'consent.settings.saved' })}{' '}
            <PageLink page="home">
              {intl.formatMessage({ id: 'consent.settings.home' })}
            </PageLink>
          </p>
        )}
      </div>
    </div>
  );
}
