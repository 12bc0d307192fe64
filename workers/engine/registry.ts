import type { FormatModule } from './format-module';
import { aiff } from './formats/aiff';
import { asf } from './formats/asf';
import { avi } from './formats/avi';
import { bmp } from './formats/bmp';
import { epub } from './formats/epub';
import { flac } from './formats/flac';
import { flv } from './formats/flv';
import { gif } from './formats/gif';
import { isobmff } from './formats/isobmff';
import { jp2 } from './formats/jp2';
import { jpeg } from './formats/jpeg';
import { legacyOffice } from './formats/legacy-office';
import { matroska } from './formats/matroska';
import { mp3 } from './formats/mp3';
import { odf } from './formats/odf';
import { ogg } from './formats/ogg';
import { pdf } from './formats/pdf';
import { ooxml } from './formats/ooxml';
import { png } from './formats/png';
import { svg } from './formats/svg';
import { tiff } from './formats/tiff';
import { wav } from './formats/wav';
import { webp } from './formats/webp';
import { zipArchive } from './formats/zip-archive';

/**
 * Every format module, in sniffing order: exact magic numbers first, then the weak signatures
 * (MP3 frame sync, SVG text). Adding a format is adding one line here.
 */
export const formatModules: readonly FormatModule[] = [
  jpeg,
  png,
  gif,
  webp,
  avi,
  wav,
  aiff,
  tiff,
  jp2,
  isobmff,
  matroska,
  asf,
  flv,
  flac,
  ogg,
  pdf,
  legacyOffice,
  // Zip-based documents: those naming themselves in a first `mimetype` member go before Office,
  // which takes any other zip and checks it is an Office package.
  epub,
  odf,
  ooxml,
  // Reached by its media type: the Office module hands it every zip that is no package.
  zipArchive,
  bmp,
  mp3,
  svg,
];

/** Extensions and MIME types the engine can clean, for the drop zone and the CLI's help. */
export function supportedTypes(): {
  mime: string;
  extensions: readonly string[];
}[] {
  return formatModules.flatMap((m) =>
    m.formats.map(({ mime, extensions }) => ({ mime, extensions })),
  );
}
