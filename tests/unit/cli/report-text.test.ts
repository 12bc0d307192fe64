import { describe, expect, it } from 'vitest';
import { countByCategory, escapeForTerminal } from '../../../cli/report-text';
import { findingLines } from '../../../cli/report-words';
import { LONE_TOKEN } from '../../../src/features/report/values';
import {
  finding,
  keptFinding,
  relocated,
  type Finding,
} from '../../../workers/engine/findings';

describe('escapeForTerminal', () => {
  it.each([
    ['a\nb', 'a\\nb'],
    ['\u001b[2J', '\\x1b[2J'],
    ['tab\there\r', 'tab\\there\\r'],
    ['\u009b31m', '\\x9b31m'],
    ['gpj.\u202eexe', 'gpj.\\u202eexe'],
    ['line\u2028sep', 'line\\u2028sep'],
    ['back\\slash', 'back\\\\slash'],
  ])('escapes %j', (raw, shown) => {
    expect(escapeForTerminal(raw)).toBe(shown);
  });

  it('leaves ordinary names, accents and scripts alone', () => {
    expect(escapeForTerminal('Fotos/Été 2024/東京 (1).jpg')).toBe(
      'Fotos/Été 2024/東京 (1).jpg',
    );
  });
});

describe('countByCategory', () => {
  const of = (category: Finding['category']): Finding => ({
    category,
    field: 'other.data',
    label: 'x',
    value: 'x',
    location: 'x',
  });

  it('counts most revealing first, as the site’s report, whatever order they were found in', () => {
    const found = (
      ['other', 'comment', 'device', 'time', 'device', 'location'] as const
    ).map(of);
    expect(countByCategory(found)).toBe(
      'location 1, date and time 1, device 2, description and comment 1, other 1',
    );
  });

  it('counts titles, albums and genres as descriptions, not as comments', () => {
    const found = [
      finding('content.title', 'TIT2', 'ID3v2', 'I am so'),
      finding('content.detail', 'TALB', 'ID3v2', 'harmfull'),
      finding('content.detail', 'TCON', 'ID3v2', 'Python'),
    ];
    expect(countByCategory(found)).toBe('description and comment 3');
  });

  it('names identifiers, history and dates as the site does, not by their ids', () => {
    expect(countByCategory([of('history'), of('identifier'), of('time')])).toBe(
      'date and time 1, unique identifier 1, editing history 1',
    );
  });
});

describe('findingLines', () => {
  it('keeps every finding on one line, whatever its label, value or location holds', () => {
    const lines = findingLines([
      {
        category: 'comment',
        field: 'content.comment',
        label: 'Com\nment',
        value: 'a\u001b[31mb\nc and a long enough comment to read as text',
        location: 'COM\r',
      },
    ]);
    expect(lines).toHaveLength(3);
    expect(lines[2]).toContain('long enough comment');
    for (const c of ['\n', '\r', '\u001b'])
      expect(lines.join('')).not.toContain(c);
  });

  // A quadratic grouping took minutes here; the test's own timeout bounds it, not a stopwatch.
  it('lists 100,000 findings, grouped by category in the report order', () => {
    const many = Array.from({ length: 100_000 }, (_, i) =>
      i % 2
        ? finding('content.comment', 'Comment', 'COM', `c${i}`)
        : finding('other.data', 'Comment', 'COM', `c${i}`),
    );
    const lines = findingLines(many);
    expect(lines).toEqual([
      '  In this file:',
      '    Comments and descriptions:',
      ...Array.from(
        { length: 50_000 },
        (_, i) => `      Comment: c${2 * i + 1}`,
      ),
      '    Other:',
      '      Other hidden data: 50,000 details',
    ]);
  });
});

/** A Word file whose photo carries a phone's GPS, speed and bearing. */
const PHOTO: Finding[] = [
  finding('device.model', 'Model', 'APP1 Exif / IFD0', 'SAMSUNG-SM-N900A'),
  finding(
    'gps.position',
    'GPSPosition',
    'APP1 Exif / GPS',
    '36.121111, -115.169444',
  ),
  finding('gps.speed', 'GPSSpeed', 'APP1 Exif / GPS', '0.512297 km/h'),
  finding('gps.direction', 'GPSImgDirection', 'APP1 Exif', '348.5 magnetic'),
  finding('gps.detail', 'GPSVersionID', 'APP1 Exif / GPS', '2.2.0.0'),
  finding('time.detail', 'SubSecTimeOriginal', 'APP1 Exif', '054'),
];
const DOCX: Finding[] = [
  finding('author.name', 'dc:creator', 'docProps/core.xml', 'Mariana Souza'),
  finding(
    'software.creator',
    'Application',
    'docProps/app.xml',
    'LibreOffice/7.4.7.2$Linux_X86_64 LibreOffice_project/40$Build-2',
  ),
  finding('other.statistics', 'Words', 'docProps/app.xml', '8'),
  finding('history.revision', 'cp:revision', 'docProps/core.xml', '3'),
  ...relocated(PHOTO, 'word/media/image1.jpeg', {
    name: 'word/media/image1.jpeg',
    kind: 'image',
  }),
  keptFinding('image.orientation', 'Orientation', 'APP1', 'orientation', '6'),
];

describe('findingLines in the site’s words', () => {
  const lines = findingLines(DOCX, 'document');
  const text = lines.join('\n');

  it('names the item a finding belongs to', () => {
    expect(lines).toContain(
      '  In image1.jpeg inside this document (word/media/image1.jpeg):',
    );
    const photo = lines.indexOf(
      '  In image1.jpeg inside this document (word/media/image1.jpeg):',
    );
    expect(lines.indexOf('  In this document:')).toBeLessThan(photo);
    expect(lines.indexOf('      Author: Mariana Souza')).toBeLessThan(photo);
    expect(lines.indexOf('      Place: 36.12° N, 115.17° W')).toBeGreaterThan(
      photo,
    );
  });

  it('shows no raw tag name', () => {
    for (const raw of ['GPSPosition', 'dc:creator', 'SubSec', 'cp:revision'])
      expect(text).not.toContain(raw);
  });

  it('writes numbers with their units and references, never alone', () => {
    expect(text).toContain('Speed: 0.5 km/h');
    expect(text).toContain('Direction it faced: 349°, magnetic north');
    expect(text).toContain('Revision: revision 3');
    for (const line of lines) {
      const value = line.split(': ').slice(1).join(': ');
      if (value) expect(value, line).not.toMatch(LONE_TOKEN);
    }
  });

  it('shortens an app’s version string to its product and version', () => {
    expect(text).toContain('Editing app: LibreOffice 7.4');
    expect(text).not.toContain('$Linux');
  });

  it('says what is kept and why, in words', () => {
    expect(lines.slice(-2)).toEqual([
      '  Kept on purpose:',
      '    Orientation: keeps the picture the right way up',
    ]);
  });
});

describe('findingLines software names', () => {
  it('never cuts an app’s name inside a parenthesis it opens (an EPUB’s HTML Tidy)', () => {
    const tidy = 'HTML Tidy for Linux (vers 7 December 2008), see www.w3.org';
    const lines = findingLines([
      finding('software.creator', 'generator', 'ch1.xhtml', tidy),
    ]);
    expect(lines).toContain(`      Editing app: ${tidy}`);
    expect(lines.join('\n')).not.toMatch(/\(vers 7$/m);
  });
});

describe('findingLines sizes', () => {
  it('writes a size with a plain space, as grep finds it, where the site keeps U+00A0', () => {
    const lines = findingLines([
      finding('thumbnail.image', 'Thumbnail', 'IFD1', '6656 bytes'),
    ]);
    expect(lines).toContain('      Thumbnail: binary data, 6.5 KB');
  });
});
