import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './e2e/chromium';

/**
 * The white-label run (issue 20, docs/decisions/030): a server started with the second demo
 * brand (content/brands/second-brand.json), and e2e/*.brand.ts checking that its name, colours,
 * logo and numbers are everywhere and the demo brand's nowhere. The same server is a provider in
 * Victoria (content/business/victoria.json, docs/decisions/041 and 042): e2e/second-provider.brand.ts. Its own port and database, so it
 * runs beside the main suite (playwright.config.ts, which does not match *.brand.ts).
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const PORT = Number(process.env.E2E_BRAND_PORT ?? 3102);

const dataRoot = path.join(repoRoot, 'data');
const HOUR_MS = 3_600_000;
if (!process.env.OUTPOST_E2E_BRAND_DATA_DIR) {
  const now = Date.now();
  process.env.OUTPOST_E2E_BRAND_DATA_DIR = path.join(dataRoot, `e2e-brand-${now}`);
  for (const entry of existsSync(dataRoot) ? readdirSync(dataRoot) : []) {
    const started = /^e2e-brand-(\d+)$/.exec(entry)?.[1];
    if (started && now - Number(started) > HOUR_MS) {
      rmSync(path.join(dataRoot, entry), { recursive: true, force: true });
    }
  }
}

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.brand.ts',
  outputDir: '../../test-results/e2e-brand',
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'npm run start -w @outpost/server',
    cwd: repoRoot,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: process.env.OUTPOST_E2E_BRAND_DATA_DIR,
      LOG_LEVEL: 'warn',
      BRAND_FILE: path.join(repoRoot, 'content/brands/second-brand.json'),
      // And a provider in Victoria (issue 36): Melbourne's zone, VIC holidays, other hours.
      BUSINESS_FILE: path.join(repoRoot, 'content/business/victoria.json'),
    },
  },
});
