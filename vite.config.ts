import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  // SITE_URL (build time) is the base of canonical and alternate URLs; see src/app/site-config.ts.
  envPrefix: ['VITE_', 'SITE_URL'],
  worker: { format: 'es' },
  build: { target: 'es2022' },
});
