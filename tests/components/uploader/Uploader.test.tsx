import { NO_FORMAT_MATCHED } from '../../../workers/engine/errors';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  Uploader,
  type CleanFn,
} from '../../../src/features/uploader/Uploader';
import type {
  BridgeOutcome,
  CleanJobOptions,
} from '../../../src/worker-bridge/clean-bridge';
import { finding } from '../../../workers/engine/findings';
import { dropData, renderWithIntl } from './render-with-intl';

const photo = new File(['\xff\xd8\xff'], 'trip.jpg', { type: 'image/jpeg' });

const SUCCESS: BridgeOutcome = {
  ok: true,
  blob: new Blob(['clean']),
  name: 'cleaned_trip.jpg',
  format: { id: 'jpeg', mime: 'image/jpeg', extension: 'jpg' },
  removed: [
    finding('gps.position', 'GPSPosition', 'APP1', '43.467157, 11.885395'),
  ],
  kept: [],
};

interface PendingJob {
  readonly options: CleanJobOptions;
  resolve(outcome: BridgeOutcome): void;
}

/** A stand-in for the worker that the test finishes by hand. */
function manualClean() {
  const jobs: PendingJob[] = [];
  const clean: CleanFn = (_file, options) =>
    new Promise((resolve) => jobs.push({ options, resolve }));
  return { clean, jobs };
}

beforeEach(() => {
  // jsdom has no object URLs; the machine creates one when cleaning is done.
  URL.createObjectURL = vi.fn(() => 'blob:cleaned');
  URL.revokeObjectURL = vi.fn();
});
afterEach(cleanup);

async function selectAndStart() {
  await act(async () => {
    fireEvent.drop(screen.getByTestId('drop-zone'), dropData([photo]));
  });
  fireEvent.click(screen.getByRole('button', { name: 'Remove metadata' }));
}

const section = () => document.querySelector('.uploader') as HTMLElement;

describe('Uploader', () => {
  it('shows a chosen file with its size and what its name says, before its bytes are read', async () => {
    const { clean } = manualClean();
    renderWithIntl(<Uploader kind="photos" clean={clean} />, 'de');
    const typeless = new File([new Uint8Array(1_572_864)], 'urlaub.jpeg');
    await act(async () => {
      fireEvent.change(
        screen.getByLabelText('Datei zum Bereinigen auswählen'),
        {
          target: { files: [typeless] },
        },
      );
    });
    expect(screen.getByTestId('selected-file').textContent).toBe(
      'urlaub.jpeg1,5\u00a0MB · Datei mit der Endung .jpeg',
    );
  });

  it('names a cleaned file’s type from its bytes, as the engine read them', async () => {
    const { clean, jobs } = manualClean();
    renderWithIntl(<Uploader kind="photos" clean={clean} />);
    await selectAndStart();
    expect(screen.getByTestId('selected-file').textContent).toContain(
      'file ending in .jpg',
    );
    await act(async () => jobs[0]?.resolve(SUCCESS));
    expect(screen.getByTestId('selected-file').textContent).toContain(
      'JPEG photo',
    );
  });

  it('never calls a file whose bytes are no kind it reads a photo, before or after failing', async () => {
    const { clean, jobs } = manualClean();
    renderWithIntl(<Uploader kind="photos" clean={clean} />);
    await selectAndStart();
    const summary = () => screen.getByTestId('selected-file').textContent;
    expect(summary()).not.toContain('photo');
    await act(async () =>
      jobs[0]?.resolve({
        ok: false,
        code: 'unsupported',
        detail: NO_FORMAT_MATCHED,
        unknownKind: true,
      }),
    );
    expect(summary()).toContain('trip.jpg');
    expect(summary()).toContain('file ending in .jpg');
    expect(summary()).not.toContain('photo');
  });

  it('shows the processing label on a disabled button that keeps focus while cleaning', async () => {
    const { clean } = manualClean();
    renderWithIntl(<Uploader kind="photos" clean={clean} />);
    await selectAndStart();
    const button = screen.getByRole('button', { name: 'Processing...' });
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByRole('status').textContent).toContain(
      'Removing the metadata from trip.jpg',
    );
  });

  it('offers cleaned_<name> and the report when done, then revokes the URL on a new file', async () => {
    const { clean, jobs } = manualClean();
    renderWithIntl(<Uploader kind="photos" clean={clean} />);
    await selectAndStart();
    await act(async () => jobs[0]?.resolve(SUCCESS));
    const link = screen.getByRole('link', {
      name: 'Download cleaned_trip.jpg',
    });
    expect(link.getAttribute('download')).toBe('cleaned_trip.jpg');
    expect(link.getAttribute('href')).toBe('blob:cleaned');
    expect(screen.getByText('Metadata removed!')).toBeTruthy();
    expect(
      screen
        .getByTestId('report-summary')
        .textContent?.replace(/[\u2067-\u2069]/g, ''),
    ).toContain('where it was taken (near 43.47° N, 11.89° E)');
    expect(document.activeElement).toBe(link);
    expect(
      screen.queryByRole('button', { name: 'Remove metadata' }),
    ).toBeNull();
    await act(async () => {
      fireEvent.drop(screen.getByTestId('drop-zone'), dropData([photo]));
    });
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:cleaned');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('says an untouched file was already clean and still offers the copy', async () => {
    const { clean, jobs } = manualClean();
    renderWithIntl(<Uploader kind="photos" clean={clean} />);
    await selectAndStart();
    await act(async () => jobs[0]?.resolve({ ...SUCCESS, removed: [] }));
    expect(screen.getByText('Already clean: nothing to remove')).toBeTruthy();
    expect(screen.queryByText('Metadata removed!')).toBeNull();
    const link = screen.getByRole('link', {
      name: 'Download cleaned_trip.jpg',
    });
    expect(document.activeElement).toBe(link);
  });

  it('names the copy of a PNG called .jpg with .png, and says so', async () => {
    const { clean, jobs } = manualClean();
    renderWithIntl(<Uploader kind="photos" clean={clean} />);
    await selectAndStart();
    await act(async () =>
      jobs[0]?.resolve({
        ...SUCCESS,
        format: { id: 'png', mime: 'image/png', extension: 'png' },
      }),
    );
    const link = screen.getByRole('link', {
      name: 'Download cleaned_trip.png',
    });
    expect(link.getAttribute('download')).toBe('cleaned_trip.png');
    expect(
      screen.getByText(/The name ends in \.jpg, but the file is really PNG/)
        .textContent,
    ).toContain('the copy is named cleaned_trip.png');
  });

  it('says when the name gives away a date and time, and offers the copy under a neutral name', async () => {
    const { clean, jobs } = manualClean();
    renderWithIntl(<Uploader kind="photos" clean={clean} />, 'pt');
    const named = new File(['\xff\xd8\xff'], 'IMG_20170209_195104.jpg', {
      type: 'image/jpeg',
    });
    await act(async () => {
      fireEvent.drop(screen.getByTestId('drop-zone'), dropData([named]));
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remover metadados' }));
    await act(async () =>
      jobs[0]?.resolve({ ...SUCCESS, name: 'cleaned_IMG_20170209_195104.jpg' }),
    );
    const note = screen.getByTestId('name-note');
    expect(note.textContent).toContain('IMG_20170209_195104.jpg');
    expect(note.textContent).toContain('uma data e um horário');
    const link = () => screen.getByTestId('download-link');
    expect(link().getAttribute('download')).toBe(
      'cleaned_IMG_20170209_195104.jpg',
    );
    fireEvent.click(
      screen.getByRole('checkbox', { name: 'Baixar como photo.jpg' }),
    );
    expect(link().getAttribute('download')).toBe('photo.jpg');
  });

  it('says nothing of a name that gives nothing away', async () => {
    const { clean, jobs } = manualClean();
    renderWithIntl(<Uploader kind="photos" clean={clean} />);
    await selectAndStart();
    await act(async () => jobs[0]?.resolve(SUCCESS));
    expect(screen.queryByTestId('name-note')).toBeNull();
  });

  it('shows the red box with the engine reason and no download on failure', async () => {
    const { clean, jobs } = manualClean();
    renderWithIntl(<Uploader kind="photos" clean={clean} />, 'de');
    await act(async () => {
      fireEvent.drop(screen.getByTestId('drop-zone'), dropData([photo]));
    });
    fireEvent.click(
      screen.getByRole('button', { name: 'Metadaten entfernen' }),
    );
    await act(async () =>
      jobs[0]?.resolve({ ok: false, code: 'encrypted', detail: '' }),
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(
      'Diese Datei konnte nicht bereinigt werden.',
    );
    expect(alert.textContent).toContain('passwortgeschützt');
    expect(document.activeElement).toBe(alert);
    expect(screen.queryByRole('link')).toBeNull();
    expect(section().dataset.state).toBe('error');
  });

  it('says plainly that a file whose bytes are no kind it reads is not one, whatever its name says', async () => {
    const { clean, jobs } = manualClean();
    renderWithIntl(<Uploader kind="photos" clean={clean} />);
    await selectAndStart();
    await act(async () =>
      jobs[0]?.resolve({
        ok: false,
        code: 'unsupported',
        detail: NO_FORMAT_MATCHED,
        unknownKind: true,
      }),
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain(
      'This file’s contents are not a photo, video, audio file or document we read, whatever its name says, so we made no copy.',
    );
    // "Either ... or" leaves open what the engine knows: this is no kind of file it reads.
    expect(alert.textContent).not.toContain('Either');
  });

  it('keeps "either ... or" for a file of a kind it reads that holds something it cannot check', async () => {
    const { clean, jobs } = manualClean();
    renderWithIntl(<Uploader kind="photos" clean={clean} />);
    await selectAndStart();
    await act(async () =>
      jobs[0]?.resolve({
        ok: false,
        code: 'unsupported',
        detail: 'multiplexed Ogg streams',
      }),
    );
    expect(screen.getByRole('alert').textContent).toContain(
      'Either this type of file is not one we clean',
    );
  });

  it('names the files inside it cannot clean and offers to remove them, cleaning again only on that click', async () => {
    const { clean, jobs } = manualClean();
    renderWithIntl(<Uploader kind="documents" clean={clean} />);
    const pdf = new File(['%PDF-1.7'], 'report.pdf', {
      type: 'application/pdf',
    });
    await act(async () => {
      fireEvent.drop(screen.getByTestId('drop-zone'), dropData([pdf]));
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove metadata' }));
    expect(jobs[0]?.options.dropUncleanable).toBe(false);
    await act(async () =>
      jobs[0]?.resolve({
        ok: false,
        code: 'uncleanable-part',
        detail: '',
        parts: ['old.doc', 'data.bin'],
      }),
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('old.doc and data.bin');
    expect(jobs).toHaveLength(1);
    fireEvent.click(
      screen.getByRole('button', {
        name: 'Remove those files and clean',
      }),
    );
    expect(jobs).toHaveLength(2);
    expect(jobs[1]?.options.dropUncleanable).toBe(true);
  });

  it('shows a progress bar with Cancel for long work; Cancel aborts and goes back to selected', async () => {
    vi.useFakeTimers();
    try {
      const { clean, jobs } = manualClean();
      renderWithIntl(<Uploader kind="photos" clean={clean} />);
      await selectAndStart();
      expect(screen.queryByRole('progressbar')).toBeNull();
      await act(async () => {
        jobs[0]?.options.onProgress?.(0.4);
        vi.advanceTimersByTime(500);
      });
      const bar = screen.getByRole('progressbar') as HTMLProgressElement;
      expect(bar.value).toBeCloseTo(0.4);
      fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
      expect(jobs[0]?.options.signal?.aborted).toBe(true);
      expect(section().dataset.state).toBe('selected');
      expect(screen.getByText('The cleaning was canceled.')).toBeTruthy();
      expect(
        screen.getByRole('button', { name: 'Remove metadata' }),
      ).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });
});
