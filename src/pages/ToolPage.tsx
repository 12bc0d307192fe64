import { FormattedMessage } from 'react-intl';
import { Section } from '../components/Section';
import { PageLink } from '../app/PageLink';
import { StepList } from '../components/StepList';
import { Uploader, type UploaderKind } from '../features/uploader/Uploader';
import type { RemoverPage } from '../layout/removers';

const STEPS = [
  { title: 'tool.steps.1.title', text: 'tool.steps.1.text' },
  { title: 'tool.steps.2.title', text: 'tool.steps.2.text' },
  { title: 'tool.steps.3.title', text: 'tool.steps.3.text' },
  { title: 'tool.steps.4.title', text: 'tool.steps.4.text' },
] as const;

/** Spec 2.4: documents, TikTok and social pages show related-tool cards. */
const RELATED: Partial<Record<UploaderKind, readonly RemoverPage[]>> = {
  documents: ['photos', 'videos', 'social'],
  tiktok: ['instagram', 'videos', 'social'],
  social: ['instagram', 'tiktok', 'photos'],
};

function RelatedTools({ pages }: { pages: readonly RemoverPage[] }) {
  return (
    <Section id="related-title" title="tool.related.title">
      <ul className="card-grid">
        {pages.map((page) => (
          <li key={page}>
            <PageLink page={page} className="card card-link">
              <span className="card-title">
                <FormattedMessage id={`tool.${page}.title`} />
              </span>
              <span className="card-text">
                <FormattedMessage id={`remover.${page}.formats`} />
              </span>
            </PageLink>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/** A tool page: title, subtitle, the uploader, why it matters, four steps. */
export function ToolPage({ kind }: { kind: UploaderKind }) {
  const related = RELATED[kind];
  return (
    <>
      <header className="page-header tool-header">
        <div className="container narrow">
          <h1>
            <FormattedMessage id={`tool.${kind}.title`} />
          </h1>
          <p className="lead">
            <FormattedMessage id={`tool.${kind}.subtitle`} />
          </p>
        </div>
      </header>
      <div className="container narrow uploader-slot">
        <Uploader kind={kind} />
      </div>
      <Section id="why-title" title="tool.why.title" narrow>
        <p>
          <FormattedMessage id="tool.why.text" />
        </p>
      </Section>
      <Section id="tool-steps-title" title="tool.steps.title">
        <StepList steps={STEPS} />
      </Section>
      {related ? <RelatedTools pages={related} /> : null}
    </>
  );
}
