import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../web/e2e/chromium';

/**
 * The staff console against the real server (issue 39): a new provider's first day. The server
 * starts from an empty database (SEED=none) after its first admin is made from the command line,
 * as docs/operations.md tells a provider to; the admin's authenticator secret is read from what
 * the command printed. Its own port and database, so it runs beside the other suites. It needs
 * the console and the web app built (the portal opens as the customer).
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const PORT = Number(process.env.E2E_CONSOLE_PORT ?? 3103);
const dataRoot = path.join(repoRoot, 'data');
const HOUR_MS = 3_600_000;
if (!process.env.OUTPOST_E2E_CONSOLE_DATA_DIR) {
  const now = Date.now();
  process.env.OUTPOST_E2E_CONSOLE_DATA_DIR = path.join(dataRoot, `e2e-console-${now}`);
  for (const entry of existsSync(dataRoot) ? readdirSync(dataRoot) : []) {
    const started = /^e2e-console-(\d+)$/.exec(entry)?.[1];
    if (started && now - Number(started) > HOUR_MS) {
      rmSync(path.join(dataRoot, entry), { recursive: true, force: true });
    }
  }
}
const dataDir = process.env.OUTPOST_E2E_CONSOLE_DATA_DIR;

/**
 * E2E_CONSOLE_DATABASE_URL (CI sets it): a PostgreSQL server allowed to create databases. The
 * first day then runs on a fresh database of its own there, as a provider's production does, so
 * the search after the 10,000-row import is PostgreSQL's (a pool), not the embedded database's one
 * connection shared with the jobs that scan every service. Without it, the embedded database.
 */
const adminUrl = process.env.E2E_CONSOLE_DATABASE_URL;
const psql = (statement: string) =>
  execFileSync('psql', [adminUrl!, '-qAtc', statement], { encoding: 'utf8' });
if (adminUrl && !process.env.OUTPOST_E2E_CONSOLE_DATABASE) {
  const now = Date.now();
  // Databases of earlier runs (over an hour old): the newest is kept to look at after a failure.
  for (const old of psql("SELECT datname FROM pg_database WHERE datname LIKE 'outpost_console_%'")
    .split('\n')
    .filter(Boolean)) {
    if (now - Number(old.slice('outpost_console_'.length)) > HOUR_MS)
      psql(`DROP DATABASE IF EXISTS ${old} WITH (FORCE)`);
  }
  const name = `outpost_console_${now}`;
  psql(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  process.env.OUTPOST_E2E_CONSOLE_DATABASE = url.toString();
}
const databaseUrl = process.env.OUTPOST_E2E_CONSOLE_DATABASE;

/** The first admin, made by `npm run staff -- create` before the server starts. */
export const FIRST_ADMIN = {
  email: 'first.admin@provider.example',
  name: 'Fran Admin',
  password: 'First-admin-password-2026',
  /** Where the command's output (with the authenticator secret) is kept. */
  output: path.join(dataDir, 'first-admin.txt'),
};

export default defineConfig({
  testDir: 'e2e',
  outputDir: '../../test-results/e2e-console',
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 480_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    serviceWorkers: 'block',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `mkdir -p "${dataDir}" && npm run --silent staff -- create --email ${FIRST_ADMIN.email} --name "${FIRST_ADMIN.name}" --role admin > "${FIRST_ADMIN.output}" && exec npm run start -w @outpost/server`,
    cwd: repoRoot,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      SEED: 'none',
      LOG_LEVEL: 'warn',
      STAFF_PASSWORD: FIRST_ADMIN.password,
      STAFF_LINK_SECRET: 'e2e-console-staff-link-secret-0123456789',
      LOGIN_LIMIT_PER_IP: '100000',
    },
  },
});
