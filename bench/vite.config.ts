// The client-rendered reference for `npm run lighthouse` (never shipped, never part of the site build):
// two of our pages built the way the seed product was — Vite + React + react-router, ONE bundle for every
// route, the article text imported as data, our quote wizard island reused as is.
//
//   npx vite build --config bench/vite.config.ts   → bench/dist (served by scripts/lighthouse.mjs on a free port)
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { importMarks } from '../src/build/import-marks.ts';

const src = fileURLToPath(new URL('../src/', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // importMarks: the site's scripts import a few helpers as `own-copy:` modules.
  plugins: [react(), tailwindcss(), importMarks()],
  resolve: { alias: { '~/': src } },
  // The wizard reads PUBLIC_POSTCODES_API_URL, as in the Astro build.
  envPrefix: ['VITE_', 'PUBLIC_'],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // One bundle for every route, as the seed product shipped: no code splitting, not even the wizard's lazy steps.
    rolldownOptions: { output: { codeSplitting: false } },
  },
  logLevel: 'warn',
});
