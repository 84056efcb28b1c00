// Vite build of the customizer: served by the service at /customizer from dist/customizer.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: here,
  base: '/customizer/',
  publicDir: false,
  logLevel: 'warn',
  build: {
    outDir: path.resolve(here, '../dist/customizer'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 1024,
  },
});
