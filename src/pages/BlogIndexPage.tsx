import { FormattedMessage } from 'react-intl';
import { PageHeader } from '../components/PageHeader';

/** Blog index: a short introduction; the articles arrive with their own issue. */
export function BlogIndexPage() {
  return (
    <>
      <PageHeader title="blog.title" lead="blog.intro" />
      <div className="container narrow">
        <p className="muted">
          <FormattedMessage id="blog.empty" />
        </p>
      </div>
    </>
  );
}
