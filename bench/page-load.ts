/**
 * Page load over an emulated satellite link (DevTools protocol: 600 ms latency, 5 Mbps down,
 * 1 Mbps up) in Debian's Chromium. Cold (empty cache) and repeat visits of /login and of / as a
 * logged-in user. Figures: time until the page's own content is visible, sequential request
 * levels on the critical path, bytes transferred, and the gzip size of the JS the route loads.
 * Needs `npm run build` first (npm run bench:page does it).
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../apps/web/e2e/chromium';
import { cpuSteal, finish, repoRoot, report, startServer } from './lib';

const DIST = path.join(repoRoot, 'apps/web/dist');
const LINK = {
  offline: false,
  latency: 600,
  downloadThroughput: 5_000_000 / 8,
  uploadThroughput: 1_000_000 / 8,
};

type Req = {
  id: string;
  url: string;
  type: string;
  parent: string | undefined;
  bytes: number;
  start: number;
};

async function visit(
  context: BrowserContext,
  url: string,
  ready: (page: Page) => Promise<unknown>,
  cold: boolean,
) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', LINK);
  if (cold) await cdp.send('Network.clearBrowserCache');
  const requests = new Map<string, Req>();
  cdp.on('Network.requestWillBeSent', (e) => {
    const frames = e.initiator.stack?.callFrames ?? [];
    const parent =
      e.initiator.url ?? frames[0]?.url ?? e.initiator.stack?.parent?.callFrames[0]?.url;
    requests.set(e.requestId, {
      id: e.requestId,
      url: e.request.url,
      type: e.type ?? 'Other',
      parent,
      bytes: 0,
      start: e.timestamp,
    });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.bytes = e.encodedDataLength;
  });
  const started = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  await ready(page);
  const elapsed = Date.now() - started;
  await page.waitForLoadState('networkidle').catch(() => {});
  const list = [...requests.values()];
  await page.close();
  return { elapsed, requests: list };
}

/** Sequential levels: the document is 1; anything it starts is 2; what those start is 3... */
function requestLevels(requests: Req[]): number {
  const levelOf = new Map<string, number>();
  let max = 0;
  for (const r of [...requests].sort((a, b) => a.start - b.start)) {
    const level = r.type === 'Document' ? 1 : (levelOf.get(r.parent ?? '') ?? 1) + 1;
    if (!levelOf.has(r.url)) levelOf.set(r.url, level);
    max = Math.max(max, level);
  }
  return max;
}

/** Gzip size of the built JS files a visit loaded (the .gz written at build time, else computed). */
function jsGzipKiB(requests: Req[]): number {
  let bytes = 0;
  for (const r of requests.filter((q) => q.type === 'Script' && q.url.includes('/assets/'))) {
    const file = path.join(DIST, new URL(r.url).pathname);
    try {
      bytes += statSync(`${file}.gz`).size;
    } catch {
      bytes += gzipSync(readFileSync(file), { level: 9 }).length;
    }
  }
  return bytes / 1024;
}

function figures(name: string, result: { elapsed: number; requests: Req[] }, withJs: boolean) {
  report(`page.${name}.visible`, result.elapsed, 'ms');
  report(`page.${name}.request_levels`, requestLevels(result.requests), 'levels');
  report(`page.${name}.requests`, result.requests.length, 'requests');
  report(`page.${name}.bytes`, result.requests.reduce((n, r) => n + r.bytes, 0) / 1024, 'KiB');
  if (withJs) report(`page.${name}.js_gzip`, jsGzipKiB(result.requests), 'KiB');
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'outpost-bench-'));
  const server = await startServer({ DATA_DIR: dataDir, SEED: 'demo' }, 3300);
  let browser: Browser | undefined;
  const steal = cpuSteal();
  try {
    browser = await chromium.launch(chromiumLaunchOptions);
    const loginReady = (page: Page) => page.getByLabel('Username').waitFor({ state: 'visible' });
    const dashboardReady = (page: Page) =>
      page.getByRole('heading', { level: 1, name: /^Hi / }).waitFor({ state: 'visible' });

    // /login, cold then repeat.
    const anon = await browser.newContext({ baseURL: server.url });
    figures('login.cold', await visit(anon, '/login', loginReady, true), true);
    figures('login.repeat', await visit(anon, '/login', loginReady, false), false);

    // Sign in once (unthrottled) and keep the stored session; then / cold and repeat.
    const setup = await anon.newPage();
    await setup.goto('/login');
    await setup.getByLabel('Username').fill('holder');
    await setup.getByLabel('Password', { exact: true }).fill('Outpost-demo-1');
    await setup.getByRole('button', { name: /log in/i }).click();
    await dashboardReady(setup);
    const storageState = await anon.storageState();
    await anon.close();

    const user = await browser.newContext({ baseURL: server.url, storageState });
    figures('dashboard.cold', await visit(user, '/', dashboardReady, true), true);
    figures('dashboard.repeat', await visit(user, '/', dashboardReady, false), false);
    await user.close();
    steal.report();
  } finally {
    await browser?.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  finish();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
