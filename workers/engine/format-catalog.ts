import type { ItemKind } from './findings';
import type { FormatId } from './format-module';

/**
 * The file types the engine cleans, as data only: the page's drop zone reads this without loading
 * any parser. A unit test checks it against what the registered modules declare.
 */
export interface CatalogEntry {
  readonly id: FormatId;
  readonly mime: string;
  readonly extensions: readonly string[];
  readonly kind: 'image' | 'video' | 'audio' | 'document';
}

export const formatCatalog: readonly CatalogEntry[] = [
  {
    id: 'jpeg',
    mime: 'image/jpeg',
    extensions: ['jpg', 'jpeg', 'jpe', 'jfif'],
    kind: 'image',
  },
  { id: 'png', mime: 'image/png', extensions: ['png', 'apng'], kind: 'image' },
  { id: 'webp', mime: 'image/webp', extensions: ['webp'], kind: 'image' },
  { id: 'gif', mime: 'image/gif', extensions: ['gif'], kind: 'image' },
  {
    id: 'tiff',
    mime: 'image/tiff',
    extensions: ['tif', 'tiff', 'dng'],
    kind: 'image',
  },
  {
    id: 'heic',
    mime: 'image/heic',
    extensions: ['heic', 'heif'],
    kind: 'image',
  },
  { id: 'avif', mime: 'image/avif', extensions: ['avif'], kind: 'image' },
  { id: 'svg', mime: 'image/svg+xml', extensions: ['svg'], kind: 'image' },
  { id: 'bmp', mime: 'image/bmp', extensions: ['bmp', 'dib'], kind: 'image' },
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
  { id: 'webm', mime: 'video/webm', extensions: ['webm'], kind: 'video' },
  {
    id: 'mkv',
    mime: 'video/x-matroska',
    extensions: ['mkv', 'mka'],
    kind: 'video',
  },
  { id: 'avi', mime: 'video/x-msvideo', extensions: ['avi'], kind: 'video' },
  {
    id: 'wmv',
    mime: 'video/x-ms-wmv',
    extensions: ['wmv', 'wma', 'asf'],
    kind: 'video',
  },
  { id: 'flv', mime: 'video/x-flv', extensions: ['flv'], kind: 'video' },
  { id: 'mp3', mime: 'audio/mpeg', extensions: ['mp3'], kind: 'audio' },
  { id: 'flac', mime: 'audio/flac', extensions: ['flac'], kind: 'audio' },
  {
    id: 'ogg',
    mime: 'audio/ogg',
    extensions: ['ogg', 'oga', 'opus'],
    kind: 'audio',
  },
  { id: 'wav', mime: 'audio/wav', extensions: ['wav'], kind: 'audio' },
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
];

/** What kind of thing a file of this format is, for a finding's `item`. */
export function itemKindOf(id: FormatId): ItemKind {
  return formatCatalog.find((e) => e.id === id)?.kind ?? 'file';
}
