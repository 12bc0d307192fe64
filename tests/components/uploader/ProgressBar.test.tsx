import { act, cleanup, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  PROGRESS_DELAY_MS,
  ProgressBar,
} from '../../../src/features/uploader/ProgressBar';
import { MESSAGE_SETS } from '../../../i18n/locales';
import { langOf, messagesOf, renderWithIntl } from './render-with-intl';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function bar(): HTMLProgressElement {
  return screen.getByRole('progressbar', { name: /./ }) as HTMLProgressElement;
}

describe('ProgressBar', () => {
  it('is indeterminate until the first fraction, then determinate with its value announced', () => {
    const onCancel = vi.fn();
    const { rerender } = renderWithIntl(
      <ProgressBar fraction={0} name="trip.jpg" onCancel={onCancel} />,
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    act(() => vi.advanceTimersByTime(PROGRESS_DELAY_MS + 1));
    expect(bar().hasAttribute('value')).toBe(false);
    expect(bar().hasAttribute('aria-valuenow')).toBe(false);
    expect(bar().getAttribute('aria-label')).toBeTruthy();

    rerender(
      <IntlProvider locale={langOf('en')} messages={messagesOf('en')}>
        <ProgressBar fraction={0.42} name="trip.jpg" onCancel={onCancel} />
      </IntlProvider>,
    );
    expect(bar().value).toBeCloseTo(0.42);
    expect(bar().getAttribute('aria-valuenow')).toBe('0.42');
    expect(bar().getAttribute('aria-valuemin')).toBe('0');
    expect(bar().getAttribute('aria-valuemax')).toBe('1');
    expect(bar().getAttribute('aria-valuetext')).toBe('42%');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('says the fraction in the visitor’s number format', () => {
    renderWithIntl(
      <ProgressBar fraction={0.5} name="trip.jpg" onCancel={() => {}} />,
      'de',
    );
    act(() => vi.advanceTimersByTime(PROGRESS_DELAY_MS + 1));
    expect(bar().getAttribute('aria-valuetext')).toMatch(/^50\s?%$/);
  });

  it('says what is being done to which file, in the visitor’s language', () => {
    renderWithIntl(
      <ProgressBar fraction={0} name="Urlaub.jpg" onCancel={() => {}} />,
      'de',
    );
    act(() => vi.advanceTimersByTime(PROGRESS_DELAY_MS + 1));
    expect(
      screen.getByText(/wird auf diesem Gerät bereinigt/).textContent,
    ).toBe(
      '„Urlaub.jpg“ wird auf diesem Gerät bereinigt; nichts wird hochgeladen.',
    );
  });

  it.each(MESSAGE_SETS)(
    'names the file in the bar’s accessible name, so each of many bars is told apart, in %s',
    (set) => {
      renderWithIntl(
        <>
          <ProgressBar fraction={0.2} name="trip.jpg" onCancel={() => {}} />
          <ProgressBar fraction={0.7} name="notes.docx" onCancel={() => {}} />
        </>,
        set,
      );
      act(() => vi.advanceTimersByTime(PROGRESS_DELAY_MS + 1));
      const names = screen
        .getAllByRole('progressbar')
        .map((b) => b.getAttribute('aria-label') ?? '');
      expect(names[0]).toContain('trip.jpg');
      expect(names[1]).toContain('notes.docx');
      expect(names[0]!.replace('trip.jpg', '')).toBe(
        names[1]!.replace('notes.docx', ''),
      );
    },
  );
});
