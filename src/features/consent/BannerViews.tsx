import type { Ref } from 'react';
import { useIntl } from 'react-intl';
import type { CookieCategories } from '../../machines/consent-categories';
import { CategorySwitches } from './CategorySwitches';
import { useChoiceEdits } from './use-choice-edits';
import type { ConsentHandle } from './use-consent';

export type View = 'collapsed' | 'detailed';

interface ViewProps {
  send: ConsentHandle['send'];
  titleId: string;
}

/** Accept all, Accept necessary only, Customize. */
export function CollapsedView({
  send,
  titleId,
  customizeRef,
}: ViewProps & { customizeRef: Ref<HTMLButtonElement> }) {
  const intl = useIntl();
  return (
    <>
      <h2 id={titleId} className="consent-banner__title">
        {intl.formatMessage({ id: 'consent.banner.title' })}
      </h2>
      <p className="consent-banner__text">
        {intl.formatMessage({ id: 'consent.banner.text' })}
      </p>
      <div className="consent-actions">
        <button
          type="button"
          className="consent-button consent-button--primary"
          onClick={() => send({ type: 'consent.acceptAll' })}
        >
          {intl.formatMessage({ id: 'consent.banner.acceptAll' })}
        </button>
        <button
          type="button"
          className="consent-button consent-button--primary"
          onClick={() => send({ type: 'consent.acceptNecessary' })}
        >
          {intl.formatMessage({ id: 'consent.banner.acceptNecessary' })}
        </button>
        <button
          ref={customizeRef}
          type="button"
          className="consent-button consent-button--quiet"
          onClick={() => send({ type: 'settings.open' })}
        >
          {intl.formatMessage({ id: 'consent.banner.customize' })}
        </button>
      </div>
    </>
  );
}

/** One switch per category, Accept all, Reject all, Save, and Back to the collapsed view. */
export function DetailedView({
  send,
  titleId,
  headingRef,
  categories,
}: ViewProps & {
  headingRef: Ref<HTMLHeadingElement>;
  categories: CookieCategories;
}) {
  const intl = useIntl();
  const [choices, setChoice] = useChoiceEdits(categories);
  return (
    <>
      <h2
        id={titleId}
        ref={headingRef}
        tabIndex={-1}
        className="consent-banner__title"
      >
        {intl.formatMessage({ id: 'consent.details.title' })}
      </h2>
      <p className="consent-banner__text">
        {intl.formatMessage({ id: 'consent.details.text' })}
      </p>
      <CategorySwitches choices={choices} onChange={setChoice} />
      <div className="consent-actions">
        <button
          type="button"
          className="consent-button"
          onClick={() => send({ type: 'consent.acceptAll' })}
        >
          {intl.formatMessage({ id: 'consent.banner.acceptAll' })}
        </button>
        <button
          type="button"
          className="consent-button"
          onClick={() => send({ type: 'consent.rejectAll' })}
        >
          {intl.formatMessage({ id: 'consent.banner.rejectAll' })}
        </button>
        <button
          type="button"
          className="consent-button consent-button--primary"
          onClick={() => send({ type: 'consent.save', choices })}
        >
          {intl.formatMessage({ id: 'consent.banner.save' })}
        </button>
        <button
          type="button"
          className="consent-button consent-button--quiet"
          onClick={() => send({ type: 'settings.close' })}
        >
          {intl.formatMessage({ id: 'consent.banner.back' })}
        </button>
      </div>
    </>
  );
}
