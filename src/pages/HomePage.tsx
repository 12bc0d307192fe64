import { FormattedMessage } from 'react-intl';
import { PageLink } from '../site/PageLink';
import { CardGrid } from '../components/CardGrid';
import { FaqAccordion } from '../components/FaqAccordion';
import formatNames from 'virtual:format-names';
import { Section } from '../components/Section';
import { StepList } from '../components/StepList';
import { useFileLimits } from '../components/use-file-limit';

const FEATURES = [
  {
    icon: 'shield',
    title: 'home.features.privacy.title',
    text: 'home.features.privacy.text',
  },
  {
    icon: 'lock',
    title: 'home.features.secure.title',
    text: 'home.features.secure.text',
  },
  {
    icon: 'layers',
    title: 'home.features.formats.title',
    text: 'home.features.formats.text',
  },
] as const;

const STEPS = [
  { title: 'home.steps.1.title', text: 'home.steps.1.text' },
  { title: 'home.steps.2.title', text: 'home.steps.2.text' },
  { title: 'home.steps.3.title', text: 'home.steps.3.text' },
] as const;

const EXAMPLES = [
  {
    icon: 'pin',
    title: 'home.metadata.photos.title',
    text: 'home.metadata.photos.text',
  },
  {
    icon: 'file',
    title: 'home.metadata.documents.title',
    text: 'home.metadata.documents.text',
  },
] as const;

function FormatGrid() {
  return (
    <div className="format-groups">
      {formatNames.byKind.map(({ kind, names }) => (
        <div className="format-group" key={kind}>
          <h3>
            <FormattedMessage id={`home.formats.kind.${kind}`} />
          </h3>
          <ul className="format-grid">
            {names.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

function Hero() {
  const limits = useFileLimits();
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container narrow">
        <p className="eyebrow">
          <FormattedMessage id="home.hero.eyebrow" />
        </p>
        <h1 id="hero-title">
          <FormattedMessage id="home.hero.title" />
        </h1>
        <p className="lead">
          <FormattedMessage id="home.hero.subtitle" />
        </p>
        <div className="actions">
          <PageLink page="tool" className="button button-primary button-large">
            <FormattedMessage id="home.hero.cta" />
          </PageLink>
          <PageLink
            page="howItWorks"
            className="button button-ghost button-large"
          >
            <FormattedMessage id="home.hero.secondary" />
          </PageLink>
        </div>
        <p className="hint">
          <FormattedMessage id="limit.perFile" values={limits} />
        </p>
      </div>
    </section>
  );
}

/**
 * Home: hero, three features, three steps, what metadata is, the formats the engine cleans (from
 * its catalog), the six questions and a closing call to action.
 */
export function HomePage() {
  const limits = useFileLimits();
  return (
    <>
      <Hero />
      <Section id="features-title" title="home.features.title">
        <CardGrid cards={FEATURES} />
      </Section>
      <Section id="steps-title" title="home.steps.title">
        <StepList steps={STEPS} />
      </Section>
      <Section id="metadata-title" title="home.metadata.title">
        <p className="section-lead">
          <FormattedMessage id="home.metadata.text" />
        </p>
        <CardGrid cards={EXAMPLES} />
      </Section>
      <Section id="formats-title" title="home.formats.title">
        <p className="section-lead">
          <FormattedMessage id="home.formats.text" values={limits} />
        </p>
        <FormatGrid />
      </Section>
      <Section id="install-title" title="home.install.title" narrow>
        <p>
          <FormattedMessage id="home.install.text" />{' '}
          <PageLink page="howItWorks">
            <FormattedMessage id="home.install.link" />
          </PageLink>
        </p>
      </Section>
      <Section id="faq-title" title="faq.title" narrow>
        <FaqAccordion />
      </Section>
      <Section id="cta-title" title="home.cta.title" narrow>
        <p className="section-lead">
          <FormattedMessage id="home.cta.text" />
        </p>
        <div className="actions center">
          <PageLink page="tool" className="button button-primary button-large">
            <FormattedMessage id="home.hero.cta" />
          </PageLink>
        </div>
      </Section>
    </>
  );
}
