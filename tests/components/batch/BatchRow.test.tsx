import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGE_SETS } from '../../../i18n/locales';
import { BatchRow } from '../../../src/features/batch/BatchRow';
import type { BatchItem } from '../../../src/machines/batch-items';
import type { BridgeErrorCode } from '../../../src/worker-bridge/clean-bridge';
import { messageIdsIn } from '../../helpers/message-ids';
import { messagesOf, renderWithIntl } from '../uploader/render-with-intl';

afterEach(cleanup);

/**
 * A batch row says in words why a file has no copy, for every failure code in every set: a
 * message that needs values the row does not have must not reach it (react-intl would show its
 * ICU source).
 */

/** Every code a batch item can fail with: the engine's and the worker's. */
const CODES: readonly BridgeErrorCode[] = [
  'unsupported',
  'corrupt',
  'encrypted',
  'too-large',
  'cancelled',
  'unclean',
  'tracked-changes',
  'shared-workbook',
  'alt-chunk',
  'uncleanable-part',
  'worker-failed',
];

const failed = (errorCode: BridgeErrorCode): BatchItem => ({
  id: 1,
  file: new File(['x'], 'report.pdf', { type: 'application/pdf' }),
  path: 'trip/report.pdf',
  status: 'failed',
  errorCode,
});

/** ICU left unformatted: a select or plural, or a placeholder not filled. */
const ICU = /\{\s*\w+\s*(?:,|\})/;

describe.each(MESSAGE_SETS)('a failed file of a batch in %s', (set) => {
  it.each(CODES)('says why in words when it failed %s', (code) => {
    const { container } = renderWithIntl(
      <BatchRow item={failed(code)} progress={0} />,
      set,
    );
    const text = container.querySelector('.batch-status')?.textContent ?? '';
    expect(text.trim()).not.toBe('');
    expect(text).not.toMatch(ICU);
    expect(messageIdsIn(text)).toEqual([]);
  });
});

describe.each(MESSAGE_SETS)(
  'a batch file whose bytes are no kind it reads, in %s',
  (set) => {
    it('says so plainly, as the one-file view does, not "either ... or"', () => {
      const messages = messagesOf(set);
      const { container } = renderWithIntl(
        <BatchRow
          item={{ ...failed('unsupported'), unknownKind: true }}
          progress={0}
        />,
        set,
      );
      const text = container.querySelector('.batch-status')?.textContent ?? '';
      expect(text).toContain(messages['uploader.error.unknown-kind']);
      expect(text).not.toContain(messages['uploader.error.unsupported']);
    });
  },
);
