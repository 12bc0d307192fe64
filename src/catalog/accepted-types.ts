import type { Accept } from 'react-dropzone';
import {
  formatCatalog,
  type CatalogEntry,
} from '../../workers/engine/format-catalog.ts';
import type { FormatId } from '../../workers/engine/format-module.ts';
import {
  MAX_DOCUMENT_BYTES,
  maxBytesFor,
} from '../../workers/engine/limits.ts';
import type { RemoverPage } from '../../i18n/routes.ts';

/** Which accepted-type list a tool page uses: a remover page, or `all` for the general tool. */
export type UploaderKind = 'all' | RemoverPage;

type CatalogKind = CatalogEntry['kind'];

/**
 * What each tool page takes. A family page takes every format of its kind in the engine's catalog
 * (photos: every image; documents: PDF, Office, OpenDocument, EPUB), so it takes a format the day
 * the engine learns it. Platform pages keep spec 5's lists as format ids, a floor: a platform page
 * also takes what that platform accepts from phones.
 */
const PAGE_FORMATS: Record<
  UploaderKind,
  readonly FormatId[] | readonly CatalogKind[]
> = {
  all: ['image', 'video', 'audio', 'document'],
  photos: ['image'],
  videos: ['video'],
  documents: ['document'],
  tiktok: ['mp4', 'mov'],
  // What phones post: iPhones take HEIC photos and MOV videos, Android phones JPEG and MP4.
  instagram: ['jpeg', 'png', 'heic', 'mp4', 'mov'],
  social: ['image', 'video'],
};

/** The catalog entries a page accepts, in catalog order. */
export function acceptedEntries(
  kind: UploaderKind,
  catalog: readonly CatalogEntry[] = formatCatalog,
): CatalogEntry[] {
  const wanted = new Set<string>(PAGE_FORMATS[kind]);
  return catalog.filter((e) => wanted.has(e.id) || wanted.has(e.kind));
}

/** react-dropzone's `accept`: restricts both the drop and the file dialog. */
export function toDropzoneAccept(entries: readonly CatalogEntry[]): Accept {
  const accept: Record<string, string[]> = {};
  for (const { mime, extensions } of entries) {
    accept[mime] = [
      ...(accept[mime] ?? []),
      ...extensions.map((ext) => `.${ext}`),
    ];
  }
  return accept;
}

/**
 * The file input's `accept` attribute for the same types, as react-dropzone writes it from
 * `toDropzoneAccept`: each MIME type followed by its extensions.
 */
export function acceptAttribute(entries: readonly CatalogEntry[]): string {
  return Object.entries(toDropzoneAccept(entries))
    .flatMap(([mime, extensions]) => [mime, ...extensions])
    .join(',');
}

/** The extensions as the visitor reads them: "JPG, JPEG, PNG". */
export function extensionList(entries: readonly CatalogEntry[]): string[] {
  return entries.flatMap((e) => e.extensions.map((ext) => ext.toUpperCase()));
}

/** A file's extension, lower case, without the dot; '' when the name has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** The catalog entry a name's extension claims, if any. */
export function entryForName(
  name: string,
  catalog: readonly CatalogEntry[] = formatCatalog,
): CatalogEntry | undefined {
  const ext = extensionOf(name);
  return ext ? catalog.find((e) => e.extensions.includes(ext)) : undefined;
}

/**
 * The size limit for a file by the family its extension (or else its MIME type) claims; a file
 * the catalog does not know gets the strictest limit. The engine enforces the limit again by the
 * format it sniffs, so a misnamed file cannot slip past it.
 */
export function limitForFile(
  file: { readonly name: string; readonly type: string },
  catalog: readonly CatalogEntry[] = formatCatalog,
): number {
  const entry =
    entryForName(file.name, catalog) ??
    catalog.find((e) => e.mime === file.type);
  return entry ? maxBytesFor(entry.kind) : MAX_DOCUMENT_BYTES;
}
