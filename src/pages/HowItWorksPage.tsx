import { FormattedMessage } from 'react-intl';
import { PageLink } from '../app/PageLink';
import { CardGrid } from '../components/CardGrid';
import { PageHeader } from '../components/PageHeader';
import { StepList } from '../components/StepList';

const STEPS = [
  { title: 'tool.steps.1.title', text: 'tool.steps.1.text' },
  { title: 'tool.steps.2.title', text: 'tool.steps.2.text' },
  { title: 'tool.steps.3.title', text: 'tool.steps.3.text' },
  { title: 'tool.steps.4.title', text: 'tool.steps.4.text' },
] as const;

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
] as const;

/** How it works: stresses local processing, then a button to the tool. */
export function HowItWorksPage() {
  return (
    <>
      <PageHeader title="howItWorks.title" lead="howItWorks.intro" />
      <section className="section">
        <div className="container">
          <CardGrid cards={POINTS} />
          <StepList steps={STEPS} />
          <div className="actions center">
            <PageLink
              page="tool"
              className="button button-primary button-large"
            >
              <FormattedMessage id="howItWorks.cta" />
            </PageLink>
          </div>
        </div>
      </section>
    </>
  );
}
