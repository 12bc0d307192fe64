import type { CleanSuccess } from '../../../src/worker-bridge/clean-bridge';
import type { Finding, Sniffed } from '../../../workers/engine/index';
import { finding } from '../../../workers/engine/findings';

export const JPEG: Sniffed = {
  id: 'jpeg',
  mime: 'image/jpeg',
  extension: 'jpg',
};
export const MP4: Sniffed = { id: 'mp4', mime: 'video/mp4', extension: 'mp4' };
export const DOCX: Sniffed = {
  id: 'docx',
  mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  extension: 'docx',
};

export function result(
  format: Sniffed,
  removed: Finding[],
  kept: Finding[] = [],
): CleanSuccess {
  return {
    ok: true,
    blob: new Blob(['x']),
    name: `cleaned_file.${format.extension}`,
    format,
    removed,
    kept,
  };
}

/** What the engine reports for a Samsung phone photo with GPS (as in the example). */
export const PHONE_PHOTO: Finding[] = [
  finding('device.make', 'Make', 'APP1 Exif / IFD0', 'Samsung'),
  finding('device.model', 'Model', 'APP1 Exif / IFD0', 'SM-N900A'),
  finding(
    'time.taken',
    'DateTimeOriginal',
    'APP1 Exif / ExifIFD',
    '2014-07-12T16:17:03',
  ),
  finding(
    'time.digitized',
    'CreateDate',
    'APP1 Exif / ExifIFD',
    '2014-07-12T16:17:03',
  ),
  finding(
    'device.exposure',
    'ExposureTime',
    'APP1 Exif / ExifIFD',
    '0.00218341',
  ),
  finding('device.aperture', 'FNumber', 'APP1 Exif / ExifIFD', '2.2'),
  finding(
    'gps.position',
    'GPSPosition',
    'APP1 Exif / GPS',
    '36.121111, -115.169444',
  ),
  finding(
    'gps.altitude',
    'GPSAltitude',
    'APP1 Exif / GPS',
    '260.56063829787234 m',
  ),
  finding(
    'content.comment',
    'UserComment',
    'APP1 Exif / ExifIFD',
    '\u0000\u0001\u0002METADATA\u0003\u0004\u0005\u0006\u0007\u0008\u000e\u000f',
  ),
  finding(
    'thumbnail.image',
    'ThumbnailImage',
    'APP1 Exif / IFD1',
    '1229 bytes',
  ),
];

export const DATES_ONLY: Finding[] = [
  finding(
    'time.modified',
    'DateTime',
    'APP1 Exif / IFD0',
    '2014-07-12T16:17:03',
  ),
];

/** Ten near-identical creation and modification times, as a phone video has. */
export const PHONE_VIDEO: Finding[] = [
  ...[
    'moov/mvhd',
    'moov/trak[1]/tkhd',
    'moov/trak[1]/mdia/mdhd',
    'moov/trak[2]/tkhd',
    'moov/trak[2]/mdia/mdhd',
  ].flatMap((where) => [
    finding('time.created', 'creation_time', where, '2014-07-12T16:17:03.000Z'),
    finding(
      'time.modified',
      'modification_time',
      where,
      '2014-07-12T16:17:09.000Z',
    ),
  ]),
  finding('gps.position', '©xyz', 'moov/udta', '48.858400, 2.294500'),
  finding('device.make', 'com.apple.quicktime.make', 'moov/meta', 'Apple'),
  finding(
    'device.model',
    'com.apple.quicktime.model',
    'moov/meta',
    'iPhone 12',
  ),
];

/** What a document cleaner reports for a Word file with an author, history and comments. */
export const WORD_FILE: Finding[] = [
  finding('author.name', 'dc:creator', 'docProps/core.xml', 'Ana Souza'),
  finding(
    'author.last-editor',
    'cp:lastModifiedBy',
    'docProps/core.xml',
    'Ana Souza',
  ),
  finding(
    'time.created',
    'dcterms:created',
    'docProps/core.xml',
    '2023-03-02T09:10:00Z',
  ),
  finding(
    'software.creator',
    'Application',
    'docProps/app.xml',
    'Microsoft Office Word',
  ),
  finding('history.changes', 'w:ins', 'word/document.xml', '3 tracked changes'),
  finding(
    'content.comment',
    'w:comment',
    'word/comments.xml',
    'Check the numbers',
  ),
];
