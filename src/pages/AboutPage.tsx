import { FormattedMessage } from 'react-intl';
import { Section } from '../components/Section';
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

/** About: mission, four value cards, why metadata matters. */
export function AboutPage() {
  return (
    <>
      <PageHeader title="about.title" />
      <Section id="mission-title" title="about.mission.title" narrow>
        <p className="section-lead">
          <FormattedMessage id="about.mission.text" />
        </p>
      </Section>
      <Section id="values-title" title="about.values.title">
        <CardGrid cards={VALUES} />
      </Section>
      <Section id="why-title" title="about.why.title" narrow>
        <p>
          <FormattedMessage id="about.why.text" />
        </p>
      </Section>
    </>
  );
}
