import { useEffect, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  compareContentInWorker,
  WEB_MAX_HASH_BYTES,
  type ContentComparison,
  type ContentOutcome,
} from '../../worker-bridge/clean-bridge';
import { formatBytes } from '../../components/format-bytes';

/** Parts listed (a PDF has one per page and image); past this, a count. */
export const CONTENT_ROWS_SHOWN = 200;

type PartComparison = ContentComparison['parts'][number];
type PartHash = NonNullable<PartComparison['original']>;

/** How the content is compared; the worker by default, a stand-in in component tests. */
export type CompareContent = (
  original: Blob,
  copy: Blob,
) => Promise<ContentOutcome>;

function PartKind({ part }: { part: PartComparison }) {
  return (
    <FormattedMessage
      id={`report.content.part.${part.kind}`}
      values={{
        page: part.page ?? 0,
        track: part.track ?? 0,
        handler: part.name ?? '',
        name: <bdi dir="ltr">{part.name ?? part.key}</bdi>,
      }}
    />
  );
}

/** A part's name, after the archive member it is in, when it is in one. */
function PartName({ part }: { part: PartComparison }) {
  if (part.member === undefined) return <PartKind part={part} />;
  return (
    <FormattedMessage
      id="report.content.in-member"
      values={{
        member: <bdi dir="ltr">{part.member}</bdi>,
        part: <PartKind part={part} />,
      }}
    />
  );
}

type VerdictId =
  | 'report.content.identical'
  | 'report.content.different'
  | 'report.content.not-compared';

/**
 * Different only when both sides were hashed and differ, or a part hashed on one side is missing
 * on the other. A part that has no hash (a file of a kind whose content is not compared, such as a
 * script in a document's media folder, which cleaning leaves out) was not compared: calling it
 * "different" would claim what nobody checked.
 */
function verdictOf(part: PartComparison): VerdictId {
  if (part.identical) return 'report.content.identical';
  const { original, copy } = part;
  if (original?.sha256 && copy?.sha256) return 'report.content.different';
  if ((original && !original.sha256) || (copy && !copy.sha256))
    return 'report.content.not-compared';
  return 'report.content.different';
}

function Verdict({ part }: { part: PartComparison }) {
  const id = verdictOf(part);
  return (
    <span
      className="report-content-verdict"
      data-verdict={id.slice('report.content.'.length)}
    >
      <FormattedMessage id={id} />
    </span>
  );
}

function Hash({ hash }: { hash: PartHash | undefined }) {
  const intl = useIntl();
  if (!hash) return <FormattedMessage id="report.content.missing" />;
  if (hash.sha256)
    return (
      <code className="report-content-hash" dir="ltr">
        {hash.sha256}
      </code>
    );
  if (hash.error === 'too-large-to-hash')
    return (
      <FormattedMessage
        id="report.content.too-large"
        values={{ max: formatBytes(intl, WEB_MAX_HASH_BYTES) }}
      />
    );
  return hash.error === 'unsupported' ? (
    <FormattedMessage id="report.content.kind-not-compared" />
  ) : (
    <FormattedMessage id="report.content.unreadable" />
  );
}

function PartRow({ part }: { part: PartComparison }) {
  const intl = useIntl();
  const bytes = part.original?.bytes ?? part.copy?.bytes;
  return (
    <li className="report-content-part">
      <span className="report-content-name">
        <PartName part={part} />
        {bytes !== undefined && (
          <span className="report-content-size">
            {' '}
            ({formatBytes(intl, bytes)})
          </span>
        )}
      </span>
      <Verdict part={part} />
      <dl className="report-content-hashes">
        <dt>
          <FormattedMessage id="report.content.original" />
        </dt>
        <dd>
          <Hash hash={part.original} />
        </dd>
        <dt>
          <FormattedMessage id="report.content.copy" />
        </dt>
        <dd>
          <Hash hash={part.copy} />
        </dd>
      </dl>
    </li>
  );
}

function Summary({ comparison }: { comparison: ContentComparison }) {
  if (comparison.error !== undefined || comparison.parts.length === 0) {
    const reason =
      comparison.reason ??
      (comparison.error === 'unsupported' || comparison.error === 'encrypted'
        ? comparison.error
        : 'other');
    return <FormattedMessage id={`report.content.not-located.${reason}`} />;
  }
  const different = comparison.parts.filter(
    (p) => verdictOf(p) === 'report.content.different',
  ).length;
  return (
    <FormattedMessage
      id="report.content.summary"
      values={{
        identical: comparison.identical ? 'yes' : 'no',
        count: comparison.parts.length,
        different,
      }}
    />
  );
}

/**
 * What the copy kept byte for byte, shown rather than claimed: each content part's SHA-256 in
 * the original and in the copy, computed in the worker when the technical details are opened.
 */
export function ContentHashes({
  original,
  copy,
  compare = compareContentInWorker,
}: {
  original: Blob;
  copy: Blob;
  compare?: CompareContent;
}) {
  const intl = useIntl();
  const titleId = useId();
  const [outcome, setOutcome] = useState<ContentOutcome | null>(null);
  useEffect(() => {
    let live = true;
    void compare(original, copy).then((result) => {
      if (live) setOutcome(result);
    });
    return () => {
      live = false;
    };
  }, [original, copy, compare]);
  const parts = outcome?.ok ? outcome.comparison.parts : [];
  return (
    <section className="report-content" aria-labelledby={titleId}>
      <h4 id={titleId} className="report-heading">
        <FormattedMessage id="report.content.title" />
      </h4>
      <p className="report-technical-intro">
        <FormattedMessage id="report.content.intro" />
      </p>
      <p className="report-content-summary" role="status">
        {outcome === null ? (
          <FormattedMessage id="report.content.working" />
        ) : outcome.ok ? (
          <Summary comparison={outcome.comparison} />
        ) : (
          <FormattedMessage id="report.content.failed" />
        )}
      </p>
      {parts.length > 0 && (
        <ul className="report-content-list">
          {parts.slice(0, CONTENT_ROWS_SHOWN).map((part) => (
            <PartRow key={part.key} part={part} />
          ))}
        </ul>
      )}
      {parts.length > CONTENT_ROWS_SHOWN && (
        <p className="report-more">
          {intl.formatMessage(
            { id: 'report.more' },
            { count: parts.length - CONTENT_ROWS_SHOWN },
          )}
        </p>
      )}
    </section>
  );
}
