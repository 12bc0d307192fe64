import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { acceptedChanges } from '../../../workers/engine/findings';
import type { CleanSuccess } from '../../worker-bridge/clean-bridge';
import { summaryFacts, summarySentence } from './summary';

/**
 * One sentence, most sensitive first: what the file was about to tell, and that it is gone. When
 * tracked changes were accepted, a second says so: the deleted words are not in the copy.
 */
export function ReportSummary({ result }: { result: CleanSuccess }) {
  const intl = useIntl();
  const sentence = useMemo(
    () => summarySentence(intl, summaryFacts(result.format.id, result.removed)),
    [intl, result],
  );
  const accepted = useMemo(() => acceptedChanges(result.removed), [result]);
  return (
    <>
      <p className="report-summary" data-testid="report-summary">
        {sentence}
      </p>
      {accepted > 0 && (
        <p className="report-summary" data-testid="report-tracked-changes">
          {intl.formatMessage(
            { id: 'report.summary.trackedChanges' },
            { count: accepted },
          )}
        </p>
      )}
    </>
  );
}
