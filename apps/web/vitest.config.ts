import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

const src = fileURLToPath(new URL('./src', import.meta.url));

export default defineProject({
  plugins: [react()],
  resolve: { alias: { '@': src } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'vite-plugins/**/*.test.ts'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // A test that renders the whole app waits for its lazily loaded route modules (the page and
    // the signed-in layout), which the first test of a file transforms: seconds on a busy machine.
    // Above the queries' own 6 s (src/test/setup.ts), so a slow load fails on what it waited for.
    testTimeout: 15_000,
    unstubGlobals: true,
  },
});
