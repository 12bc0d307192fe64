import { useIntl } from 'react-intl';
import formatNames from 'virtual:format-names';
import { useSentenceList } from './format-names';
import { useFileLimits } from './use-file-limit';

/** Six questions: uploads, formats, quality, orientation and colours, what stays, price and limit. */
export const FAQ_NUMBERS = [1, 2, 3, 4, 5, 6] as const;

export interface FaqEntry {
  readonly n: (typeof FAQ_NUMBERS)[number];
  readonly question: string;
  readonly answer: string;
}

/**
 * The questions and answers as text, in the visitor's language, with the formats read from the
 * engine's catalog and the size limit from its constant: what the accordion shows and what the
 * FAQ page's structured data says are the same words.
 */
export function useFaqEntries(): FaqEntry[] {
  const intl = useIntl();
  const limits = useFileLimits();
  const sentenceList = useSentenceList();
  const formats = sentenceList(formatNames.all);
  return FAQ_NUMBERS.map((n) => ({
    n,
    question: intl.formatMessage({ id: `faq.q${n}` }),
    answer: intl.formatMessage({ id: `faq.a${n}` }, { ...limits, formats }),
  }));
}
