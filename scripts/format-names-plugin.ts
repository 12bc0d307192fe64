import type { Plugin } from 'vite';
import { formatNameFacts } from '../src/catalog/format-names.ts';

const ID = 'virtual:format-names';

/**
 * `virtual:format-names`: the format names the pages' text needs, computed from the engine's
 * catalog when the site is built, so every page's first load carries a few names and not the
 * catalog's types, extensions and flags (the home page's 90 KiB budget).
 */
export function formatNamesPlugin(): Plugin {
  return {
    name: 'metaclean:format-names',
    resolveId(id) {
      return id === ID ? `\0${ID}` : null;
    },
    load(id) {
      return id === `\0${ID}`
        ? `export default ${JSON.stringify(formatNameFacts())};`
        : null;
    },
  };
}
