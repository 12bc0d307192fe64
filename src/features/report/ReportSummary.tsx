import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { CleanSuccess } from '../../worker-bridge/clean-bridge';
import { summaryFacts, summarySentence } from './summary';

/** One sentence, most sensitive first: what the file was about to tell, and that it is gone. */
export function ReportSummary({ result }: { result: CleanSuccess }) {
  const intl = useIntl();
  const sentence = useMemo(
    () => summarySentence(intl, summaryFacts(result.format.id, result.removed)),
    [intl, result],
  );
  return (
    <p className="report-summary" data-testid="report-summary">
      {sentence}
    </p>
  );
}
