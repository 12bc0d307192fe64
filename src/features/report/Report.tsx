import { lazy, Suspense, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CleanSuccess } from '../../worker-bridge/clean-bridge';
import {
  groupByCategory,
  groupByKeepReason,
  misleadingExtension,
} from './groups';
import { categoryRows, fieldCache, type CategoryRows } from './rows';
import { summaryFacts, type SummaryFacts } from './summary';
import { TechnicalDetails } from './TechnicalDetails';
import { valueDirection } from './direction';
import './report.css';

const LocationMap = lazy(() => import('./map/LocationMap'));

interface ReportProps {
  readonly result: CleanSuccess;
  /** The name the visitor's file had, to tell when its extension lied. */
  readonly fileName: string;
  /** The clean copy's name as downloaded. */
  readonly downloadName: string;
}

function FormatLine({ result, fileName, downloadName }: ReportProps) {
  const format = result.format.id.toUpperCase();
  const claimed = misleadingExtension(fileName, result.format);
  if (claimed === null) {
    return (
      <p className="report-format">
        <FormattedMessage id="report.format" values={{ format }} />
      </p>
    );
  }
  return (
    <p className="report-format report-format-mismatch">
      <FormattedMessage
        id="report.format.mismatch"
        values={{
          format,
          extension: claimed,
          name: <bdi key="name">{downloadName}</bdi>,
        }}
      />
    </p>
  );
}

function CategoryGroup({ group }: { group: CategoryRows }) {
  const intl = useIntl();
  return (
    <div
      className={`report-group report-${group.category}`}
      data-category={group.category}
    >
      <h5 className="report-group-title">
        <FormattedMessage id={`report.category.${group.category}`} />
      </h5>
      <dl className="report-list">
        {group.rows.map((row, index) => (
          <div className="report-row" key={index}>
            <dt className="report-label">
              <FormattedMessage id={`report.field.${row.field}`} />
            </dt>
            <dd className="report-value" dir={valueDirection(row.value)}>
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
      {group.more > 0 && (
        <p className="report-more">
          {intl.formatMessage({ id: 'report.more' }, { count: group.more })}
        </p>
      )}
    </div>
  );
}

function CredentialsLine({ facts }: { facts: SummaryFacts }) {
  if (!facts.parts.includes('credentials')) return null;
  return (
    <p className="report-c2pa">
      <FormattedMessage
        id="report.c2pa"
        values={{
          known: facts.generator ? 'yes' : 'no',
          generator: facts.generator,
        }}
      />
    </p>
  );
}

/**
 * Everything under the summary: the place on a map, what was removed in friendly words (a few
 * rows per category), what was kept and why, and the raw fields behind a closed disclosure.
 */
export function Report(props: ReportProps) {
  const intl = useIntl();
  const { result } = props;
  const view = useMemo(() => {
    const fieldFor = fieldCache();
    return {
      facts: summaryFacts(result.format.id, result.removed, fieldFor),
      removed: groupByCategory(result.removed).map(({ key, findings }) =>
        categoryRows(intl, key, findings, fieldFor),
      ),
      kept: groupByKeepReason(result.kept).map(({ key }) => key),
    };
  }, [intl, result]);
  const { facts } = view;
  return (
    <section className="report" aria-labelledby="report-title">
      <h3 id="report-title" className="report-title">
        <FormattedMessage id="report.title" />
      </h3>
      {facts.place && (
        <Suspense fallback={<div className="report-map-slot" />}>
          <LocationMap place={facts.place} kind={facts.kind} />
        </Suspense>
      )}
      <CredentialsLine facts={facts} />
      <FormatLine {...props} />
      {view.removed.length === 0 ? (
        <p className="report-none">
          <FormattedMessage id="report.none" />
        </p>
      ) : (
        <>
          <h4 className="report-heading">
            <FormattedMessage
              id="report.removed"
              values={{ count: result.removed.length }}
            />
          </h4>
          {view.removed.map((group) => (
            <CategoryGroup key={group.category} group={group} />
          ))}
        </>
      )}
      {view.kept.length > 0 && (
        <>
          <h4 className="report-heading">
            <FormattedMessage id="report.kept" />
          </h4>
          <ul className="report-kept-list">
            {view.kept.map((reason) => (
              <li key={reason} data-kept={reason}>
                <FormattedMessage id={`report.kept.${reason}`} />
              </li>
            ))}
          </ul>
        </>
      )}
      <TechnicalDetails removed={result.removed} kept={result.kept} />
    </section>
  );
}
