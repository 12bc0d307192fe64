import type { Accept } from 'react-dropzone';
import {
  formatCatalog,
  type CatalogEntry,
} from '../../../workers/engine/format-catalog';
import type { FormatId } from '../../../workers/engine/format-module';

/** Which accepted-type list a tool page uses; `all` is the general tool page. */
export type UploaderKind =
  'all' | 'photos' | 'videos' | 'documents' | 'tiktok' | 'instagram' | 'social';

type CatalogKind = CatalogEntry['kind'];

/**
 * Spec 5's per-page lists as format ids (doc, ppt and xls have no id: the engine cleans only the
 * zip-based office formats). Only what the catalog supports survives, so a page never offers a
 * type the engine would refuse.
 */
const PAGE_FORMATS: Record<
  UploaderKind,
  readonly FormatId[] | readonly CatalogKind[]
> = {
  all: ['image', 'video', 'audio', 'document'],
  photos: ['jpeg', 'png', 'gif', 'webp', 'tiff', 'heic'],
  videos: ['mp4', 'mov', 'avi', 'wmv', 'flv', 'webm'],
  documents: ['pdf', 'docx', 'pptx', 'xlsx'],
  tiktok: ['mp4', 'mov'],
  instagram: ['jpeg', 'png', 'mp4', 'mov'],
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
