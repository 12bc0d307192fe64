import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { blogPlugin } from './scripts/blog-content.ts';
import { formatNamesPlugin } from './scripts/format-names-plugin.ts';

/** Engine and i18n tests run in Node; component tests in jsdom. Browser tests are Playwright's. */
export default defineConfig({
  plugins: [blogPlugin(), formatNamesPlugin(), react()],
  test: {
    reporters: ['default', './tests/helpers/corpus-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: ['tests/unit/**/*.test.ts', 'tests/machines/**/*.test.ts'],
          testTimeout: 60_000,
          // Fixture set-up (ffmpeg, LibreOffice) waits for a loaded 2-core machine like the tests do.
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'components',
          environment: 'jsdom',
          include: ['tests/components/**/*.test.tsx'],
          setupFiles: ['tests/components/setup.ts'],
          // jsdom renders on a shared 2-core machine: room for load, still a bound on a hang.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
