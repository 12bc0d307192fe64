import { useIntl } from 'react-intl';
import {
  formatCatalog,
  type CatalogEntry,
} from '../../workers/engine/format-catalog';
import type { FormatId } from '../../workers/engine/format-module';
import { acceptedEntries, type UploaderKind } from '../catalog/accepted-types';
import { useLocale } from '../site/locale-context';

/** How texts name a format: its id in capitals, except where people write it otherwise. */
const DISPLAY_NAMES: Partial<Record<FormatId, string>> = { jpeg: 'JPG' };

/** How many formats a menu line names before it says "and more". */
export const MENU_FORMATS_SHOWN = 4;

export function formatName(entry: CatalogEntry): string {
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

/** A list for a sentence, in the visitor's language: "JPG, PNG e GIF". */
export function useSentenceList(): (names: readonly string[]) => string {
  const intl = useIntl();
  return (names) => intl.formatList(names, { type: 'conjunction' });
}

/**
 * A short list for a menu line: the first few names, then "and more". Arabic separates with its
 * own comma.
 */
export function useMenuList(): (names: readonly string[]) => string {
  const intl = useIntl();
  const separator = useLocale().dir === 'rtl' ? '، ' : ', ';
  return (names) => {
    const list = names.slice(0, MENU_FORMATS_SHOWN).join(separator);
    return names.length > MENU_FORMATS_SHOWN
      ? intl.formatMessage({ id: 'formats.andMore' }, { list })
      : list;
  };
}
