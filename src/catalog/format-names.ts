import {
  formatCatalog,
  type CatalogEntry,
} from '../../workers/engine/format-catalog.ts';
import type { FormatId } from '../../workers/engine/format-module.ts';
import { acceptedEntries, type UploaderKind } from './accepted-types.ts';

/** How texts name a format: its id in capitals, except where people write it otherwise. */
const DISPLAY_NAMES: Partial<Record<FormatId, string>> = { jpeg: 'JPG' };

/** The remover pages whose menu line names the formats they take (the others have a sentence). */
export const PAGES_BY_FORMATS = ['photos', 'videos', 'documents'] as const;
export type PageByFormats = (typeof PAGES_BY_FORMATS)[number];

export function formatName(entry: Pick<CatalogEntry, 'id'>): string {
  return DISPLAY_NAMES[entry.id] ?? entry.id.toUpperCase();
}

/** The names of the formats a tool page accepts, from the engine's catalog, in catalog order. */
export function formatNames(
  kind: UploaderKind,
  catalog: readonly CatalogEntry[] = formatCatalog,
): string[] {
  return acceptedEntries(kind, catalog).map(formatName);
}

/** Every format the engine cleans, grouped by kind (kinds without a format are left out). */
export function formatsByKind(
  catalog: readonly CatalogEntry[] = formatCatalog,
): { kind: CatalogEntry['kind']; names: string[] }[] {
  const groups = new Map<CatalogEntry['kind'], string[]>();
  for (const entry of catalog) {
    groups.set(entry.kind, [
      ...(groups.get(entry.kind) ?? []),
      formatName(entry),
    ]);
  }
  return [...groups].map(([kind, names]) => ({ kind, names }));
}

/**
 * The format names every page's text needs (menus, the home grid, the FAQ), derived from the
 * catalog at build time (scripts/format-names-plugin.ts): the layout and the home page then ship
 * a few names instead of the whole catalog.
 */
export interface FormatNameFacts {
  /** Every name once, in catalog order. */
  readonly all: readonly string[];
  readonly byKind: readonly {
    readonly kind: CatalogEntry['kind'];
    readonly names: readonly string[];
  }[];
  readonly byPage: Readonly<Record<PageByFormats, readonly string[]>>;
}

export function formatNameFacts(
  catalog: readonly CatalogEntry[] = formatCatalog,
): FormatNameFacts {
  return {
    all: [...new Set(catalog.map(formatName))],
    byKind: formatsByKind(catalog),
    byPage: Object.fromEntries(
      PAGES_BY_FORMATS.map((page) => [page, formatNames(page, catalog)]),
    ) as Record<PageByFormats, string[]>,
  };
}
