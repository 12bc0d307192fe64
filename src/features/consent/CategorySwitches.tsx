import { useId } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../i18n/messages';
import {
  OPTIONAL_CATEGORIES,
  type CookieCategories,
  type OptionalCategory,
} from '../../machines/consent-categories';

type Category = keyof CookieCategories;

const CATEGORY_TEXT: Record<
  Category,
  { name: MessageId; description: MessageId }
> = {
  necessary: {
    name: 'consent.category.necessary.name',
    description: 'consent.category.necessary.description',
  },
  analytics: {
    name: 'consent.category.analytics.name',
    description: 'consent.category.analytics.description',
  },
  marketing: {
    name: 'consent.category.marketing.name',
    description: 'consent.category.marketing.description',
  },
  preferences: {
    name: 'consent.category.preferences.name',
    description: 'consent.category.preferences.description',
  },
};

interface CategoryRowProps {
  category: Category;
  checked: boolean;
  onChange?: (checked: boolean) => void;
}

function CategoryRow({ category, checked, onChange }: CategoryRowProps) {
  const intl = useIntl();
  const id = useId();
  const locked = onChange === undefined;
  const text = CATEGORY_TEXT[category];
  return (
    <div className="consent-category">
      <div className="consent-category__text">
        <label htmlFor={`${id}-switch`} className="consent-category__name">
          {intl.formatMessage({ id: text.name })}
        </label>
        {locked && (
          <span className="consent-category__badge">
            {intl.formatMessage({ id: 'consent.category.alwaysOn' })}
          </span>
        )}
        <p id={`${id}-description`} className="consent-category__description">
          {intl.formatMessage({ id: text.description })}
        </p>
      </div>
      <input
        id={`${id}-switch`}
        className="consent-switch"
        type="checkbox"
        role="switch"
        checked={checked}
        disabled={locked}
        aria-describedby={`${id}-description`}
        data-category={category}
        onChange={(event) => onChange?.(event.currentTarget.checked)}
      />
    </div>
  );
}

interface CategorySwitchesProps {
  choices: CookieCategories;
  onChange: (category: OptionalCategory, allowed: boolean) => void;
  /** True until the stored choice is known: a switch flipped before that would be lost. */
  disabled?: boolean;
}

/** One real switch per category, each with its label and description; necessary is locked on. */
export function CategorySwitches({
  choices,
  onChange,
  disabled = false,
}: CategorySwitchesProps) {
  const intl = useIntl();
  return (
    <fieldset className="consent-categories" disabled={disabled}>
      <legend className="visually-hidden">
        {intl.formatMessage({ id: 'consent.categories.legend' })}
      </legend>
      <CategoryRow category="necessary" checked />
      {OPTIONAL_CATEGORIES.map((category) => (
        <CategoryRow
          key={category}
          category={category}
          checked={choices[category]}
          onChange={(allowed) => onChange(category, allowed)}
        />
      ))}
    </fieldset>
  );
}
