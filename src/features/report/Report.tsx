import { lazy, Suspense, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { CleanSuccess } from '../../worker-bridge/clean-bridge';
import type { FindingCategory } from '../../../workers/engine/index';
import {
  groupByCategory,
  groupByKeepReason,
  misleadingExtension,
  type Group,
} from './groups';
import { categoryRows, ROWS_PER_CATEGORY, ROWS_WHEN_OPEN } from './rows';
import { summaryFacts, type SummaryFacts } from './summary';
import { TechnicalDetails } from './TechnicalDetails';
import './report.css';

const LocationMap = lazy(() => import('./map/LocationMap'));

interface ReportProps {
  readonly result: CleanSuccess;
  /** The name the visitor's file had, to tell when its extension lied. */
  readonly fileName: string;
  /** The clean copy's name as downloaded. */
  readonly downloadName: string;
  /** The visitor's file: its content is compared with the copy's in the technical details. */
  readonly original?: Blob;
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

function CategoryGroup({ group }: { group: Group<FindingCategory> }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const { rows, more } = useMemo(
    () =>
      categoryRows(
        intl,
        group.key,
        group.findings,
        open ? ROWS_WHEN_OPEN : ROWS_PER_CATEGORY,
      ),
    [intl, group, open],
  );
  return (
    <div
      className={`report-group report-${group.key}`}
      data-category={group.key}
    >
      <h5 className="report-group-title">
        <FormattedMessage id={`report.category.${group.key}`} />
      </h5>
      <dl className="report-list">
        {rows.map((row, index) => (
          <div className="report-row" key={index}>
            <dt className="report-label">
              <FormattedMessage id={`report.field.${row.label}`} />
            </dt>
            {/* The cell keeps the page's direction (values line up under one edge); the value
                inside is isolated in its own direction, so Latin text and degrees keep their order. */}
            <dd className="report-value">
              <bdi>{row.value}</bdi>
            </dd>
            {row.item && (
              <dd className="report-item">
                <FormattedMessage
                  id="report.item"
                  values={{
                    kind: row.item.kind,
                    name: <bdi key="name">{row.item.name}</bdi>,
                  }}
                />
              </dd>
            )}
          </div>
        ))}
      </dl>
      {more > 0 &&
        (open ? (
          <p className="report-more">
            {intl.formatMessage(
              { id: 'report.more-technical' },
              { count: more },
            )}
          </p>
        ) : (
          <button
            type="button"
            className="report-more report-more-button"
            onClick={() => setOpen(true)}
          >
            {intl.formatMessage({ id: 'report.more' }, { count: more })}
          </button>
        ))}
    </div>
  );
}

/** The file's own place, else the place of what it holds, said as such. */
function PlaceMap({ facts }: { facts: SummaryFacts }) {
  const inside = facts.place ? null : facts.inside;
  const place = facts.place ?? inside?.place;
  if (!place) return null;
  return (
    <Suspense fallback={<div className="report-map-slot" />}>
      {inside ? (
        <LocationMap
          place={place}
          kind={inside.kind}
          container={facts.kind}
          of={inside.count}
        />
      ) : (
        <LocationMap place={place} kind={facts.kind} />
      )}
    </Suspense>
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
  const { result } = props;
  const view = useMemo(
    () => ({
      facts: summaryFacts(result.format.id, result.removed),
      removed: groupByCategory(result.removed),
      kept: groupByKeepReason(result.kept).map(({ key }) => key),
    }),
    [result],
  );
  const { facts } = view;
  return (
    <section className="report" aria-labelledby="report-title">
      <h3 id="report-title" className="report-title">
        <FormattedMessage id="report.title" />
      </h3>
      <PlaceMap facts={facts} />
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
            <CategoryGroup key={group.key} group={group} />
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
      <TechnicalDetails
        removed={result.removed}
        kept={result.kept}
        {...(props.original
          ? { content: { original: props.original, copy: result.blob } }
          : {})}
      />
    </section>
  );
}
