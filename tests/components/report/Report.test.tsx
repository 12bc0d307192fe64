import {
  act,
  cleanup,
  fireEvent,
  screen,
  within,
} from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Report } from '../../../src/features/report/Report';
import { downloadName } from '../../../src/features/report/download-name';
import { ROWS_PER_CATEGORY } from '../../../src/features/report/rows';
import type { CleanSuccess } from '../../../src/worker-bridge/clean-bridge';
import { finding, relocated } from '../../../workers/engine/findings';
import { MESSAGE_SETS } from '../../../i18n/locales';
import { messagesOf, renderWithIntl } from '../uploader/render-with-intl';
import { JPEG, MP4, PHONE_PHOTO, PHONE_VIDEO, result } from './fixtures';

afterEach(cleanup);

function show(
  r: CleanSuccess,
  set: Parameters<typeof renderWithIntl>[1] = 'en',
  fileName = 'photo.jpg',
) {
  return renderWithIntl(
    <Report
      result={r}
      fileName={fileName}
      downloadName={downloadName(r.name, fileName, r.format)}
    />,
    set,
  );
}

const group = (category: string) =>
  document.querySelector(`[data-category="${category}"]`) as HTMLElement;

/** The text a person sees: closed disclosures hide their contents. */
function visibleText(): string {
  const clone = document.body.cloneNode(true) as HTMLElement;
  for (const details of clone.querySelectorAll('details:not([open])'))
    for (const child of [...details.children])
      if (child.tagName !== 'SUMMARY') child.remove();
  return clone.textContent ?? '';
}

const RAW_NAMES = [
  'GPSPosition',
  'DateTimeOriginal',
  'ExposureTime',
  'APP1 Exif',
  'UserComment',
  'ThumbnailImage',
];

describe('Report', () => {
  it('labels fields for people and writes values for people', () => {
    show(result(JPEG, PHONE_PHOTO));
    const device = within(group('device'));
    expect(device.getByText('Camera maker')).toBeTruthy();
    expect(device.getByText('Samsung')).toBeTruthy();
    expect(device.getByText('1/458 s')).toBeTruthy();
    expect(device.getByText('f/2.2')).toBeTruthy();
    const location = within(group('location'));
    expect(location.getByText('36.12° N, 115.17° W')).toBeTruthy();
    expect(location.getByText('261 m')).toBeTruthy();
    // Raw text: the default matcher folds U+00A0 into a space and would hide a breaking one.
    const raw = { normalizer: (text: string) => text };
    expect(
      within(group('comment')).getByText('binary data, 19\u00a0bytes', raw),
    ).toBeTruthy();
    expect(
      within(group('thumbnail')).getByText('binary data, 1.2\u00a0KB', raw),
    ).toBeTruthy();
  });

  it('keeps raw tag names and locations behind a closed disclosure', () => {
    show(result(JPEG, PHONE_PHOTO));
    const text = visibleText();
    for (const raw of RAW_NAMES) expect(text).not.toContain(raw);
    const details = screen.getByText('Technical details').closest('details')!;
    expect(details.open).toBe(false);
    fireEvent.click(screen.getByText('Technical details'));
    details.open = true;
    fireEvent(details, new Event('toggle'));
    expect(within(details).getByText('GPSPosition')).toBeTruthy();
    expect(
      within(details).getAllByText('APP1 Exif / GPS').length,
    ).toBeGreaterThan(0);
    // Even here, unreadable bytes are described, never printed.
    expect(details.textContent).not.toContain('METADATA');
  });

  it.each(MESSAGE_SETS)(
    'leads each technical row with its field in the visitor’s words, in %s',
    (set) => {
      const raw = [
        finding('software.encoder', 'CodecName', 'Segment/Tracks', 'x264'),
        finding(
          'software.encoder',
          'compressorname',
          'moov/trak[1]/mdia/minf/stbl/stsd/avc1',
          'Lavc libx264',
        ),
        finding(
          'identifier.detail',
          'tmcd name',
          'moov/trak[2]/mdia/minf/stbl/stsd/tmcd/name',
          'A001',
        ),
      ];
      show(result(MP4, raw), set, 'clip.mp4');
      const details = document.querySelector('details')!;
      details.open = true;
      fireEvent(details, new Event('toggle'));
      const messages = messagesOf(set);
      const lead = [...details.querySelectorAll('.report-raw-row')].map(
        (row) => row.querySelector('.report-raw-field')?.textContent,
      );
      // Grouped by category: the identifier's row comes before the software's.
      expect(lead).toEqual([
        messages['report.field.identifier-detail'],
        messages['report.field.encoder'],
        messages['report.field.encoder'],
      ]);
    },
  );

  it('folds a video’s ten timestamps into one row', () => {
    show(result(MP4, PHONE_VIDEO));
    const time = within(group('time'));
    expect(time.getByText('Dates')).toBeTruthy();
    expect(time.getByText('10 dates, all July 12, 2014')).toBeTruthy();
    expect(group('time').querySelectorAll('.report-row')).toHaveLength(1);
  });

  it.each([
    ['en', '2 dates, both April 2, 2024'],
    ['de', '2 Daten, beide am 2. April 2024'],
    ['it', '2 date, entrambe del 2 aprile 2024'],
    ['pt', '2 datas, ambas em 2 de abril de 2024'],
    ['ar', 'تاريخان، كلاهما في 2 أبريل 2024'],
  ] as const)(
    'says "both", not "all", of two dates on one day, in %s',
    (set, words) => {
      const dates = [
        finding(
          'time.created',
          'dcterms:created',
          'core',
          '2024-04-02T16:56:00Z',
        ),
        finding(
          'time.modified',
          'dcterms:modified',
          'core',
          '2024-04-02T16:57:00Z',
        ),
      ];
      show(result(JPEG, dates), set);
      expect(group('time').querySelector('.report-value')!.textContent).toBe(
        words,
      );
    },
  );

  it.each([
    ['en', 'year 1337'],
    ['pt', 'ano de 1337'],
    ['ar', 'عام 1337'],
  ] as const)(
    'shows a date that is only a year as a year, not a count, in %s',
    (set, words) => {
      show(
        result(JPEG, [finding('time.created', 'TYER', 'ID3v2.4', '1337')]),
        set,
      );
      expect(group('time').querySelector('.report-value')!.textContent).toBe(
        words,
      );
    },
  );

  it('counts an empty value of a counted kind with the rest of its kind', () => {
    show(
      result(JPEG, [
        finding('other.data', 'Ducky', 'APP12', ''),
        finding('other.data', 'APP13', 'APP13', 'Photoshop 3.0'),
      ]),
    );
    expect(
      [...group('other').querySelectorAll('.report-value')].map(
        (v) => v.textContent,
      ),
    ).toEqual(['2 details']);
  });

  it('folds dates on different days into a range, in German', () => {
    const dates = [
      finding('time.taken', 'DateTimeOriginal', 'APP1', '2014-07-12T16:17:03'),
      finding('time.modified', 'ModifyDate', 'XMP', '2015-01-02T10:00:00'),
    ];
    show(result(JPEG, dates), 'de');
    expect(
      screen.getByText('2 Daten, vom 12. Juli 2014 bis 2. Januar 2015'),
    ).toBeTruthy();
  });

  it('shows the same value from EXIF and XMP once', () => {
    const make = [
      finding('device.make', 'Make', 'APP1 Exif / IFD0', 'Jolla'),
      finding('device.make', 'tiff:Make', 'APP1 XMP', 'Jolla'),
    ];
    show(result(JPEG, make));
    expect(within(group('device')).getAllByText('Jolla')).toHaveLength(1);
  });

  it('explains what was kept, in words', () => {
    const kept = [
      finding(
        'image.orientation',
        'Orientation',
        'APP1 Exif',
        '6',
        'orientation',
      ),
      finding(
        'image.color-profile',
        'ICC_PROFILE',
        'APP2',
        undefined,
        'color-profile',
      ),
    ];
    show(result(JPEG, PHONE_PHOTO, kept), 'pt');
    expect(screen.getByText('Mantido de propósito')).toBeTruthy();
    expect(
      screen.getByText('Orientação: mantém a imagem na posição certa'),
    ).toBeTruthy();
    expect(
      screen.getByText('Perfil de cor: mantém as cores fiéis'),
    ).toBeTruthy();
    expect(visibleText()).not.toContain('ICC_PROFILE');
  });

  it('names Content Credentials and who made them', () => {
    const c2pa = [
      finding('history.credentials', 'C2PA', 'APP11', 'Adobe Firefly'),
    ];
    show(result(JPEG, c2pa));
    expect(
      screen.getByText(
        'Content Credentials (C2PA) are a signed record of which app or service made or edited this file (Adobe Firefly). They were removed with the rest.',
      ),
    ).toBeTruthy();
    expect(
      within(group('history')).getByText('Content Credentials (C2PA)'),
    ).toBeTruthy();
  });

  it('says the copy takes the real type’s extension when the name lied', () => {
    const png = { id: 'png', mime: 'image/png', extension: 'png' } as const;
    const r = { ...result(png, PHONE_PHOTO), name: 'cleaned_holiday.jpg' };
    show(r, 'en', 'holiday.jpg');
    expect(
      screen.getByText(/The name ends in \.jpg, but the file is really PNG/)
        .textContent,
    ).toBe(
      'The name ends in .jpg, but the file is really PNG: it was cleaned as PNG, and the copy is named cleaned_holiday.png.',
    );
  });

  it(
    'draws the place on a map named after it, from bundled outlines',
    { timeout: 30_000 },
    async () => {
      show(result(JPEG, PHONE_PHOTO));
      // The map's chunk (outlines and projection) loads lazily, as in the browser.
      const map = await screen.findByRole('img', undefined, {
        timeout: 20_000,
      });
      expect(map.tagName.toLowerCase()).toBe('svg');
      expect(map.getAttribute('aria-labelledby')).toBeTruthy();
      const name = document.getElementById(
        map.getAttribute('aria-labelledby')!,
      )!.textContent;
      expect(name).toBe(
        'Map of where the photo was taken: 36.12° N, 115.17° W, near Las Vegas, United States',
      );
      expect(map.querySelectorAll('.report-map-land').length).toBeGreaterThan(
        1,
      );
      expect(map.querySelector('.report-map-here')).toBeTruthy();
    },
  );

  it.each([
    ['ar', 'Las Vegas', 'الولايات المتحدة'],
    ['de', 'nahe Las Vegas', 'Vereinigte Staaten'],
  ] as const)(
    'in %s, names the city only in the language’s own script (the country always)',
    { timeout: 30_000 },
    async (set, city, country) => {
      show(result(JPEG, PHONE_PHOTO), set);
      const map = await screen.findByRole('img', undefined, {
        timeout: 20_000,
      });
      const name = document.getElementById(
        map.getAttribute('aria-labelledby')!,
      )!.textContent!;
      expect(name).toContain(country);
      // The gazetteer's one name is in Latin letters: Arabic words leave it out, German ones say it.
      if (set === 'ar') {
        expect(name).not.toContain(city);
        expect(name).not.toMatch(/\p{Script=Latin}/u);
      } else expect(name).toContain(city);
    },
  );
});

describe('Report of a file holding several photos', () => {
  it(
    'names the map after one of the photos, not the photo',
    { timeout: 30_000 },
    async () => {
      const zip = {
        id: 'zip',
        mime: 'application/zip',
        extension: 'zip',
      } as const;
      const photos = ['a.jpg', 'b.jpg'].flatMap((name) =>
        relocated(PHONE_PHOTO, name, { name, kind: 'image' }),
      );
      show(result(zip, photos));
      const map = await screen.findByRole('img', undefined, {
        timeout: 20_000,
      });
      const name = document.getElementById(
        map.getAttribute('aria-labelledby')!,
      )!.textContent;
      expect(name).toBe(
        'Map of where one of the photos inside this file was taken: 36.12° N, 115.17° W, near Las Vegas, United States',
      );
    },
  );
});

describe('Report of 100,000 findings', () => {
  it('caps rows per category and renders in well under a second', async () => {
    const many = Array.from({ length: 100_000 }, (_, i) =>
      finding('content.comment', `Comment${i}`, `COM[${i}]`, `note ${i}`),
    );
    const started = performance.now();
    await act(async () => {
      show(result(JPEG, many));
    });
    const elapsed = performance.now() - started;
    const rows = group('comment').querySelectorAll('.report-row');
    expect(rows).toHaveLength(ROWS_PER_CATEGORY);
    expect(
      screen.getByText(
        `and ${(100_000 - ROWS_PER_CATEGORY).toLocaleString('en')} more`,
      ),
    ).toBeTruthy();
    expect(document.querySelectorAll('li, .report-row').length).toBeLessThan(
      50,
    );
    // The row cap is what the counts above check; this only guards against a render that hangs
    // (the uncapped list took 1.2 s of main thread; a loaded shared machine may be several times slower).
    expect(elapsed).toBeLessThan(10_000);
  });
});
