import { FormattedMessage } from 'react-intl';
import { PageHeader } from '../components/PageHeader';

/** Spec 9: the privacy and terms pages have five sections each. */
const SECTIONS = [1, 2, 3, 4, 5] as const;

/** Privacy policy or terms of use: an effective date and five sections. */
export function LegalPage({ kind }: { kind: 'privacy' | 'terms' }) {
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
              <FormattedMessage id={`${kind}.s${n}.text`} />
            </p>
          </section>
        ))}
      </div>
    </>
  );
}
