import { FaqAccordion } from '../components/FaqAccordion';
import { FaqJsonLd } from '../components/FaqJsonLd';
import { PageHeader } from '../components/PageHeader';

/** FAQ: six questions, one open at a time, and the same six as structured data for search engines. */
export function FaqPage() {
  return (
    <>
      <PageHeader title="faq.title" lead="faq.intro" />
      <section className="section">
        <div className="container narrow">
          <FaqAccordion />
        </div>
      </section>
      <FaqJsonLd />
    </>
  );
}
