/**
 * Layout shift of the first thing every user does: log in and land on the dashboard, on a small
 * phone (360 x 740 px) over the emulated satellite link (600 ms latency, 5/1 Mbps), as the demo
 * holder, whose dashboard carries a notice (the seeded Longreach outage, docs/decisions/019).
 * Lighthouse (bench:cls, bench:lighthouse) measures page loads, not this in-app navigation.
 *
 * Prints the layout shift counted after the click on Log In (shifts within 500 ms of an input
 * excluded, as CLS does) and when the dashboard's data became visible; the worst of SHIFT_RUNS
 * (3) runs. Budget: page.login_to_dashboard.cls (0.1). Needs `npm run build` first.
 * SHIFT_PORT (3330), SHIFT_DEBUG=1 lists each shift's sources.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../apps/web/e2e/chromium';
import { submitLogin } from '../apps/web/e2e/session';
import { cpuSteal, finish, median, report, startServer } from './lib';

const PORT = Number(process.env.SHIFT_PORT ?? 3330);
const RUNS = Number(process.env.SHIFT_RUNS ?? 3);
const DEBUG = process.env.SHIFT_DEBUG === '1';

type Shift = { value: number; at: number; sources: string[] };

/** Records in the page every layout shift not caused by an input (as CLS counts them). */
const WATCH_SHIFTS = `
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      window.__shifts.push({
        value: entry.value,
        at: entry.startTime,
        sources: (entry.sources || []).map((s) =>
          s.node instanceof Element ? s.node.tagName.toLowerCase() + '.' + s.node.className : String(s.node && s.node.nodeName),
        ),
      });
    }
  }).observe({ type: 'layout-shift' });
`;

async function main() {
  const steal = cpuSteal();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'outpost-shift-'));
  const server = await startServer({ DATA_DIR: dataDir, SEED: 'demo' }, PORT);
  const browser = await chromium.launch(chromiumLaunchOptions);
  const shifts: number[] = [];
  const visible: number[] = [];
  try {
    for (let run = 0; run < RUNS; run += 1) {
      const context = await browser.newContext({
        viewport: { width: 360, height: 740 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 600,
        downloadThroughput: (5_000_000 / 8) * 0.9,
        uploadThroughput: (1_000_000 / 8) * 0.9,
      });
      // A returning user: the app's files are in the browser's cache from an earlier visit (its
      // session and kept data gone, as after a logout), so the dashboard's code is there at once.
      await page.goto(`${server.url}/login`);
      await submitLogin(page, 'holder');
      await page.locator('.dashboard__account-id', { hasText: '100001' }).waitFor();
      await page.waitForLoadState('networkidle');
      await page.evaluate("localStorage.clear(); indexedDB.deleteDatabase('outpost-last-known')");
      await page.goto(`${server.url}/login`);
      await page.evaluate(WATCH_SHIFTS);
      const clicked = await page.evaluate<number>('performance.now()');
      await submitLogin(page, 'holder');
      await page
        .locator('.dashboard__account-id', { hasText: '100001' })
        .waitFor()
        .catch(async (error: unknown) => {
          await page.screenshot({ path: path.join(tmpdir(), 'login-shift-failure.png') });
          throw error;
        });
      const shown = await page.evaluate<number>('performance.now()');
      // The notice, then a moment for anything still arriving (the news card, the alerts).
      await page.getByRole('list', { name: 'Needs your attention' }).waitFor();
      await page.waitForTimeout(3_000);
      const recorded = await page.evaluate<Shift[]>('window.__shifts');
      const total = recorded.reduce((sum, s) => sum + s.value, 0);
      shifts.push(total);
      visible.push(shown - clicked);
      console.log(
        `run ${run + 1}: shift ${total.toFixed(3)}, data visible ${Math.round(shown - clicked)} ms after the click`,
      );
      if (DEBUG)
        for (const s of recorded) console.log('  ', s.value.toFixed(4), s.sources.join(' '));
      await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  report('page.login_to_dashboard.cls', Math.max(...shifts), 'cls');
  report('page.login_to_dashboard.visible', median(visible), 'ms');
  steal.report();
  finish();
}

await main();
