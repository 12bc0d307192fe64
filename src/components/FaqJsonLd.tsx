import { useFaqEntries } from './faq-entries';

/** JSON inside a script element: `<` escaped so no text can close the element early. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * The FAQ as schema.org `FAQPage` structured data, written into the prerendered HTML. A data block
 * (`application/ld+json`) is never executed, so the Content-Security-Policy does not apply to it.
 */
export function FaqJsonLd() {
  const entries = useFaqEntries();
  const data = {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: entries.map(({ question, answer }) => ({
      '@type': 'Question',
      name: question,
      acceptedAnswer: { '@type': 'Answer', text: answer },
    })),
  };
  return (
    <script
      type="application/ld+json"
      dangerouslySetInnerHTML={{ __html: scriptSafeJson(data) }}
    />
  );
}
