import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Report } from '../../../src/features/uploader/Report';
import type { CleanSuccess } from '../../../src/worker-bridge/clean-bridge';
import type { Finding } from '../../../workers/engine/index';
import { finding } from '../../../workers/engine/findings';
import { renderWithIntl } from './render-with-intl';

afterEach(cleanup);

const JPEG = { id: 'jpeg', mime: 'image/jpeg', extension: 'jpg' } as const;

function result(removed: Finding[], kept: Finding[] = []): CleanSuccess {
  return {
    ok: true,
    blob: new Blob(['x']),
    name: 'cleaned_photo.jpg',
    format: JPEG,
    removed,
    kept,
  };
}

const gps = finding(
  'location',
  'GPSLatitude',
  'APP1 Exif / GPS',
  '48.858370, 2.294481',
);
const make = finding('device', 'Make', 'APP1 Exif / IFD0', 'NIKON');
const date = finding(
  'time',
  'DateTimeOriginal',
  'APP1 Exif',
  '2008-10-22T16:29:49',
);
const orientation = finding(
  'other',
  'Orientation',
  'APP1 Exif',
  '6',
  'orientation',
);
const icc = finding('other', 'ICC_PROFILE', 'APP2', undefined, 'color-profile');

const group = (category: string) =>
  document.querySelector(`[data-category="${category}"]`) as HTMLElement;

describe('Report', () => {
  it('groups findings by category, location first, with their values', () => {
    renderWithIntl(
      <Report result={result([make, date, gps])} fileName="photo.jpg" />,
    );
    const titles = [...document.querySelectorAll('[data-category]')].map((el) =>
      el.getAttribute('data-category'),
    );
    expect(titles).toEqual(['location', 'time', 'device']);
    expect(
      within(group('location')).getByText('48.858370, 2.294481'),
    ).toBeTruthy();
    expect(
      within(group('location')).getByText('Location (where it was made)'),
    ).toBeTruthy();
    expect(within(group('device')).getByText('NIKON')).toBeTruthy();
    expect(screen.getByText('Removed: 3 items')).toBeTruthy();
  });

  it('lists what was kept and why, in the visitor language', () => {
    renderWithIntl(
      <Report
        result={result([gps], [orientation, icc])}
        fileName="photo.jpg"
      />,
      'de',
    );
    expect(screen.getByText('Absichtlich behalten')).toBeTruthy();
    expect(
      screen.getByText('Ausrichtung: Das Bild bleibt richtig herum'),
    ).toBeTruthy();
    expect(
      screen.getByText('Farbprofil: Die Farben bleiben originalgetreu'),
    ).toBeTruthy();
    expect(screen.getByText('Standort (wo es entstanden ist)')).toBeTruthy();
  });

  it('says plainly when the file had no metadata', () => {
    renderWithIntl(<Report result={result([])} fileName="photo.jpg" />, 'pt');
    expect(
      screen.getByText(
        'Nenhum metadado encontrado: este arquivo já estava limpo.',
      ),
    ).toBeTruthy();
    expect(document.querySelector('[data-category]')).toBeNull();
  });

  it('names the detected format', () => {
    renderWithIntl(<Report result={result([gps])} fileName="photo.JPEG" />);
    expect(screen.getByText('Detected format: JPEG')).toBeTruthy();
  });

  it('says so when the extension lied about the format', () => {
    renderWithIntl(<Report result={result([gps])} fileName="holiday.png" />);
    expect(
      screen.getByText(
        'The name ends in .png, but the file is really JPEG; it was cleaned as JPEG.',
      ),
    ).toBeTruthy();
  });

  it('folds a long category behind a disclosure', () => {
    const many = Array.from({ length: 15 }, (_, i) =>
      finding('software', `Tag${i}`, 'XMP', `value ${i}`),
    );
    renderWithIntl(<Report result={result(many)} fileName="photo.jpg" />);
    expect(screen.getByText('Show 3 more')).toBeTruthy();
    expect(screen.getByText('value 14')).toBeTruthy();
  });

  it('uses Arabic plural forms', () => {
    renderWithIntl(
      <Report result={result([gps, make])} fileName="photo.jpg" />,
      'ar',
    );
    expect(screen.getByText('تمت الإزالة: عنصران')).toBeTruthy();
  });
});

describe('Report on right-to-left pages', () => {
  it('lays coordinates out left to right and Arabic text right to left', () => {
    const caption = finding(
      'comment',
      'ImageDescription',
      'APP1',
      'رحلة إلى البحر',
    );
    renderWithIntl(
      <Report result={result([gps, caption])} fileName="photo.jpg" />,
      'ar',
    );
    expect(screen.getByText('48.858370, 2.294481').getAttribute('dir')).toBe(
      'ltr',
    );
    expect(screen.getByText('رحلة إلى البحر').getAttribute('dir')).toBe('rtl');
  });
});
