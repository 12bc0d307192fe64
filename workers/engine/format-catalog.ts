import type { ItemKind } from './findings';

/**
 * The file types the engine cleans, as data only: the one list of format facts. `FormatId`, each
 * module's `formats` and the formats its sniffer answers derive from it, and the page's drop zone
 * reads it without loading any parser. Adding a format is its module, one entry here and one line in the registry.
 */
type Kind = 'image' | 'video' | 'audio' | 'document';

interface CatalogShape {
  readonly id: string;
  readonly mime: string;
  /** The usual extension first: a sniffed file of this format is reported with it. */
  readonly extensions: readonly string[];
  readonly kind: Kind;
}

export const formatCatalog = [
  {
    id: 'jpeg',
    mime: 'image/jpeg',
    extensions: ['jpg', 'jpeg', 'jpe', 'jfif'],
    kind: 'image',
  },
  {
    id: 'png',
    mime: 'image/png',
    extensions: ['png', 'apng'],
    kind: 'image',
  },
  {
    id: 'webp',
    mime: 'image/webp',
    extensions: ['webp'],
    kind: 'image',
  },
  {
    id: 'gif',
    mime: 'image/gif',
    extensions: ['gif'],
    kind: 'image',
  },
  {
    id: 'tiff',
    mime: 'image/tiff',
    extensions: ['tif', 'tiff', 'dng'],
    kind: 'image',
  },
  // JPEG 2000 (ISO/IEC 15444): a JP2 file, its Part 2 extension JPX, and a bare codestream.
  { id: 'jp2', mime: 'image/jp2', extensions: ['jp2'], kind: 'image' },
  { id: 'jpx', mime: 'image/jpx', extensions: ['jpx', 'jpf'], kind: 'image' },
  {
    id: 'j2c',
    mime: 'image/j2c',
    extensions: ['j2c', 'j2k', 'jpc'],
    kind: 'image',
  },
  {
    id: 'heic',
    mime: 'image/heic',
    extensions: ['heic', 'heif'],
    kind: 'image',
  },
  {
    id: 'avif',
    mime: 'image/avif',
    extensions: ['avif'],
    kind: 'image',
  },
  {
    id: 'svg',
    mime: 'image/svg+xml',
    extensions: ['svg'],
    kind: 'image',
  },
  {
    id: 'bmp',
    mime: 'image/bmp',
    extensions: ['bmp', 'dib'],
    kind: 'image',
  },
  // Windows metafiles (drawings): an EMF ([MS-EMF]) and its 16-bit forerunner WMF ([MS-WMF]).
  {
    id: 'emf',
    mime: 'image/emf',
    extensions: ['emf'],
    kind: 'image',
  },
  {
    id: 'wmf',
    mime: 'image/wmf',
    extensions: ['wmf'],
    kind: 'image',
  },
  {
    id: 'mp4',
    mime: 'video/mp4',
    extensions: ['mp4', 'm4v', 'm4a', '3gp'],
    kind: 'video',
  },
  {
    id: 'mov',
    mime: 'video/quicktime',
    extensions: ['mov', 'qt'],
    kind: 'video',
  },
  {
    id: 'webm',
    mime: 'video/webm',
    extensions: ['webm'],
    kind: 'video',
  },
  {
    id: 'mkv',
    mime: 'video/x-matroska',
    extensions: ['mkv', 'mka'],
    kind: 'video',
  },
  {
    id: 'avi',
    mime: 'video/x-msvideo',
    extensions: ['avi'],
    kind: 'video',
  },
  {
    id: 'wmv',
    mime: 'video/x-ms-wmv',
    extensions: ['wmv', 'wma', 'asf'],
    kind: 'video',
  },
  {
    id: 'flv',
    mime: 'video/x-flv',
    extensions: ['flv'],
    kind: 'video',
  },
  {
    id: 'mp3',
    mime: 'audio/mpeg',
    extensions: ['mp3'],
    kind: 'audio',
  },
  {
    id: 'flac',
    mime: 'audio/flac',
    extensions: ['flac'],
    kind: 'audio',
  },
  {
    id: 'ogg',
    mime: 'audio/ogg',
    extensions: ['ogg', 'oga', 'opus'],
    kind: 'audio',
  },
  {
    id: 'wav',
    mime: 'audio/wav',
    extensions: ['wav'],
    kind: 'audio',
  },
  {
    id: 'aiff',
    mime: 'audio/aiff',
    extensions: ['aif', 'aiff', 'aifc'],
    kind: 'audio',
  },
  { id: 'pdf', mime: 'application/pdf', extensions: ['pdf'], kind: 'document' },
  {
    id: 'docx',
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['docx', 'docm', 'dotx', 'dotm'],
    kind: 'document',
  },
  {
    id: 'xlsx',
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    extensions: ['xlsx', 'xlsm', 'xltx', 'xltm'],
    kind: 'document',
  },
  {
    id: 'pptx',
    mime: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    extensions: ['pptx', 'pptm', 'potx', 'potm', 'ppsx', 'ppsm'],
    kind: 'document',
  },
  {
    id: 'doc',
    mime: 'application/msword',
    extensions: ['doc', 'dot'],
    kind: 'document',
  },
  {
    id: 'xls',
    mime: 'application/vnd.ms-excel',
    extensions: ['xls', 'xlt'],
    kind: 'document',
  },
  {
    id: 'ppt',
    mime: 'application/vnd.ms-powerpoint',
    extensions: ['ppt', 'pot', 'pps'],
    kind: 'document',
  },
  {
    id: 'odt',
    mime: 'application/vnd.oasis.opendocument.text',
    extensions: ['odt', 'ott'],
    kind: 'document',
  },
  {
    id: 'ods',
    mime: 'application/vnd.oasis.opendocument.spreadsheet',
    extensions: ['ods', 'ots'],
    kind: 'document',
  },
  {
    id: 'odp',
    mime: 'application/vnd.oasis.opendocument.presentation',
    extensions: ['odp', 'otp'],
    kind: 'document',
  },
  {
    id: 'odg',
    mime: 'application/vnd.oasis.opendocument.graphics',
    extensions: ['odg', 'otg'],
    kind: 'document',
  },
  // A formula's template would be .otf, which is an OpenType font to everyone else: not claimed.
  {
    id: 'odf',
    mime: 'application/vnd.oasis.opendocument.formula',
    extensions: ['odf'],
    kind: 'document',
  },
  {
    id: 'odc',
    mime: 'application/vnd.oasis.opendocument.chart',
    extensions: ['odc', 'otc'],
    kind: 'document',
  },
  {
    id: 'epub',
    mime: 'application/epub+zip',
    extensions: ['epub'],
    kind: 'document',
  },
  // A zip archive of files: each member cleaned as a file of its own. Its members are held one at
  // a time, as a document's parts are, so it takes the documents' size limit.
  {
    id: 'zip',
    mime: 'application/zip',
    extensions: ['zip'],
    kind: 'document',
  },
] as const satisfies readonly CatalogShape[];

/**
 * Every format id: the catalog's, and `ole`, an embedded OLE object that is no Office document (a
 * Package holding a file): found only inside other documents, so no page or extension offers it.
 */
/** A format of the catalog: one a page offers and a sniffer may answer. */
export type CatalogId = (typeof formatCatalog)[number]['id'];
export type FormatId = CatalogId | 'ole';

type EntryOf<I extends FormatId> = Extract<
  (typeof formatCatalog)[number],
  { id: I }
>;

/** One catalog entry, as the page and the engine read it. */
export interface CatalogEntry {
  readonly id: FormatId;
  readonly mime: string;
  readonly extensions: readonly string[];
  readonly kind: Kind;
}

/** The result of sniffing: a module may refine the id (e.g. ISOBMFF tells heic from avif from mp4). */
export interface Sniffed {
  readonly id: FormatId;
  readonly mime: string;
  /** The usual extension, without the dot, for the report ("this .jpg is really a PNG"). */
  readonly extension: string;
}

export function catalogEntry<I extends CatalogId>(id: I): EntryOf<I> {
  return (formatCatalog as readonly CatalogEntry[]).find(
    (e) => e.id === id,
  ) as EntryOf<I>;
}

/** A module's `formats`: its catalog entries' ids, MIME types and extensions. */
export function catalogFormats(...ids: readonly CatalogId[]): {
  id: CatalogId;
  mime: string;
  extensions: readonly string[];
}[] {
  return ids.map((id) => {
    const { mime, extensions } = catalogEntry(id);
    return { id, mime, extensions };
  });
}

/** What a sniffer answers for `id`: its MIME type, and its first extension unless told another. */
export function sniffedAs<I extends CatalogId>(
  id: I,
  extension?: EntryOf<I>['extensions'][number],
): Sniffed {
  const entry: CatalogEntry = catalogEntry(id);
  return { id, mime: entry.mime, extension: extension ?? entry.extensions[0]! };
}

/** What kind of thing a file of this format is, for a finding's `item`. */
export function itemKindOf(id: FormatId): ItemKind {
  return (
    (formatCatalog as readonly CatalogEntry[]).find((e) => e.id === id)?.kind ??
    'file'
  );
}
