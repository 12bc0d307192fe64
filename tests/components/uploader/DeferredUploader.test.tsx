import {
  act,
  cleanup,
  fireEvent,
  screen,
  waitFor,
} from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCALES } from '../../../i18n/locales';
import { LocaleContext } from '../../../src/site/locale-context';
import { DeferredUploader } from '../../../src/features/uploader/DeferredUploader';
import { DropZone } from '../../../src/features/uploader/DropZone';
import {
  acceptedEntries,
  type UploaderKind,
} from '../../../src/catalog/accepted-types';
import { dropData, renderWithIntl } from './render-with-intl';

/** Counts how often the full uploader's module is evaluated, i.e. loaded. */
const fullLoads = vi.hoisted(() => vi.fn());
vi.mock('../../../src/features/uploader/Uploader', async (original) => {
  fullLoads();
  return original();
});

afterEach(cleanup);

const photo = () =>
  new File(['\xff\xd8\xff'], 'trip.jpg', { type: 'image/jpeg' });

function renderDeferred(kind: UploaderKind = 'photos') {
  renderWithIntl(
    <LocaleContext.Provider value={LOCALES.en}>
      <DeferredUploader kind={kind} />
    </LocaleContext.Provider>,
  );
  return screen.getByTestId('drop-zone');
}

/** Room for the full uploader's code and messages to load on a busy machine. */
const LOAD = { timeout: 20_000 };

describe('DeferredUploader', () => {
  // First: the module cache would hide a load made by an earlier test.
  it('shows a working drop zone without loading the full uploader', () => {
    const zone = renderDeferred();
    const input = zone.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.getAttribute('aria-label')).toBe('Choose a file to clean');
    expect(input.accept.split(',')).toEqual(
      expect.arrayContaining(['image/jpeg', '.jpg', '.heic']),
    );
    expect(input.accept).not.toContain('.pdf');
    expect(input.tabIndex).toBe(-1);
    const button = screen.getByRole('button', { name: 'Select file' });
    expect(button.tabIndex).toBe(0);
    expect(zone.textContent).toContain('Accepts JPG, JPEG');
    expect(screen.getByRole('status').textContent).toBe('No file selected.');
    expect(fullLoads).not.toHaveBeenCalled();
  });

  it('offers the file dialog the same types as the full drop zone, on every page', () => {
    const kinds: UploaderKind[] = [
      'all',
      'photos',
      'videos',
      'documents',
      'tiktok',
      'instagram',
      'social',
    ];
    for (const kind of kinds) {
      const light = renderDeferred(kind).querySelector('input');
      const lightAccept = light?.getAttribute('accept');
      cleanup();
      renderWithIntl(
        <DropZone
          entries={acceptedEntries(kind)}
          kind={kind}
          disabled={false}
          onFile={() => {}}
        />,
      );
      const full = screen.getByTestId('drop-zone').querySelector('input');
      expect(lightAccept).toBe(full?.getAttribute('accept'));
      cleanup();
    }
  });

  it('hands a file chosen in the light zone to the full uploader', async () => {
    const zone = renderDeferred();
    const input = zone.querySelector('input[type=file]') as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input, { target: { files: [photo()] } });
    });
    expect(
      await screen.findByRole('button', { name: 'Remove metadata' }, LOAD),
    ).toBeTruthy();
    expect(screen.getByTestId('selected-file').textContent).toContain(
      'trip.jpg',
    );
    expect(
      document.querySelector('.uploader')?.getAttribute('data-state'),
    ).toBe('selected');
  });

  it('hands a drop over to the full checks: a type the page refuses is refused', async () => {
    const zone = renderDeferred();
    const avi = new File(['RIFF'], 'clip.avi', { type: 'video/x-msvideo' });
    await act(async () => {
      fireEvent.dragEnter(zone, dropData([avi]));
    });
    expect(zone.className).toContain('uploader-zone-active');
    await act(async () => {
      fireEvent.drop(zone, dropData([avi]));
    });
    const alert = await screen.findByRole('alert', {}, LOAD);
    expect(alert.textContent).toContain('“clip.avi” can’t be used here');
    expect(
      screen.queryByRole('button', { name: 'Remove metadata' }),
    ).toBeNull();
    expect(fullLoads).toHaveBeenCalledTimes(1);
  });

  it('takes over on focus and keeps the focus on "Select file"', async () => {
    renderDeferred();
    const light = screen.getByRole('button', { name: 'Select file' });
    await act(async () => {
      light.focus();
    });
    await waitFor(() => {
      const full = screen.getByRole('button', { name: 'Select file' });
      expect(full).not.toBe(light);
      expect(document.activeElement).toBe(full);
    }, LOAD);
  });

  it('still takes a file the light dialog reports after the full uploader took over', async () => {
    const zone = renderDeferred();
    const lightInput = zone.querySelector('input') as HTMLInputElement;
    const light = screen.getByRole('button', { name: 'Select file' });
    await act(async () => {
      light.focus();
    });
    await waitFor(() => expect(light.isConnected).toBe(false), LOAD);
    await act(async () => {
      fireEvent.change(lightInput, { target: { files: [photo()] } });
    });
    expect(
      await screen.findByRole('button', { name: 'Remove metadata' }, LOAD),
    ).toBeTruthy();
  });

  it('says so when the dialog opened from the light zone is closed without a file', async () => {
    renderDeferred('all');
    fireEvent.click(screen.getByRole('button', { name: 'Select file' }));
    fireEvent.focus(window);
    expect(
      await screen.findByText('No file was chosen.', {}, LOAD),
    ).toBeTruthy();
  });

  it('folds the general page’s long list of types into a disclosure that leaves the dialog shut', () => {
    const zone = renderDeferred('all');
    expect(zone.textContent).toMatch(/Accepts \d+ file types\./);
    const summary = screen.getByText('See every file type');
    const details = summary.closest('details')!;
    expect(details.open).toBe(false);
    expect(details.querySelector('p')?.textContent).toContain('HEIC');
    const dialog = vi.spyOn(HTMLInputElement.prototype, 'click');
    fireEvent.click(summary);
    expect(dialog).not.toHaveBeenCalled();
    dialog.mockRestore();
  });
});
