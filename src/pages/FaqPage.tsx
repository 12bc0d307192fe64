import { FaqAccordion } from '../components/FaqAccordion';
import { PageHeader } from '../components/PageHeader';

/** FAQ: six questions, one open at a time. */
export function FaqPage() {
  return (
    <>
      <PageHeader title="faq.title" lead="faq.intro" />
      <section className="section">
        <div className="container narrow">
          <FaqAccordion />
        </div>
      </section>
    </>
  );
}
