import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/chromium';
import { PROXY_PORT } from './e2e-scale/ports';

/**
 * The two-instance run (issue 20; docs/decisions/029): two portals on one PostgreSQL database and
 * Redis behind a proxy that alternates the browser's requests between them
 * (e2e-scale/two-instances.ts). Needs PostgreSQL and Redis (E2E_SCALE_DATABASE_URL,
 * E2E_SCALE_REDIS_URL) and the e2e build (npm run build:e2e -w @outpost/web).
 */
const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  testDir: 'e2e-scale',
  outputDir: '../../test-results/e2e-scale',
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${PROXY_PORT}`,
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node --import tsx apps/web/e2e-scale/two-instances.ts',
    cwd: path.resolve(here, '../..'),
    // The proxy listens only once both instances are ready.
    url: `http://127.0.0.1:${PROXY_PORT}/api/health/ready`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // SIGTERM: the script stops both portals and drops its database.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
  },
});
