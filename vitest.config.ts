import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/domain', 'packages/contracts', 'apps/server', 'apps/web', 'apps/console'],
    // One worker per core: Vitest's default leaves one core free (one worker on the 2-core CI
    // machine, which then ran the suite at about 1.3 cores).
    maxWorkers: availableParallelism(),
  },
});
