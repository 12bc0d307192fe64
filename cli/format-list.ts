/**
 * `metaclean --list-formats`: the formats the engine cleans, named and grouped as the site's
 * "Supported formats" list names them (JPG, PNG, ... under "Photos and images"), from the same
 * catalog, so the terminal never shows an internal id where a reader expects a format's name.
 */
import home from '../i18n/messages/home/en.json';
import { formatName } from '../src/catalog/format-names';
import {
  formatCatalog,
  type CatalogEntry,
} from '../workers/engine/format-catalog';

/** One line of `--list-formats --json`: only fields a reader can use (docs/json.md). */
export interface ListedFormat {
  /** As the site and the README write it: `JPG`, `PNG`, `DOCX`. */
  readonly name: string;
  /** As `--json`'s `format.id` gives a file's format: `jpeg`, `png`, `docx`. */
  readonly id: string;
  /** The site's group: `image`, `video`, `audio`, `document` (documents and ZIP archives). */
  readonly kind: CatalogEntry['kind'];
  readonly mime: string;
  /** Without the dot, the usual one first. */
  readonly extensions: readonly string[];
}

/** Space between a format's name and its extensions, so the extensions line up. */
const NAME_COLUMN = 6;

export function listedFormats(
  catalog: readonly CatalogEntry[] = formatCatalog,
): ListedFormat[] {
  return catalog.map((entry) => ({
    name: formatName(entry),
    id: entry.id,
    kind: entry.kind,
    mime: entry.mime,
    extensions: [...entry.extensions],
  }));
}

/** The site's heading for a group of formats ("Documents and ZIP archives"). */
function groupHeading(kind: CatalogEntry['kind']): string {
  return home[`home.formats.kind.${kind}`];
}

/** A heading per group, then a line per format: its name and its extensions. */
export function formatListText(
  catalog: readonly CatalogEntry[] = formatCatalog,
): string {
  const formats = listedFormats(catalog);
  const kinds = [...new Set(formats.map((f) => f.kind))];
  return kinds
    .map((kind) => {
      const lines = formats
        .filter((f) => f.kind === kind)
        .map(
          (f) =>
            `  ${f.name.padEnd(NAME_COLUMN)} ${f.extensions.map((e) => `.${e}`).join(' ')}\n`,
        );
      return `${groupHeading(kind)}\n${lines.join('')}`;
    })
    .join('\n');
}

export function formatListJson(
  catalog: readonly CatalogEntry[] = formatCatalog,
): string {
  return `${JSON.stringify(listedFormats(catalog), null, 2)}\n`;
}
