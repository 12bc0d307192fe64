import type { FormatModule, FormatSniffer } from './format-module';
import { aiffSniffer } from './formats/aiff/sniff';
import { asfSniffer } from './formats/asf/sniff';
import { aviSniffer } from './formats/avi/sniff';
import { bmpSniffer } from './formats/bmp/sniff';
import { emfSniffer } from './formats/emf/sniff';
import { epubSniffer } from './formats/epub/sniff';
import { flacSniffer } from './formats/flac/sniff';
import { flvSniffer } from './formats/flv/sniff';
import { gifSniffer } from './formats/gif/sniff';
import { isobmffSniffer } from './formats/isobmff/sniff';
import { jp2Sniffer } from './formats/jp2/sniff';
import { jpegSniffer } from './formats/jpeg/sniff';
import { legacyOfficeSniffer } from './formats/legacy-office/sniff';
import { matroskaSniffer } from './formats/matroska/sniff';
import { mp3Sniffer } from './formats/mp3/sniff';
import { odfSniffer } from './formats/odf/sniff';
import { oggSniffer } from './formats/ogg/sniff';
import { ooxmlSniffer } from './formats/ooxml/sniff';
import { pdfSniffer } from './formats/pdf/sniff';
import { pngSniffer } from './formats/png/sniff';
import { svgSniffer } from './formats/svg/sniff';
import { tiffSniffer } from './formats/tiff/sniff';
import { wavSniffer } from './formats/wav/sniff';
import { webpSniffer } from './formats/webp/sniff';
import { wmfSniffer } from './formats/wmf/sniff';
import { zipArchiveSniffer } from './formats/zip-archive/sniff';

/**
 * A format module as the registry holds it: its sniffer, loaded with the engine, and its parsers,
 * loaded by `load` the first time a file is sniffed as one of its formats. The CLI's bundle makes
 * each module a chunk of its own, so cleaning a photo never parses the PDF or Office code; the
 * web worker's bundle inlines them (the import costs nothing there).
 */
export interface RegisteredFormat extends FormatSniffer {
  load(): Promise<FormatModule>;
}

/**
 * `load`, asked once: a document of 60,000 photos asks for the JPEG module twice for each (its
 * clean and verify-after-clean), and every dynamic `import()` is a look-up in the host's module
 * map and several ticks, some 2 s of that document's clean.
 */
function loadedOnce(format: RegisteredFormat): RegisteredFormat {
  let module: Promise<FormatModule> | undefined;
  return { ...format, load: () => (module ??= format.load()) };
}

/**
 * Every format module, in sniffing order: exact magic numbers first, then the weak signatures
 * (MP3 frame sync, SVG text). Adding a format is adding one line here.
 */
export const formatRegistry: readonly RegisteredFormat[] = [
  { ...jpegSniffer, load: async () => (await import('./formats/jpeg')).jpeg },
  { ...pngSniffer, load: async () => (await import('./formats/png')).png },
  { ...gifSniffer, load: async () => (await import('./formats/gif')).gif },
  { ...webpSniffer, load: async () => (await import('./formats/webp')).webp },
  { ...aviSniffer, load: async () => (await import('./formats/avi')).avi },
  { ...wavSniffer, load: async () => (await import('./formats/wav')).wav },
  { ...aiffSniffer, load: async () => (await import('./formats/aiff')).aiff },
  { ...tiffSniffer, load: async () => (await import('./formats/tiff')).tiff },
  { ...jp2Sniffer, load: async () => (await import('./formats/jp2')).jp2 },
  { ...emfSniffer, load: async () => (await import('./formats/emf')).emf },
  { ...wmfSniffer, load: async () => (await import('./formats/wmf')).wmf },
  {
    ...isobmffSniffer,
    load: async () => (await import('./formats/isobmff')).isobmff,
  },
  {
    ...matroskaSniffer,
    load: async () => (await import('./formats/matroska')).matroska,
  },
  { ...asfSniffer, load: async () => (await import('./formats/asf')).asf },
  { ...flvSniffer, load: async () => (await import('./formats/flv')).flv },
  { ...flacSniffer, load: async () => (await import('./formats/flac')).flac },
  { ...oggSniffer, load: async () => (await import('./formats/ogg')).ogg },
  { ...pdfSniffer, load: async () => (await import('./formats/pdf')).pdf },
  {
    ...legacyOfficeSniffer,
    load: async () => (await import('./formats/legacy-office')).legacyOffice,
  },
  // Zip-based documents: those naming themselves in a first `mimetype` member go before Office,
  // which takes any other zip and checks it is an Office package.
  { ...epubSniffer, load: async () => (await import('./formats/epub')).epub },
  { ...odfSniffer, load: async () => (await import('./formats/odf')).odf },
  {
    ...ooxmlSniffer,
    load: async () => (await import('./formats/ooxml')).ooxml,
  },
  // Reached by its media type: the Office module hands it every zip that is no package.
  {
    ...zipArchiveSniffer,
    load: async () => (await import('./formats/zip-archive')).zipArchive,
  },
  { ...bmpSniffer, load: async () => (await import('./formats/bmp')).bmp },
  { ...mp3Sniffer, load: async () => (await import('./formats/mp3')).mp3 },
  { ...svgSniffer, load: async () => (await import('./formats/svg')).svg },
].map(loadedOnce);

/** Extensions and MIME types the engine can clean, for the drop zone and the CLI's help. */
export function supportedTypes(): {
  mime: string;
  extensions: readonly string[];
}[] {
  return formatRegistry.flatMap((m) =>
    m.formats.map(({ mime, extensions }) => ({ mime, extensions })),
  );
}
