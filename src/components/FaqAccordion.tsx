import { useId, type SyntheticEvent } from 'react';
import { useFaqEntries } from './faq-entries';

/** Closes the other items of the group when one opens (for browsers without exclusive `name`). */
function closeSiblings(event: SyntheticEvent<HTMLDetailsElement>) {
  const opened = event.currentTarget;
  if (!opened.open) return;
  opened.parentElement
    ?.querySelectorAll<HTMLDetailsElement>('details[open]')
    .forEach((item) => item !== opened && (item.open = false));
}

/**
 * The six questions as native disclosure widgets sharing one `name`: one item open at a time, an
 * open item closes when chosen again, Enter and Space toggle the focused question, and the answers
 * work without JavaScript.
 */
export function FaqAccordion() {
  const group = useId();
  return (
    <div className="faq">
      {useFaqEntries().map(({ n, question, answer }) => (
        <details
          className="faq-item"
          name={group}
          key={n}
          onToggle={closeSiblings}
        >
          <summary className="faq-question">
            {question}
            <span className="chevron" aria-hidden="true" />
          </summary>
          <p className="faq-answer">{answer}</p>
        </details>
      ))}
    </div>
  );
}
