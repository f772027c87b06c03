/**
 * Page load over an emulated satellite link (DevTools protocol: 600 ms latency, 5 Mbps down,
 * 1 Mbps up) in Debian's Chromium. Cold (empty cache) and repeat visits of /login and of / as a
 * logged-in user. Figures: time until the page's own content is visible (on the dashboard: its
 * data, 'Account ID'), sequential request levels on the critical path, bytes transferred, and the
 * gzip size of the JS the route loads. The dashboard is measured beside the code of
 * BASELINE_COMMIT (bench/baseline.ts; PAGE_NO_BASELINE=1 skips it), and a whole cold session with
 * data saver on is counted in bytes. PAGE_PORT (default 3300; the baseline uses the next port),
 * PAGE_RUNS (default 3) visits per figure, the median reported.
 * Needs `npm run build` first (npm run bench:page does it).
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { chromiumLaunchOptions } from '../apps/web/e2e/chromium';
import { BASELINE_COMMIT, prepareBaseline } from './baseline';
import { caddyVersion, startCaddyFront } from './caddy-front';
import { cpuSteal, finish, median, repoRoot, report, startServer } from './lib';

const DIST = process.env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist');
const LINK = {
  offline: false,
  latency: 600,
  downloadThroughput: 5_000_000 / 8,
  uploadThroughput: 1_000_000 / 8,
};

/**
 * Runs in each page before its own scripts: notes (performance.now(), ms since navigation started)
 * when the page's content first shows: the login form's username field, or the dashboard's
 * 'Account ID' with its number.
 */
const CONTENT_WATCH = `(() => {
  const shown = () =>
    document.querySelector('input[name="username"]') ||
    /\\d/.test(document.querySelector('.dashboard__account-id')?.textContent ?? '');
  const observer = new MutationObserver(() => {
    if (window.__contentShownAt === undefined && shown()) {
      window.__contentShownAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
})();`;

type Req = {
  id: string;
  url: string;
  type: string;
  parent: string | undefined;
  bytes: number;
  start: number;
  status?: number;
  end?: number;
  /** When it started, ms since the epoch. */
  wall?: number;
  /** Answered by the service worker or the HTTP cache: no round trip. */
  local?: boolean;
};

async function visit(
  context: BrowserContext,
  url: string,
  ready: (page: Page) => Promise<unknown>,
  cold: boolean,
) {
  // Cold: a new browser profile holding only the stored session (localStorage): no HTTP cache, no
  // service worker or its caches, no last-known data.
  const own = cold
    ? await context.browser()!.newContext({
        storageState: await context.storageState(),
        ignoreHTTPSErrors: true,
      })
    : undefined;
  const page = await (own ?? context).newPage();
  const cdp = await (own ?? context).newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', LINK);
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
      wall: e.wallTime * 1000,
    });
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = requests.get(e.requestId);
    if (r) {
      r.status = e.response.status;
      r.local = Boolean(e.response.fromServiceWorker || e.response.fromDiskCache);
    }
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) {
      r.bytes = e.encodedDataLength;
      r.end = e.timestamp;
    }
  });
  await page.addInitScript(CONTENT_WATCH);
  const started = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  await ready(page);
  // The moment the content appeared, from inside the page (a DOM observer), since navigation
  // started; Playwright's own wait only notices it some time later.
  const shownAt = await page.evaluate<number | undefined>('window.__contentShownAt');
  const elapsed = shownAt === undefined ? Date.now() - started : Math.round(shownAt);
  await page.waitForLoadState('networkidle').catch(() => {});
  const list = [...requests.values()];
  await page.close();
  await own?.close();
  // The critical path: what was answered before the content showed (a request still in flight
  // then, like the alerts bell's or the latest news, was not needed for it). Round trips: those of
  // them that went to the network (not the service worker or the HTTP cache).
  const t0 = Math.min(...list.map((r) => r.start));
  const critical = list.filter((r) => r.end !== undefined && (r.end - t0) * 1000 <= elapsed);
  const waitedFor = critical.filter((r) => !r.local).length;
  // The dashboard's fresh data: when its answer arrived.
  const dashboardCall = list.find((r) => r.url.endsWith('/users/current/dashboard/'));
  const fresh =
    dashboardCall?.end === undefined ? undefined : Math.round((dashboardCall.end - t0) * 1000);
  return { elapsed, requests: list, critical, waitedFor, fresh };
}

/** Sequential levels: the document is 1; anything it starts is 2; what those start is 3... */
function levelsOf(requests: Req[]): Map<string, number> {
  const levelOf = new Map<string, number>();
  for (const r of [...requests].sort((a, b) => a.start - b.start)) {
    const level = r.type === 'Document' ? 1 : (levelOf.get(r.parent ?? '') ?? 1) + 1;
    if (!levelOf.has(r.url)) levelOf.set(r.url, level);
  }
  return levelOf;
}

function requestLevels(requests: Req[]): number {
  return Math.max(0, ...levelsOf(requests).values());
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

function figures(
  name: string,
  result: {
    elapsed: number;
    requests: Req[];
    critical: Req[];
    waitedFor: number;
    fresh: number | undefined;
  },
  withJs: boolean,
) {
  if (process.env.PAGE_DEBUG) {
    const t0 = Math.min(...result.requests.map((r) => r.start));
    const levels = levelsOf(result.critical);
    for (const r of result.requests)
      console.log(
        `${String(levels.get(r.url) ?? ' ')} ${((r.start - t0) * 1000).toFixed(0).padStart(5)}-${(((r.end ?? r.start) - t0) * 1000).toFixed(0).padStart(5)} ms ${r.type.padEnd(8)} ${r.status ?? ''} ${(r.bytes / 1024).toFixed(1)} KiB ${r.url.replace(/^https?:\/\/[^/]+/, '')} <- ${(r.parent ?? '').replace(/^https?:\/\/[^/]+/, '')}`,
      );
  }
  report(`page.${name}.visible`, result.elapsed, 'ms');
  report(`page.${name}.request_levels`, requestLevels(result.critical), 'levels');
  report(`page.${name}.requests`, result.requests.length, 'requests');
  report(`page.${name}.bytes`, result.requests.reduce((n, r) => n + r.bytes, 0) / 1024, 'KiB');
  report(`page.${name}.critical_requests`, result.waitedFor, 'requests');
  if (result.fresh !== undefined) report(`page.${name}.fresh_data`, result.fresh, 'ms');
  if (withJs) report(`page.${name}.js_gzip`, jsGzipKiB(result.critical), 'KiB');
}

/**
 * After a cold visit: the service worker installed and in control and the last-known data saved
 * (an unthrottled visit that waits for both), as after any earlier visit.
 */
async function settle(context: BrowserContext, url: string) {
  const page = await context.newPage();
  await page.goto(url);
  await dashboardContent(page);
  // The worker's install, when the build has one (`ready` never settles for a build without a
  // worker, such as the b1fe873 baseline; it registers within a second of the content showing).
  await page.evaluate(
    'Promise.race([navigator.serviceWorker?.ready, new Promise((done) => setTimeout(done, 5000))])',
  );
  // Last-known data is saved a second after the data arrives (lib/query-persist).
  await page.waitForTimeout(2_000);
  await page.close();
}

const PORT = Number(process.env.PAGE_PORT ?? 3300);
const RUNS = Number(process.env.PAGE_RUNS ?? 3);

const loginReady = (page: Page) => page.getByLabel('Username').waitFor({ state: 'visible' });
/** The dashboard's own data on screen: 'Account ID' holds the account's number. */
const dashboardContent = (page: Page) =>
  page.locator('.dashboard__account-id').filter({ hasText: /\d/ }).waitFor({ state: 'visible' });

async function signIn(context: BrowserContext, url: string) {
  const setup = await context.newPage();
  await setup.goto(`${url}/login`);
  await setup.getByLabel('Username').fill('holder');
  await setup.getByLabel('Password', { exact: true }).fill('Outpost-demo-1');
  await setup.getByRole('button', { name: /log in/i }).click();
  await dashboardContent(setup);
  await setup.close();
}

/** Waits until no request has been in flight for `ms`. */
async function quiet(requests: Map<string, Req & { done?: boolean }>, ms = 1000) {
  let since = Date.now();
  let seen = requests.size;
  for (;;) {
    await new Promise((r) => setTimeout(r, 100));
    const busy = [...requests.values()].some((r) => !r.done);
    if (busy || requests.size !== seen) {
      since = Date.now();
      seen = requests.size;
    } else if (Date.now() - since >= ms) return;
  }
}

/**
 * A whole cold session with data saver on: /login, sign in, the dashboard, then Data Usage and
 * Invoices through the menu, as a user would. Every byte the browser received, in KB (1000).
 */
async function dataSaverSession(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ baseURL: url });
  await context.addInitScript("localStorage.setItem('outpost-data-saver', '1')");
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', LINK);
  await cdp.send('Network.clearBrowserCache');
  const requests = new Map<string, Req & { done?: boolean }>();
  let bytes = 0;
  cdp.on('Network.requestWillBeSent', (e) => {
    requests.set(e.requestId, {
      id: e.requestId,
      url: e.request.url,
      type: e.type ?? 'Other',
      parent: undefined,
      bytes: 0,
      start: e.timestamp,
    });
  });
  const finished = (e: { requestId: string; encodedDataLength?: number }) => {
    const r = requests.get(e.requestId);
    if (r) r.done = true;
    bytes += e.encodedDataLength ?? 0;
  };
  cdp.on('Network.loadingFinished', finished);
  cdp.on('Network.loadingFailed', (e) => finished({ requestId: e.requestId }));
  await page.goto('/login');
  await page.getByLabel('Username').fill('holder');
  await page.getByLabel('Password', { exact: true }).fill('Outpost-demo-1');
  await page.getByRole('button', { name: /log in/i }).click();
  await dashboardContent(page);
  await quiet(requests);
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  /** A link of the main menu, opening its group first when it is folded. */
  const follow = async (group: string, name: string) => {
    const link = nav.getByRole('link', { name, exact: true }).first();
    if (!(await link.isVisible())) await nav.getByRole('button', { name: group }).click();
    await link.click();
  };
  await follow('My Services', 'Data Usage');
  await page.getByRole('heading', { level: 1, name: 'Data Usage' }).waitFor();
  await quiet(requests);
  await follow('Billing', 'Invoices');
  await page.waitForURL('**/billing/invoices');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await quiet(requests);
  await context.close();
  return bytes / 1000;
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'outpost-bench-'));
  const baseDir = mkdtempSync(path.join(tmpdir(), 'outpost-bench-base-'));
  // Today's code before issue 21 (bench/baseline.ts), served beside this checkout's.
  const baselineRoot = process.env.PAGE_NO_BASELINE ? undefined : prepareBaseline();
  const server = await startServer({ DATA_DIR: dataDir, SEED: 'demo' }, PORT);
  const baseline = baselineRoot
    ? await startServer({ DATA_DIR: baseDir, SEED: 'demo' }, PORT + 1, baselineRoot)
    : undefined;
  let browser: Browser | undefined;
  const steal = cpuSteal();
  try {
    browser = await chromium.launch(chromiumLaunchOptions);

    // /login, cold then repeat.
    const anon = await browser.newContext({ baseURL: server.url });
    figures('login.cold', await visit(anon, `${server.url}/login`, loginReady, true), true);
    // A repeat visit follows an earlier one in the same profile (the cold one had its own).
    const earlier = await anon.newPage();
    await earlier.goto(`${server.url}/login`);
    await loginReady(earlier);
    await earlier.evaluate('navigator.serviceWorker?.ready');
    await earlier.close();
    figures('login.repeat', await visit(anon, `${server.url}/login`, loginReady, false), false);
    await anon.close();

    // Signed in once (unthrottled) on each server; then / cold and repeat, the two servers
    // taking turns so both see the same load. The figures are the medians of PAGE_RUNS visits.
    const user = await browser.newContext({ baseURL: server.url });
    await signIn(user, server.url);
    const before = baseline ? await browser.newContext({ baseURL: baseline.url }) : undefined;
    if (before && baseline) await signIn(before, baseline.url);
    const cold: Awaited<ReturnType<typeof visit>>[] = [];
    const repeat: Awaited<ReturnType<typeof visit>>[] = [];
    const coldBefore: number[] = [];
    const repeatBefore: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      if (before)
        coldBefore.push((await visit(before, `${baseline!.url}/`, dashboardContent, true)).elapsed);
      cold.push(await visit(user, `${server.url}/`, dashboardContent, true));
      // Both builds settle before their repeat visit (a baseline with a service worker needs it as
      // much as today's; one without only loads the page once more).
      if (before) {
        await settle(before, `${baseline!.url}/`);
        repeatBefore.push(
          (await visit(before, `${baseline!.url}/`, dashboardContent, false)).elapsed,
        );
      }
      await settle(user, `${server.url}/`);
      repeat.push(await visit(user, `${server.url}/`, dashboardContent, false));
    }
    const pick = (runs: typeof cold) => {
      const at = median(runs.map((r) => r.elapsed));
      return runs.find((r) => r.elapsed === at)!;
    };
    figures('dashboard.cold', pick(cold), true);
    figures('dashboard.repeat', pick(repeat), false);
    const repeatRun = pick(repeat);
    if (before) {
      const oldCold = median(coldBefore);
      const oldRepeat = median(repeatBefore);
      report('page.baseline.dashboard.cold.visible', oldCold, 'ms');
      report('page.baseline.dashboard.repeat.visible', oldRepeat, 'ms');
      report('page.dashboard.cold.speedup', oldCold / pick(cold).elapsed, 'x');
      report('page.dashboard.repeat.speedup', oldRepeat / repeatRun.elapsed, 'x');
      console.log(
        `  (${BASELINE_COMMIT} cold runs: ${coldBefore.join(', ')} ms; now: ${cold.map((r) => r.elapsed).join(', ')} ms)`,
      );
      await before.close();
    }
    await user.close();

    // The same over HTTPS with HTTP/2 behind Caddy (bench/caddy-front.ts), as the compose file
    // deploys it: every request on one connection instead of six, so nothing waits for a free one.
    if (baseline) {
      console.log(`  (TLS front: Caddy ${caddyVersion()})`);
      const front = await startCaddyFront(server.url, PORT + 2);
      const baseFront = await startCaddyFront(baseline.url, PORT + 3);
      try {
        const now = await browser.newContext({ ignoreHTTPSErrors: true });
        const then = await browser.newContext({ ignoreHTTPSErrors: true });
        await signIn(now, front.url);
        await signIn(then, baseFront.url);
        const h2 = [];
        const h2Before: number[] = [];
        for (let run = 0; run < RUNS; run += 1) {
          h2Before.push((await visit(then, `${baseFront.url}/`, dashboardContent, true)).elapsed);
          h2.push(await visit(now, `${front.url}/`, dashboardContent, true));
        }
        figures('h2.dashboard.cold', pick(h2), true);
        report('page.h2.baseline.dashboard.cold.visible', median(h2Before), 'ms');
        report('page.h2.dashboard.cold.speedup', median(h2Before) / pick(h2).elapsed, 'x');
        await now.close();
        await then.close();
      } finally {
        await front.stop();
        await baseFront.stop();
      }
    }

    report('page.session.data_saver.bytes', await dataSaverSession(browser, server.url), 'KB');
    steal.report();
  } finally {
    await browser?.close();
    await server.stop();
    await baseline?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(baseDir, { recursive: true, force: true });
  }
  finish();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
