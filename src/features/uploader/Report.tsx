import { FormattedMessage, useIntl } from 'react-intl';
import type { CleanSuccess } from '../../worker-bridge/clean-bridge';
import {
  groupByCategory,
  groupByKeepReason,
  misleadingExtension,
} from './report-groups';
import { ReportList } from './ReportList';

interface ReportProps {
  readonly result: CleanSuccess;
  /** The name the visitor's file had, to tell when its extension lied. */
  readonly fileName: string;
}

function FormatLine({ result, fileName }: ReportProps) {
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
        values={{ format, extension: claimed }}
      />
    </p>
  );
}

/** What the file was about to reveal, what was removed, and what was kept and why (DESIGN.md). */
export function Report({ result, fileName }: ReportProps) {
  const intl = useIntl();
  const moreLabel = (count: number) =>
    intl.formatMessage({ id: 'report.more' }, { count });
  const removed = groupByCategory(result.removed);
  const kept = groupByKeepReason(result.kept);
  return (
    <section className="report" aria-labelledby="report-title">
      <h3 id="report-title" className="report-title">
        <FormattedMessage id="report.title" />
      </h3>
      <FormatLine result={result} fileName={fileName} />
      {removed.length === 0 ? (
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
          {removed.map(({ key, findings }) => (
            <div
              key={key}
              className={`report-group report-${key}`}
              data-category={key}
            >
              <h5 className="report-group-title">
                <FormattedMessage id={`report.category.${key}`} />
              </h5>
              <ReportList findings={findings} moreLabel={moreLabel} />
            </div>
          ))}
        </>
      )}
      {kept.length > 0 && (
        <>
          <h4 className="report-heading">
            <FormattedMessage id="report.kept" />
          </h4>
          {kept.map(({ key, findings }) => (
            <div key={key} className="report-group report-kept" data-kept={key}>
              <h5 className="report-group-title">
                <FormattedMessage id={`report.kept.${key}`} />
              </h5>
              <ReportList findings={findings} moreLabel={moreLabel} />
            </div>
          ))}
        </>
      )}
    </section>
  );
}
