import type { CatalogEntry } from '../../../workers/engine/format-catalog';
import { formatCatalog } from '../../../workers/engine/format-catalog';
import {
  acceptedEntries,
  entryForName,
  type UploaderKind,
} from '../../catalog/accepted-types';

/** Pages worth sending a visitor to, most specific first; the general tool takes everything. */
const SPECIFIC_PAGES = ['photos', 'videos', 'documents'] as const;

export type TargetPage = (typeof SPECIFIC_PAGES)[number] | 'tool';

/** The catalog entry a file claims, by its extension or else its MIME type. */
export function entryForFile(
  name: string,
  mime: string,
  catalog: readonly CatalogEntry[] = formatCatalog,
): CatalogEntry | undefined {
  return (
    entryForName(name, catalog) ??
    (mime ? catalog.find((e) => e.mime === mime) : undefined)
  );
}

/**
 * Where a file this page refused can be cleaned: a specific page that takes its type, else the
 * general tool, else nowhere (the engine does not clean the type at all).
 */
export function pageForFile(
  entry: CatalogEntry | undefined,
  current: UploaderKind,
): TargetPage | null {
  if (!entry) return null;
  const page = SPECIFIC_PAGES.find(
    (kind) => kind !== current && acceptedEntries(kind).includes(entry),
  );
  if (page) return page;
  return current === 'all' ? null : 'tool';
}
