import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// The one precompression step (the server serves the .br and .gz files as they are).
import { precompress } from '../web/vite-plugins/precompress';

// React Router's production build (its package exports name only the development one; see
// apps/web/vite.config.ts).
const routerProduction = fileURLToPath(
  new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

/**
 * The staff console (issue 39): its own bundle, served by the server at /console/ with its own
 * Content-Security-Policy; no customer page loads it, and it loads nothing of the customer app.
 */
export default defineConfig(({ command }) => ({
  base: '/console/',
  plugins: [react(), precompress()],
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: routerProduction }] : [],
  },
  server: {
    port: 5174,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Styles in a file of their own: the console's policy lets no inline style in.
    cssCodeSplit: false,
    assetsInlineLimit: 0,
    // React, the router, TanStack, Radix, zod and the icons change rarely: one long-cached chunk,
    // so a console release downloads only the console's own code again. A desk tool on an office
    // line: about 190 KB compressed in all, no budget beyond this warning's.
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: 'vendor', test: /node_modules/, priority: 1 }] },
      },
    },
  },
}));
