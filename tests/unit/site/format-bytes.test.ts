import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { MESSAGE_SETS } from '../../../i18n/locales';
import { formatBytes } from '../../../src/components/format-bytes';

const SIZES = [17, 1_536, 15_000, 2.5 * 1024 ** 2, 3 * 1024 ** 3];

describe('formatBytes', () => {
  // The raw string, never a whitespace-normalised one: the fault is which space it is.
  it.each(MESSAGE_SETS)(
    'joins each number to its unit with a no-break space in %s',
    (locale) => {
      const intl = createIntl({ locale, messages: {} });
      for (const bytes of SIZES) {
        const text = formatBytes(intl, bytes);
        expect(text).not.toMatch(/[ \t\n]/);
        expect(text).toMatch(/\p{Nd}[\u00a0\u202f]\S/u);
      }
    },
  );

  it('writes "1.5 كيلوبايت" in Arabic with U+00A0', () => {
    const intl = createIntl({ locale: 'ar', messages: {} });
    expect(formatBytes(intl, 1_536)).toMatch(/^\S+\u00a0كيلوبايت$/);
  });
});
