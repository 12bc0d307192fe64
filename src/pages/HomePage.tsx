import { FormattedMessage } from 'react-intl';
import { PageLink } from '../app/PageLink';
import { CardGrid } from '../components/CardGrid';
import { FaqAccordion } from '../components/FaqAccordion';
import { Section } from '../components/Section';
import { StepList } from '../components/StepList';
import { useFileLimit } from '../components/use-file-limit';

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

/** Spec 1: the supported-formats grid. */
const FORMATS = ['JPG', 'PNG', 'GIF', 'PDF', 'MP4', 'DOCX'] as const;

function Hero() {
  const size = useFileLimit();
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
          <FormattedMessage id="limit.perFile" values={{ size }} />
        </p>
      </div>
    </section>
  );
}

/** Home: hero, features, how it works, what metadata is, formats, FAQ. */
export function HomePage() {
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
          <FormattedMessage id="home.formats.text" />
        </p>
        <ul className="format-grid">
          {FORMATS.map((format) => (
            <li key={format}>{format}</li>
          ))}
        </ul>
      </Section>
      <Section id="faq-title" title="faq.title">
        <FaqAccordion />
        <div className="actions center">
          <PageLink page="tool" className="button button-primary button-large">
            <FormattedMessage id="home.hero.cta" />
          </PageLink>
        </div>
      </Section>
    </>
  );
}
