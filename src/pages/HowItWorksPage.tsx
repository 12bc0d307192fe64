import { FormattedMessage } from 'react-intl';
import { PageLink } from '../site/PageLink';
import { CardGrid } from '../components/CardGrid';
import { PageHeader } from '../components/PageHeader';
import { InstallSection } from '../components/InstallSection';
import { Section } from '../components/Section';
import { StepList } from '../components/StepList';
import { TOOL_STEPS } from './ToolPage';

const POINTS = [
  {
    icon: 'lock',
    title: 'howItWorks.local.title',
    text: 'howItWorks.local.text',
  },
  {
    icon: 'check',
    title: 'howItWorks.lossless.title',
    text: 'howItWorks.lossless.text',
  },
  {
    icon: 'layers',
    title: 'howItWorks.kept.title',
    text: 'howItWorks.kept.text',
  },
  {
    icon: 'shield',
    title: 'howItWorks.verify.title',
    text: 'howItWorks.verify.text',
  },
] as const;

/**
 * How it works: the file never leaves the device, why cleaning is lossless, what is kept and
 * why, the check after cleaning; then the four steps and the button to the tool.
 */
export function HowItWorksPage() {
  return (
    <>
      <PageHeader title="howItWorks.title" lead="howItWorks.intro" />
      <Section id="points-title" title="howItWorks.points.title">
        <CardGrid cards={POINTS} />
      </Section>
      <Section id="tool-steps-title" title="tool.steps.title">
        <StepList steps={TOOL_STEPS} />
        <div className="actions center">
          <PageLink page="tool" className="button button-primary button-large">
            <FormattedMessage id="howItWorks.cta" />
          </PageLink>
        </div>
      </Section>
      <InstallSection />
    </>
  );
}
