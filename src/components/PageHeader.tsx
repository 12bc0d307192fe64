import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { MessageId } from '../../i18n/messages';

/** The page's one h1 and an optional lead paragraph. */
export function PageHeader({
  title,
  lead,
  children,
}: {
  title: MessageId;
  lead?: MessageId;
  children?: ReactNode;
}) {
  return (
    <header className="page-header">
      <div className="container narrow">
        <h1>
          <FormattedMessage id={title} />
        </h1>
        {lead ? (
          <p className="lead">
            <FormattedMessage id={lead} />
          </p>
        ) : null}
        {children}
      </div>
    </header>
  );
}
