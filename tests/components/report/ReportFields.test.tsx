import { cleanup, screen } from '@testing-library/react';
import { createIntl } from 'react-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { MESSAGE_SETS, type MessageSet } from '../../../i18n/locales';
import { Report } from '../../../src/features/report/Report';
import { ReportSummary } from '../../../src/features/report/ReportSummary';
import { LONE_TOKEN } from '../../../src/features/report/values';
import type { CleanSuccess } from '../../../src/worker-bridge/clean-bridge';
import type { Finding, Sniffed } from '../../../workers/engine/index';
import { finding, relocated } from '../../../workers/engine/findings';
import { readXmpFindings } from '../../../workers/engine/metadata/xmp';
import {
  langOf,
  messagesOf,
  renderWithIntl,
} from '../uploader/render-with-intl';
import { DOCX, result } from './fixtures';

afterEach(cleanup);

const HEIC: Sniffed = { id: 'heic', mime: 'image/heic', extension: 'heic' };
const PDF: Sniffed = { id: 'pdf', mime: 'application/pdf', extension: 'pdf' };
const XLSX: Sniffed = {
  id: 'xlsx',
  mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  extension: 'xlsx',
};

/** A phone photo's EXIF as the engine reports it, with field ids. */
const PHOTO: Finding[] = [
  finding('device.make', 'Make', 'APP1 Exif / IFD0', 'SAMSUNG'),
  finding('device.model', 'Model', 'APP1 Exif / IFD0', 'SAMSUNG-SM-N900A'),
  finding('time.taken', 'DateTimeOriginal', 'APP1 Exif', '2014-07-12T16:17:03'),
  finding(
    'gps.position',
    'GPSPosition',
    'APP1 Exif / GPS',
    '36.121111, -115.169444',
  ),
  finding('device.setting', 'Flash', 'APP1 Exif', '2'),
  finding('device.setting', 'BrightnessValue', 'APP1 Exif', '8.83'),
  finding('device.setting', 'ApertureValue', 'APP1 Exif', '2.27'),
];

/** A Word file by Mariana Souza whose only photo carries the phone's GPS. */
const DOCX_WITH_PHOTO: Finding[] = [
  finding('author.name', 'dc:creator', 'docProps/core.xml', 'Mariana Souza'),
  finding('author.name', 'cp:lastModifiedBy', 'docProps/core.xml'),
  finding(
    'software.creator',
    'Application',
    'docProps/app.xml',
    'LibreOffice/7.4.7.2$Linux_X86_64 LibreOffice_project/40$Build-2',
  ),
  finding('history.revision', 'cp:revision', 'docProps/core.xml', '0'),
  finding('other.statistics', 'Pages', 'docProps/app.xml', '1'),
  finding('other.statistics', 'Words', 'docProps/app.xml', '8'),
  finding('other.statistics', 'Characters', 'docProps/app.xml', '30'),
  finding('other.statistics', 'CharactersWithSpaces', 'docProps/app.xml', '37'),
  finding('content.detail', 'dc:language', 'docProps/core.xml', 'en-US'),
  ...relocated(PHOTO, 'word/media/image1.jpeg', {
    name: 'word/media/image1.jpeg',
    kind: 'image',
  }),
];

/** An iPhone HEIC: speed and bearings with their references, a sub-second. */
const HEIC_FINDINGS: Finding[] = [
  finding('gps.position', 'GPSPosition', 'Exif / GPS', '39.050000, -94.580000'),
  finding('gps.altitude', 'GPSAltitude', 'Exif / GPS', '38.813 m'),
  finding('gps.speed', 'GPSSpeed', 'Exif / GPS', '0.512297 km/h'),
  finding('gps.direction', 'GPSImgDirection', 'Exif / GPS', '348.5 magnetic'),
  finding('gps.track', 'GPSTrack', 'Exif / GPS', '12.25 true'),
  finding('gps.detail', 'GPSHPositioningError', 'Exif / GPS', '5'),
  finding('time.detail', 'SubSecTimeOriginal', 'Exif', '054'),
  finding('device.make', 'Make', 'Exif / IFD0', 'Apple'),
  finding('device.model', 'Model', 'Exif / IFD0', 'iPhone 13'),
];

/** What Photoshop writes in a PDF's XMP: a job title and place names beside the author. */
const PHOTOSHOP_XMP = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF
 xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
 <rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"
  xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/"
  xmlns:xmp="http://ns.adobe.com/xap/1.0/"
  photoshop:AuthorsPosition="My Position" photoshop:City="Lisboa"
  photoshop:State="Lisboa" photoshop:Country="Portugal"
  xmp:CreatorTool="Adobe Photoshop CC 2019 (Windows)">
  <dc:creator><rdf:Seq><rdf:li>Rui Costa</rdf:li></rdf:Seq></dc:creator>
 </rdf:Description></rdf:RDF></x:xmpmeta>`;
const PDF_FINDINGS = readXmpFindings(
  new TextEncoder().encode(PHOTOSHOP_XMP),
  'XMP metadata stream',
);

const XLSX_FINDINGS: Finding[] = [
  finding('author.name', 'dc:creator', 'docProps/core.xml', 'Ana Lima'),
  finding(
    'author.last-editor',
    'cp:lastModifiedBy',
    'docProps/core.xml',
    'Rui',
  ),
  finding(
    'time.created',
    'dcterms:created',
    'docProps/core.xml',
    '2024-03-01T09:00:00Z',
  ),
  finding(
    'software.creator',
    'Application',
    'docProps/app.xml',
    'Microsoft Excel',
  ),
  finding('software.detail', 'AppVersion', 'docProps/app.xml', '16.0300'),
  finding('software.detail', 'DocSecurity', 'docProps/app.xml', '0'),
  finding(
    'author.organization',
    'Company',
    'docProps/app.xml',
    'Lima & Filhos',
  ),
];

const CASES: readonly [string, CleanSuccess][] = [
  ['DOCX with a phone photo', result(DOCX, DOCX_WITH_PHOTO)],
  ['HEIC with speed and direction', result(HEIC, HEIC_FINDINGS)],
  ['Photoshop PDF', result(PDF, PDF_FINDINGS)],
  ['XLSX', result(XLSX, XLSX_FINDINGS)],
];

const INVISIBLE = /[\u2066-\u2069\u200e\u200f]/g;

function sentenceOf(r: CleanSuccess, set: MessageSet): string {
  renderWithIntl(<ReportSummary result={r} />, set);
  const text = screen.getByTestId('report-summary').textContent ?? '';
  cleanup();
  return text.replace(INVISIBLE, '');
}

function rowValues(r: CleanSuccess, set: MessageSet): string[] {
  renderWithIntl(
    <Report result={r} fileName={`f.${r.format.extension}`} downloadName="x" />,
    set,
  );
  const values = [...document.querySelectorAll('.report-value')].map((v) =>
    (v.textContent ?? '').replace(INVISIBLE, ''),
  );
  const labels = [...document.querySelectorAll('.report-label')].map(
    (l) => l.textContent ?? '',
  );
  cleanup();
  return values.map((v, i) => `${labels[i]}\u0000${v}`);
}

const intlOf = (set: MessageSet) =>
  createIntl({ locale: langOf(set), messages: messagesOf(set) });

describe.each(MESSAGE_SETS)('the report in %s', (set) => {
  const intl = intlOf(set);
  const phrase = (kind: string) =>
    intl
      .formatMessage(
        { id: 'report.summary.location' },
        { kind, owners: 'one', known: 'no', place: null },
      )
      .replace(INVISIBLE, '');

  it('says the photo inside the document, not the document, was where the place is', () => {
    const text = sentenceOf(result(DOCX, DOCX_WITH_PHOTO), set);
    expect(text).toContain('Mariana Souza');
    expect(text).toContain('SAMSUNG-SM-N900A');
    expect(text).toContain(phrase('photo'));
    expect(text).not.toContain(phrase('document'));
    expect(text).toContain('LibreOffice 7.4');
    expect(text).not.toContain('$Linux');
  });

  it('does not take a Photoshop job title for the author', () => {
    const text = sentenceOf(result(PDF, PDF_FINDINGS), set);
    expect(text).toContain('Rui Costa');
    expect(text).not.toContain('My Position');
    const rows = rowValues(result(PDF, PDF_FINDINGS), set).join('\n');
    const placeName = intl.formatMessage({ id: 'report.field.place-name' });
    expect(rows).toContain(`${placeName}\u0000Lisboa`);
    expect(rows).toContain(`${placeName}\u0000Portugal`);
    const gps = intl.formatMessage({ id: 'report.field.gps-detail' });
    expect(rows).not.toContain(`${gps}\u0000`);
  });

  it('writes speed with its unit and direction with its reference', () => {
    const rows = rowValues(result(HEIC, HEIC_FINDINGS), set);
    const speed = intl.formatMessage({ id: 'report.field.speed' });
    const direction = intl.formatMessage({ id: 'report.field.direction' });
    const value = (label: string) =>
      rows.find((r) => r.startsWith(`${label}\u0000`))?.split('\u0000')[1];
    expect(value(speed)).toMatch(/\d/);
    expect(value(speed)).not.toMatch(LONE_TOKEN);
    expect(value(direction)).toBe(
      intl
        .formatMessage(
          { id: 'report.value.bearing' },
          {
            degrees: intl.formatNumber(348.5, {
              style: 'unit',
              unit: 'degree',
              unitDisplay: 'narrow',
              maximumFractionDigits: 0,
            }),
            reference: 'magnetic',
          },
        )
        .replace(INVISIBLE, ''),
    );
  });

  it.each(CASES)('shows no lone letter or bare number for a %s', (_, r) => {
    for (const row of rowValues(r, set)) {
      const [label, value] = row.split('\u0000');
      expect(value, `${label}: ${value}`).not.toMatch(LONE_TOKEN);
      expect(value, label).not.toBe(
        intl.formatMessage({ id: 'report.value.binary' }),
      );
    }
  });
});

describe('the result screen in English', () => {
  it('folds repeated camera settings and document counts into counted rows', () => {
    const rows = rowValues(result(DOCX, DOCX_WITH_PHOTO), 'en');
    expect(rows).toContain('Camera settings\u00003 details');
    expect(rows).toContain('Other hidden data\u00004 details');
    expect(rows).toContain('Other details\u00001 detail');
    expect(rows).toContain('Revision\u0000revision 0');
    expect(rows.some((r) => r.startsWith('Author\u0000binary'))).toBe(false);
  });

  it('names the owner of the place in the map caption', async () => {
    renderWithIntl(
      <Report
        result={result(DOCX, DOCX_WITH_PHOTO)}
        fileName="letter.docx"
        downloadName="cleaned_letter.docx"
      />,
      'en',
    );
    const map = await screen.findByRole('img', undefined, { timeout: 10_000 });
    const caption = document.getElementById(
      map.getAttribute('aria-labelledby')!,
    );
    expect(caption?.textContent).toMatch(
      /^Map of where the photo inside this document was taken/,
    );
  });
});
