import { FormattedMessage } from 'react-intl';
import type { RemoverPage } from '../../i18n/routes';
import { PageLink } from '../site/PageLink';
import { RemoverDescription } from '../components/RemoverDescription';
import { Section } from '../components/Section';
import { StepList } from '../components/StepList';
import { DeferredUploader } from '../features/uploader/DeferredUploader';
import type { UploaderKind } from '../catalog/accepted-types';

export const TOOL_STEPS = [
  { title: 'tool.steps.1.title', text: 'tool.steps.1.text' },
  { title: 'tool.steps.2.title', text: 'tool.steps.2.text' },
  { title: 'tool.steps.3.title', text: 'tool.steps.3.text' },
  { title: 'tool.steps.4.title', text: 'tool.steps.4.text' },
] as const;

/** The documents, TikTok and social pages point to the tools their visitors need next. */
export const RELATED_TOOLS: Partial<
  Record<UploaderKind, readonly RemoverPage[]>
> = {
  documents: ['photos', 'videos', 'social'],
  tiktok: ['instagram', 'videos', 'social'],
  social: ['instagram', 'tiktok', 'photos'],
};

function RelatedTools({ pages }: { pages: readonly RemoverPage[] }) {
  return (
    <Section id="related-title" title="tool.related.title">
      <ul className="card-grid related-tools">
        {pages.map((page) => (
          <li key={page}>
            <PageLink page={page} className="card card-link">
              <span className="card-title">
                <FormattedMessage id={`tool.${page}.title`} />
              </span>
              <span className="card-text">
                <RemoverDescription page={page} />
              </span>
            </PageLink>
          </li>
        ))}
      </ul>
    </Section>
  );
}

/**
 * A tool page: title, subtitle, the uploader, why metadata matters for this kind of file or
 * platform, the four steps, and related tools where the visitor is likely to need another.
 */
export function ToolPage({ kind }: { kind: UploaderKind }) {
  const related = RELATED_TOOLS[kind];
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
        <DeferredUploader kind={kind} />
      </div>
      <Section id="why-title" title={`tool.${kind}.why.title`} narrow>
        <p>
          <FormattedMessage id={`tool.${kind}.why.p1`} />
        </p>
        <p>
          <FormattedMessage id={`tool.${kind}.why.p2`} />
        </p>
        <p>
          <FormattedMessage id="tool.why.local" />
        </p>
      </Section>
      <Section id="tool-steps-title" title="tool.steps.title">
        <StepList steps={TOOL_STEPS} />
      </Section>
      {related ? <RelatedTools pages={related} /> : null}
    </>
  );
}
