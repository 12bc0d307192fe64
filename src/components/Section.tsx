import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../i18n/messages';

/** A page section whose h2 labels it for screen readers; `narrow` for text-only sections. */
export function Section({
  id,
  title,
  narrow = false,
  children,
}: {
  id: string;
  title: MessageId;
  narrow?: boolean;
  children: ReactNode;
}) {
  return (
    <section className="section" aria-labelledby={id}>
      <div className={narrow ? 'container narrow' : 'container'}>
        <h2 id={id}>
          <FormattedMessage id={title} />
        </h2>
        {children}
      </div>
    </section>
  );
}
