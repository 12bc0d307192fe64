import {
  act,
  fireEvent,
  screen,
  waitFor,
  within,
} from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { DropZone } from '../../../src/features/uploader/DropZone';
import { acceptedEntries } from '../../../src/catalog/accepted-types';
import {
  MAX_DOCUMENT_BYTES,
  MAX_MEDIA_BYTES,
} from '../../../workers/engine/limits';
import { dropData, renderWithIntl, sizedFile } from './render-with-intl';

afterEach(cleanup);

const jpeg = () =>
  new File(['\xff\xd8\xff'], 'trip.jpg', { type: 'image/jpeg' });
const pdf = () => new File(['%PDF-1.7'], 'cv.pdf', { type: 'application/pdf' });

function renderZone(
  kind: Parameters<typeof acceptedEntries>[0],
  locale: 'en' | 'pt' | 'de' | 'ar' = 'en',
) {
  const onFile = vi.fn();
  const onReject = vi.fn();
  renderWithIntl(
    <DropZone
      entries={acceptedEntries(kind)}
      kind={kind}
      disabled={false}
      onFile={onFile}
      onReject={onReject}
    />,
    locale,
  );
  return { onFile, onReject, zone: screen.getByTestId('drop-zone') };
}

async function drop(zone: HTMLElement, files: File[]) {
  await act(async () => {
    fireEvent.drop(zone, dropData(files));
  });
}

describe('DropZone', () => {
  it('passes on one accepted file', async () => {
    const { onFile, zone } = renderZone('photos');
    const file = jpeg();
    await drop(zone, [file]);
    expect(onFile).toHaveBeenCalledWith(file);
  });

  it('rejects a type the page does not accept, with the localized message', async () => {
    const { onFile, zone } = renderZone('photos', 'pt');
    await drop(zone, [
      new File(['RIFF'], 'clip.avi', { type: 'video/x-msvideo' }),
    ]);
    expect(onFile).not.toHaveBeenCalled();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('“clip.avi” não pode ser usado aqui');
    expect(alert.textContent).toContain('JPG');
  });

  it('restricts the file dialog to the page types', () => {
    renderZone('tiktok');
    const input = screen.getByLabelText('Choose a file to clean');
    const accept = input.getAttribute('accept') ?? '';
    expect(accept.split(',').sort()).toEqual(
      [
        '.3gp',
        '.m4a',
        '.m4v',
        '.mov',
        '.mp4',
        '.qt',
        'video/mp4',
        'video/quicktime',
      ].sort(),
    );
  });

  it('points a refused file at the page that takes its type, as a link', async () => {
    const { onFile, onReject, zone } = renderZone('videos');
    await drop(zone, [
      new File(['x'], 'IMG_0001.HEIC', { type: 'image/heic' }),
    ]);
    expect(onFile).not.toHaveBeenCalled();
    expect(onReject).toHaveBeenCalledOnce();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Clean it on the Photos page.');
    const link = within(alert).getByRole('link', { name: 'Photos' });
    expect(link.getAttribute('href')).toMatch(/fotos/);
  });

  it('sends a type no page takes to the list of every type, never "accepts ."', async () => {
    const { zone } = renderZone('photos');
    await drop(zone, [new File(['x'], 'model.xyz', { type: '' })]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      '“model.xyz” is not a type of file we can clean yet.',
    );
    expect(within(alert).getByRole('link').textContent).toBe(
      'See every type we clean',
    );
    expect(alert.textContent).not.toMatch(/accepts \./);
  });

  it('says a refused RAR is an archive and what to do, in the visitor language', async () => {
    const { zone } = renderZone('all', 'pt');
    await drop(zone, [
      new File(['Rar!'], 'fotos.rar', { type: 'application/vnd.rar' }),
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('“fotos.rar” é um arquivo compactado');
    expect(alert.textContent).toContain('Extraia os arquivos');
  });

  it('takes a ZIP, whose members the engine cleans, without a refusal', async () => {
    const { onFile, onReject, zone } = renderZone('all', 'pt');
    const file = new File(['PK'], 'fotos.zip', { type: 'application/zip' });
    await drop(zone, [file]);
    expect(onFile).toHaveBeenCalledWith(file);
    expect(onReject).not.toHaveBeenCalled();
  });

  it('says plain text has nothing to clean', async () => {
    const { zone } = renderZone('documents');
    await drop(zone, [new File(['x'], 'notes.txt', { type: 'text/plain' })]);
    expect((await screen.findByRole('alert')).textContent).toContain(
      '“notes.txt” is plain text, which has nowhere to keep hidden metadata',
    );
  });

  it('takes a legacy Word document, which the engine now cleans, without a refusal', async () => {
    const { onFile, onReject, zone } = renderZone('all', 'de');
    const file = new File(['x'], 'Vertrag.doc', { type: 'application/msword' });
    await drop(zone, [file]);
    expect(onFile).toHaveBeenCalledWith(file);
    expect(onReject).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('names an image type it does not clean as an image', async () => {
    const { zone } = renderZone('photos');
    await drop(zone, [
      new File(['x'], 'layers.psd', { type: 'image/vnd.adobe.photoshop' }),
    ]);
    expect((await screen.findByRole('alert')).textContent).toContain(
      '“layers.psd” is an image of a type we do not clean yet.',
    );
  });

  it('shows the refusal right under the button, before the list of types', async () => {
    const { zone } = renderZone('all');
    await drop(zone, [new File(['x'], 'notes.txt', { type: 'text/plain' })]);
    const alert = await screen.findByRole('alert');
    const hint = zone.querySelector('.uploader-hint');
    expect(hint).not.toBeNull();
    expect(
      alert.compareDocumentPosition(hint as Node) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('rejects a video over the media limit and names that limit', async () => {
    const { onFile, zone } = renderZone('all');
    await drop(zone, [
      sizedFile('huge.mp4', 'video/mp4', MAX_MEDIA_BYTES + 1024 ** 3),
    ]);
    expect(onFile).not.toHaveBeenCalled();
    expect((await screen.findByRole('alert')).textContent).toBe(
      '“huge.mp4” is 17\u00a0GB; the limit is 16\u00a0GB per file.',
    );
  });

  // Raw text, not a whitespace-normalising matcher: a breaking space between a number and its
  // unit is the fault, and normalising would turn U+00A0 into a space and hide it.
  it('keeps each size and its Arabic unit together, and the file name isolated', async () => {
    const { zone } = renderZone('all', 'ar');
    await drop(zone, [
      sizedFile('huge.mp4', 'video/mp4', MAX_MEDIA_BYTES + 1024 ** 3),
    ]);
    const alert = await screen.findByRole('alert');
    const text = alert.textContent ?? '';
    // The Latin name is isolated, so the Arabic sentence keeps its order around it.
    expect(alert.querySelector('bdi')?.textContent).toBe('huge.mp4');
    expect(text).toContain('17\u00a0غ.ب');
    expect(text).toContain('16\u00a0غ.ب');
    expect(text).not.toMatch(/\d غ/);
  });

  it('accepts a video of 4 GB and one of exactly the media limit', async () => {
    const { onFile, zone } = renderZone('all');
    await drop(zone, [sizedFile('big.mp4', 'video/mp4', 4 * 1024 ** 3)]);
    await drop(zone, [
      sizedFile('max.mov', 'video/quicktime', MAX_MEDIA_BYTES),
    ]);
    expect(onFile).toHaveBeenCalledTimes(2);
  });

  it('holds a document to the document limit, naming it', async () => {
    const { onFile, zone } = renderZone('all');
    await drop(zone, [
      sizedFile('cv.pdf', 'application/pdf', MAX_DOCUMENT_BYTES + 1),
    ]);
    expect(onFile).not.toHaveBeenCalled();
    expect((await screen.findByRole('alert')).textContent).toBe(
      // 1 GB and a byte rounds to "1 GB": "is 1 GB; the limit is 1 GB" would contradict itself.
      '“cv.pdf” is over the limit of 1\u00a0GB per file.',
    );
    await drop(zone, [
      sizedFile('cv.pdf', 'application/pdf', MAX_DOCUMENT_BYTES),
    ]);
    expect(onFile).toHaveBeenCalledTimes(1);
  });

  it('states both limits in the hint', () => {
    const { zone } = renderZone('all');
    expect(zone.textContent).toContain(
      'Photos, videos and audio up to 16\u00a0GB each; documents up to 1\u00a0GB.',
    );
  });

  it('rejects an empty file', async () => {
    const { zone } = renderZone('all', 'de');
    await drop(zone, [new File([], 'empty.jpg', { type: 'image/jpeg' })]);
    expect((await screen.findByRole('alert')).textContent).toBe(
      '„empty.jpg“ ist leer, es gibt also nichts zu bereinigen.',
    );
  });

  it('rejects two files at once', async () => {
    const { onFile, zone } = renderZone('all', 'ar');
    await drop(zone, [jpeg(), jpeg()]);
    expect(onFile).not.toHaveBeenCalled();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'عدد كبير من الملفات: أفلت ملفًا واحدًا في كل مرة.',
    );
  });

  it('ignores .DS_Store dropped along with a photo', async () => {
    const { onFile, zone } = renderZone('photos');
    const photo = jpeg();
    await drop(zone, [new File(['junk'], '.DS_Store'), photo]);
    expect(onFile).toHaveBeenCalledWith(photo);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('ignores a lone Thumbs.db without complaining', async () => {
    const { onFile, zone } = renderZone('all');
    await drop(zone, [new File(['junk'], 'Thumbs.db')]);
    expect(onFile).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('accepts a file with no MIME type by its extension', async () => {
    const { onFile, zone } = renderZone('photos');
    await drop(zone, [new File(['\xff\xd8\xff'], 'scan.jpeg')]);
    expect(onFile).toHaveBeenCalledTimes(1);
  });

  it('highlights while a file is dragged over', async () => {
    const { zone } = renderZone('photos');
    await act(async () => {
      fireEvent.dragEnter(zone, dropData([jpeg()]));
    });
    await waitFor(() =>
      expect(zone.className).toContain('uploader-zone-active'),
    );
  });

  it('takes nothing when none of the page types is cleaned yet', async () => {
    const onFile = vi.fn();
    renderWithIntl(
      <DropZone
        entries={[]}
        kind="documents"
        disabled={false}
        onFile={onFile}
      />,
    );
    await drop(screen.getByTestId('drop-zone'), [pdf()]);
    expect(onFile).not.toHaveBeenCalled();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/cannot clean any type of file yet/);
    expect(alert.textContent).not.toMatch(/accepts \./);
    expect(within(alert).getByRole('link').textContent).toBe('general tool');
  });

  it('notices a cancelled file dialog after 300 ms', async () => {
    renderZone('all');
    fireEvent.click(screen.getByRole('button', { name: 'Select file' }));
    fireEvent.focus(window);
    expect(screen.queryByText('No file was chosen.')).toBeNull();
    expect(await screen.findByText('No file was chosen.')).toBeTruthy();
  });

  it('has a labelled button that keyboard users can reach', () => {
    renderZone('all');
    const button = screen.getByRole('button', { name: 'Select file' });
    expect(button.tabIndex).toBe(0);
  });
});
