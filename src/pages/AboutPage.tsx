import { FormattedMessage } from 'react-intl';
import { CardGrid } from '../components/CardGrid';
import { PageHeader } from '../components/PageHeader';

const VALUES = [
  {
    icon: 'shield',
    title: 'about.values.private.title',
    text: 'about.values.private.text',
  },
  {
    icon: 'lock',
    title: 'about.values.secure.title',
    text: 'about.values.secure.text',
  },
  {
    icon: 'bolt',
    title: 'about.values.fast.title',
    text: 'about.values.fast.text',
  },
  {
    icon: 'gift',
    title: 'about.values.free.title',
    text: 'about.values.free.text',
  },
] as const;

/** About (spec 2.4): mission, four value cards, why metadata matters. */
export function AboutPage() {
  return (
    <>
      <PageHeader title="about.title" />
      <section className="section" aria-labelledby="mission-title">
        <div className="container narrow">
          <h2 id="mission-title">
            <FormattedMessage id="about.mission.title" />
          </h2>
          <p className="section-lead">
            <FormattedMessage id="about.mission.text" />
          </p>
        </div>
      </section>
      <section className="section" aria-labelledby="values-title">
        <div className="container">
          <h2 id="values-title">
            <FormattedMessage id="about.values.title" />
          </h2>
          <CardGrid cards={VALUES} />
        </div>
      </section>
      <section className="section" aria-labelledby="why-title">
        <div className="container narrow">
          <h2 id="why-title">
            <FormattedMessage id="about.why.title" />
          </h2>
          <p>
            <FormattedMessage id="about.why.text" />
          </p>
        </div>
      </section>
    </>
  );
}
