import { defineProject } from 'vitest/config';

/** The console's logic without React (its pages are tried end to end by Playwright). */
export default defineProject({
  test: { name: 'console', environment: 'node', include: ['src/**/*.test.ts'] },
});
