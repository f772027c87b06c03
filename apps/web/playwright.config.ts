import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/chromium';
import { E2E_INTERNAL_API_KEY } from './e2e/internal-api';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
// E2E_PORT lets a second run (a CI check beside a developer's run) use another port.
const PORT = Number(process.env.E2E_PORT ?? 3100);

const dataRoot = path.join(repoRoot, 'data');
const HOUR_MS = 3_600_000;

// A fresh embedded database per run. The config is loaded again in each worker process,
// so the folder is fixed once, in the environment the workers inherit.
if (!process.env.OUTPOST_E2E_DATA_DIR) {
  const now = Date.now();
  process.env.OUTPOST_E2E_DATA_DIR = path.join(dataRoot, `e2e-${now}`);
  // Databases of earlier runs (over an hour old, so no run still uses them): about 40 MB each.
  for (const entry of existsSync(dataRoot) ? readdirSync(dataRoot) : []) {
    const started = /^e2e-(\d+)$/.exec(entry)?.[1];
    if (started && now - Number(started) > HOUR_MS) {
      rmSync(path.join(dataRoot, entry), { recursive: true, force: true });
    }
  }
}
const dataDir = process.env.OUTPOST_E2E_DATA_DIR;

export default defineConfig({
  testDir: 'e2e',
  outputDir: '../../test-results/e2e',
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
    // The app's service worker (docs/decisions/031) would answer the page and the assets from its
    // cache in every spec: only e2e/offline.spec.ts lets it run.
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'npm run start -w @outpost/server',
    cwd: repoRoot,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    // A fresh embedded database is migrated and seeded first: about 80 s when the machine's two
    // cores are shared with other work (seen at load average 17), so room beyond that.
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      INTERNAL_API_KEY: E2E_INTERNAL_API_KEY,
      // Staff access (docs/decisions/025; e2e/staff.spec.ts): links signed with a fixed key, and
      // the spec's /xd auto-login switched on (it answers 404 otherwise).
      STAFF_LINK_SECRET: 'e2e-staff-link-secret-0123456789abcdef',
      XD_ENABLED: 'true',
      // Every spec logs in from 127.0.0.1: the suite makes well over the 100 logins per address in
      // 15 minutes that production allows (the per-username limit stays; the two-instance suite
      // tests the address limit across servers).
      LOGIN_LIMIT_PER_IP: '100000',
    },
  },
});
