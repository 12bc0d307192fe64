import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCALES } from '../../../i18n/locales';
import { LocaleContext } from '../../../src/site/locale-context';
import { DeferredUploader } from '../../../src/features/uploader/DeferredUploader';
import { renderWithIntl } from './render-with-intl';

type Consumer = (params: { files: { getFile(): Promise<File> }[] }) => void;

afterEach(() => {
  cleanup();
  delete (window as { launchQueue?: unknown }).launchQueue;
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
  it('the first goes to the uploader and its cleaning starts at once; the others are named as not taken', async () => {
    launchWith([photo('trip.jpg'), photo('second.jpg')]);
    renderWithIntl(
      <LocaleContext.Provider value={LOCALES.en}>
        <DeferredUploader kind="all" />
      </LocaleContext.Provider>,
    );
    await waitFor(
      () => expect(screen.getByText('trip.jpg')).toBeTruthy(),
      LOAD,
    );
    // No worker in this test's DOM: started, the clean ends in the error box, never back at "selected".
    await waitFor(
      () =>
        expect(
          document.querySelector('.uploader')?.getAttribute('data-state'),
        ).toMatch(/processing|error|done/),
      LOAD,
    );
    expect(
      screen.getByText(
        '1 other shared file was not taken: this page cleans one file at a time.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('second.jpg')).toBeNull();
  }, 60_000);
});
