import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { parse } from '@formatjs/icu-messageformat-parser';
import { blogPlugin } from './scripts/blog-content.ts';
import { formatNamesPlugin } from './scripts/format-names-plugin.ts';

const MESSAGE_FILE = /\/i18n\/messages\/[^/]+\/[^/]+\.json$/;

const FALLBACK_SET = 'pt.json';

/**
 * Compiles each ICU message to its AST at build time (formatjs' recommended setup), so the page
 * ships without the ICU parser, and fills any id a set lacks with the Portuguese text of the same
 * feature, so a page loads its own message set only. The output is still JSON, which Vite's JSON
 * plugin then loads.
 */
function precompileMessages(): Plugin {
  return {
    name: 'metaclean:precompile-messages',
    enforce: 'pre',
    transform(code, id) {
      if (!MESSAGE_FILE.test(id)) return null;
      const fallback = id.endsWith(`/${FALLBACK_SET}`)
        ? {}
        : (JSON.parse(
            readFileSync(join(dirname(id), FALLBACK_SET), 'utf8'),
          ) as Record<string, string>);
      const messages = {
        ...fallback,
        ...(JSON.parse(code) as Record<string, string>),
      };
      const compiled = Object.entries(messages).map(([key, text]) => [
        key,
        parse(text),
      ]);
      return { code: JSON.stringify(Object.fromEntries(compiled)), map: null };
    },
  };
}

export default defineConfig({
  plugins: [precompileMessages(), blogPlugin(), formatNamesPlugin(), react()],
  resolve: {
    // Messages arrive precompiled (above), so react-intl never needs to parse a string.
    alias: [
      {
        find: /^@formatjs\/icu-messageformat-parser$/,
        replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
      },
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(
          new URL('./src/app/sync-external-store.ts', import.meta.url),
        ),
      },
    ],
  },
  // Build-time settings read by src/site/site-config.ts: SITE_URL (the base of canonical and
  // alternate URLs), CONTACT_EMAIL (where the contact form's mail is addressed) and
  // SITE_OPERATOR (who runs the site, as the legal pages name them).
  envPrefix: ['VITE_', 'SITE_URL', 'CONTACT_EMAIL', 'SITE_OPERATOR'],
  worker: {
    format: 'es',
    // The engine loads each format module with import() (the CLI's bundle makes them chunks of
    // their own); the worker keeps them in its one file, as the page and its offline copy expect.
    rolldownOptions: { output: { codeSplitting: false } },
  },
  build: {
    target: 'es2022',
    // Every browser that runs es2022 modules either preloads modules itself or, without the
    // polyfill, simply loads them when imported; the polyfill would cost every page its bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every page runs before it hydrates (React, react-intl, the router, the layout)
          // goes in one chunk: one request, and one compression window instead of four.
          groups: [{ name: 'shell', tags: ['$initial'] }],
        },
      },
    },
  },
});
