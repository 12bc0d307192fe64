import { useId, type SyntheticEvent } from 'react';
import { FormattedMessage } from 'react-intl';
import { useFileLimit } from './use-file-limit';

/** Spec 9: six FAQ entries. */
export const FAQ_NUMBERS = [1, 2, 3, 4, 5, 6] as const;

/** Closes the other items of the group when one opens (for browsers without exclusive `name`). */
function closeSiblings(event: SyntheticEvent<HTMLDetailsElement>) {
  const opened = event.currentTarget;
  if (!opened.open) return;
  opened.parentElement
    ?.querySelectorAll<HTMLDetailsElement>('details[open]')
    .forEach((item) => item !== opened && (item.open = false));
}

/**
 * The six questions as native disclosure widgets sharing one `name`: one item open at
 * a time, an open item closes when chosen again, and the answers work without JavaScript.
 */
export function FaqAccordion() {
  const group = useId();
  const size = useFileLimit();
  return (
    <div className="faq">
      {FAQ_NUMBERS.map((n) => (
        <details
          className="faq-item"
          name={group}
          key={n}
          onToggle={closeSiblings}
        >
          <summary className="faq-question">
            <FormattedMessage id={`faq.q${n}`} />
            <span className="chevron" aria-hidden="true" />
          </summary>
          <p className="faq-answer">
            <FormattedMessage id={`faq.a${n}`} values={{ size }} />
          </p>
        </details>
      ))}
    </div>
  );
}
