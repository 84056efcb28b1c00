// Vite build of the back office: served by the service at /admin from dist/admin. React with
// esbuild's automatic JSX runtime (no plugin); the SDK is compiled from packages/sdk/src.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: here,
  base: '/admin/',
  publicDir: false,
  logLevel: 'warn',
  resolve: { alias: { '@folio/sdk': path.resolve(here, '../packages/sdk/src/index.ts') } },
  esbuild: { jsx: 'automatic' },
  build: {
    outDir: path.resolve(here, '../dist/admin'),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    chunkSizeWarningLimit: 1024,
    rollupOptions: {
      // Mantine and react-query mark modules "use client" (for React Server Components), which a
      // browser bundle ignores: not worth a warning per file.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE' || warning.code === 'SOURCEMAP_ERROR') return;
        warn(warning);
      },
      output: {
        // React and the router change less often than the pages: their own long-cached chunk.
        // Mantine is left to Rollup: the components the first page uses go with it, those only
        // a later page uses go with that page's chunk (not parsed on the way to the first page).
        manualChunks: (id) => (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id) ? 'vendor' : undefined),
      },
    },
  },
});
