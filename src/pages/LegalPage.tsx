import { FormattedMessage } from 'react-intl';
import { CONTACT_EMAIL, SITE_OPERATOR } from '../site/site-config';
import { useLocale } from '../site/locale-context';
import { PageHeader } from '../components/PageHeader';
import { useFileLimits } from '../components/use-file-limit';

/** The privacy policy and the terms of use have five sections each. */
const SECTIONS = [1, 2, 3, 4, 5] as const;

/**
 * Privacy policy or terms of use: a fixed effective date and five sections; the terms end with
 * who runs the site (the German variants' Impressum), as the build was told, never invented. Messages may name the
 * contact address (`email`), the size limits (`media`, `documents`) and select on the variant (`variant`):
 * variants sharing a message set (uk and au, en and ca) live under different laws.
 */
export function LegalPage({ kind }: { kind: 'privacy' | 'terms' }) {
  const values = {
    email: CONTACT_EMAIL,
    ...useFileLimits(),
    variant: useLocale().code,
  };
  return (
    <>
      <PageHeader title={`${kind}.title`} lead={`${kind}.updated`} />
      <div className="container narrow prose">
        {SECTIONS.map((n) => (
          <section key={n} aria-labelledby={`${kind}-s${n}`}>
            <h2 id={`${kind}-s${n}`}>
              <FormattedMessage id={`${kind}.s${n}.title`} />
            </h2>
            <p>
              <FormattedMessage id={`${kind}.s${n}.text`} values={values} />
            </p>
          </section>
        ))}
        {kind === 'terms' && (
          <section aria-labelledby="operator">
            <h2 id="operator">
              <FormattedMessage id="operator.title" />
            </h2>
            <p>
              <FormattedMessage
                id="operator.text"
                values={{
                  email: CONTACT_EMAIL,
                  named: SITE_OPERATOR ? 'yes' : 'no',
                  operator: SITE_OPERATOR,
                }}
              />
            </p>
          </section>
        )}
      </div>
    </>
  );
}
