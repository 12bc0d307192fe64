import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BatchSummary } from '../../../src/features/batch/BatchSummary';
import type {
  BatchItem,
  BatchItemStatus,
} from '../../../src/machines/batch-items';
import { renderWithIntl } from '../uploader/render-with-intl';

afterEach(cleanup);

const items = (counts: [BatchItemStatus, number][]): BatchItem[] =>
  counts.flatMap(([status, n]) =>
    Array.from({ length: n }, (_, i) => ({
      id: i,
      file: new File(['x'], `${status}-${i}.jpg`, { type: 'image/jpeg' }),
      path: `${status}-${i}.jpg`,
      status,
    })),
  );

describe('BatchSummary', () => {
  // Arabic agrees a verb or adjective with its count (one, two, few, many); a label before the
  // count reads right for any number, where "5 تعذّر تنظيفه" put a singular verb after five files.
  it('names each count by a label that agrees with any number, in Arabic', () => {
    const { container } = renderWithIntl(
      <BatchSummary
        items={items([
          ['clean', 5],
          ['failed', 2],
          ['waiting', 11],
        ])}
      />,
      'ar',
    );
    const text = container.querySelector('.batch-summary')!.textContent!;
    expect(text).toContain('المنظَّفة: 5');
    expect(text).toContain('المتعذّر تنظيفها: 2');
    expect(text).toContain('في الانتظار: 11');
  });
});
