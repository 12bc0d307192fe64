import { useIntl } from 'react-intl';
import type { BatchItem, BatchItemStatus } from '../../machines/batch-items';

/** The order the summary names the states in; a state no file is in is left out. */
const ORDER: readonly BatchItemStatus[] = [
  'clean',
  'already-clean',
  'refused',
  'failed',
  'left-out',
  'cancelled',
  'cleaning',
  'waiting',
];

/** "18 cleaned, 1 already clean, 1 not supported": a polite live region, read as files finish. */
export function BatchSummary({ items }: { items: readonly BatchItem[] }) {
  const intl = useIntl();
  const counts = new Map<BatchItemStatus, number>();
  for (const { status } of items)
    counts.set(status, (counts.get(status) ?? 0) + 1);
  const parts = ORDER.filter((status) => counts.has(status)).map((status) =>
    intl.formatMessage(
      { id: `uploader.batch.count.${status}` },
      { count: counts.get(status) },
    ),
  );
  return (
    <p className="batch-summary" role="status" aria-live="polite">
      {intl.formatList(parts, { type: 'unit' })}
    </p>
  );
}
