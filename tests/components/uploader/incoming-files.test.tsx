import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOCALES } from '../../../i18n/locales';
import { LocaleContext } from '../../../src/site/locale-context';
import { DeferredUploader } from '../../../src/features/uploader/DeferredUploader';
import { renderWithIntl } from './render-with-intl';

type Consumer = (params: { files: { getFile(): Promise<File> }[] }) => void;

/**
 * jsdom has no Worker: this one fails as a worker that cannot start does (an `error` event), so
 * the files' cleaning ends in the visitor's error words instead of an unhandled ReferenceError.
 */
class FailingWorker extends EventTarget {
  constructor() {
    super();
    setTimeout(() => this.dispatchEvent(new Event('error')), 0);
  }
  postMessage(): void {}
  terminate(): void {}
}

beforeEach(() => {
  (globalThis as { Worker?: unknown }).Worker = FailingWorker;
});

afterEach(() => {
  cleanup();
  delete (window as { launchQueue?: unknown }).launchQueue;
  delete (globalThis as { Worker?: unknown }).Worker;
});

const photo = (name: string) =>
  new File(['\xff\xd8\xff'], name, { type: 'image/jpeg' });

/** What Chromium gives an installed app opened from the file manager ("Open with"). */
function launchWith(files: File[]) {
  (window as { launchQueue?: unknown }).launchQueue = {
    setConsumer: (consume: Consumer) =>
      consume({ files: files.map((file) => ({ getFile: async () => file })) }),
  };
}

/** Room for the full uploader's code and messages to load on a busy machine. */
const LOAD = { timeout: 30_000 };

describe('files opened with the installed app', () => {
  it('one file goes to the uploader and its cleaning starts at once', async () => {
    launchWith([photo('trip.jpg')]);
    renderWithIntl(
      <LocaleContext.Provider value={LOCALES.en}>
        <DeferredUploader kind="all" />
      </LocaleContext.Provider>,
    );
    await waitFor(
      () => expect(screen.getByText('trip.jpg')).toBeTruthy(),
      LOAD,
    );
    // The stand-in worker fails: started, the clean ends in the error box, never back at "selected".
    await waitFor(
      () =>
        expect(
          document.querySelector('.uploader')?.getAttribute('data-state'),
        ).toMatch(/processing|error|done/),
      LOAD,
    );
  }, 60_000);

  it('several go to the list, every one taken, and the list starts at once', async () => {
    launchWith([photo('trip.jpg'), photo('second.jpg')]);
    renderWithIntl(
      <LocaleContext.Provider value={LOCALES.en}>
        <DeferredUploader kind="all" />
      </LocaleContext.Provider>,
    );
    await waitFor(
      () => expect(screen.getByTestId('batch-list')).toBeTruthy(),
      LOAD,
    );
    const list = screen.getByTestId('batch-list');
    expect(list.textContent).toContain('trip.jpg');
    expect(list.textContent).toContain('second.jpg');
    // Started without a press: the list leaves "ready" (the stand-in worker fails every file).
    await waitFor(
      () =>
        expect(
          document.querySelector('.batch')?.getAttribute('data-phase'),
        ).not.toBe('ready'),
      LOAD,
    );
  }, 60_000);
});
