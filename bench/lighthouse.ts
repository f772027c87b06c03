/**
 * Lighthouse scores per route (issue 21): performance, accessibility, best practices and CLS, by
 * the `lighthouse` npm package (run with npx) with its mobile preset in Debian's Chromium. The
 * flow measures /login as a first visit (Lighthouse clears the origin's storage), signs in as a
 * user would in the same browser profile (the session stays in local storage; Lighthouse then runs
 * with --disable-storage-reset against that browser), then measures every signed-in route of the
 * side and user menus, each run with the service worker stopped first (see coldProcess). Budgets in
 * bench/budgets.json (lighthouse.*): performance >= 95, accessibility 100, best practices 100,
 * CLS <= 0.1 on each route. Needs `npm run build` first (npm run bench:lighthouse does it).
 *
 * Each route is measured LH_RUNS times (default 3): performance is the median (Lighthouse's own
 * advice for its variability), the others the worst run.
 *
 * LH_ROUTES (comma-separated) measures only those; LH_PORT (default 3320) for the server and
 * LH_DEBUG_PORT (default 9343) for Chromium's debugging port.
 */
import { flattenLinks, mainMenu, userMenuLinks } from '../apps/web/src/app/layouts/menu-items';
import { cpuSteal, finish, median, report, lighthouseSession, runLighthouse } from './lib';

/**
 * Every signed-in route of the web menus, taken from the menus themselves so a new page is measured
 * without touching this list: the side menu and the user menu, less disabled links (Unbilled
 * Calls). The native bottom bar's 'More' (/support/more) sends a browser to /, and Live Chat is in
 * the native more menu only.
 */
const MENU_ROUTES = [...new Set(flattenLinks([...mainMenu, ...userMenuLinks]).map((l) => l.to))];
const ROUTES = process.env.LH_ROUTES?.split(',') ?? MENU_ROUTES;
const PORT = Number(process.env.LH_PORT ?? 3320);
const DEBUG_PORT = Number(process.env.LH_DEBUG_PORT ?? 9343);
const THROTTLING = process.env.LH_THROTTLING === 'devtools' ? 'devtools' : 'simulate';
/** Runs per route; the performance figure is their median. */
const RUNS = Number(process.env.LH_RUNS ?? 3);

type Scores = { performance: number; accessibility: number; bestPractices: number; cls: number };

/** One Lighthouse run against the browser already open (its stored session is kept). */
async function lighthouse(url: string, keepStorage: boolean): Promise<Scores> {
  const result = await runLighthouse<{
    categories: Record<string, { score: number | null }>;
    audits: Record<
      string,
      {
        numericValue?: number;
        score: number | null;
        title: string;
        details?: { items?: Record<string, unknown>[] };
      }
    >;
  }>(url, DEBUG_PORT, [
    // Signed in: the session (local storage), the service worker and the kept data stay, as on a
    // returning user's phone. /login is a first visit: Lighthouse clears the origin's storage.
    ...(keepStorage ? ['--disable-storage-reset'] : []),
    '--only-categories=performance,accessibility,best-practices',
    '--form-factor=mobile',
    // simulate (Lighthouse's default: its Lantern model scales the CPU time of an unthrottled
    // load) or devtools (the same slow 4G and 4x CPU slowdown applied to the real load).
    `--throttling-method=${THROTTLING}`,
  ]);
  const ms = (id: string) => Math.round(result.audits[id]?.numericValue ?? Number.NaN);
  console.error(
    `  ${url}: FCP ${ms('first-contentful-paint')} ms, LCP ${ms('largest-contentful-paint')} ms, TBT ${ms('total-blocking-time')} ms, SI ${ms('speed-index')} ms`,
  );
  if (process.env.LH_DEBUG) {
    for (const [id, audit] of Object.entries(result.audits))
      if (audit.score !== null && audit.score < 0.9)
        console.error(`  ${id}: ${audit.score} ${audit.title}`);
    // The main thread's long tasks (what Total Blocking Time counts) and the scripts' costs.
    for (const id of [
      'long-tasks',
      'bootup-time',
      'layout-shifts',
      'largest-contentful-paint-element',
      'network-requests',
    ])
      for (const item of result.audits[id]?.details?.items ?? [])
        console.error(`    ${id}: ${JSON.stringify(item).slice(0, 1200)}`);
  }
  const score = (name: string) => Math.round((result.categories[name]?.score ?? 0) * 100);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    cls: result.audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
  };
}

async function main() {
  const { server, browser, close, signIn } = await lighthouseSession('lh', PORT, DEBUG_PORT);
  const steal = cpuSteal();
  // The service worker keeps the origin's renderer process alive between runs, and the next run's
  // page then starts in it: Lighthouse's script-coverage instrumentation walks the whole V8 heap
  // there (a 100-130 ms task of V8.DeoptimizeCode and heap iteration before the page commits,
  // scaled to 400-550 ms of simulated blocking time: one run's /services went from TBT 26 to 318
  // ms). A returning user's worker has stopped after 30 idle seconds, so the bench stops it before
  // each run and the page gets a process of its own.
  const coldProcess = async () => {
    const page = browser.pages()[0] ?? (await browser.newPage());
    const cdp = await browser.newCDPSession(page);
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    await cdp.detach();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
  };
  const measure = async (route: string) => {
    // Lighthouse's simulated throttling scales the CPU time it observes, so one page's score moves
    // by several points between runs; its documentation advises the median of several runs.
    const runs: Scores[] = [];
    for (let i = 0; i < RUNS; i++) {
      await coldProcess();
      runs.push(
        await lighthouse(server.url + route, route !== '/login').catch(async (error: unknown) => {
          // Lighthouse sometimes fails to record a trace ('NO_NAVSTART ... run Lighthouse
          // again'); one more try, then the error stands.
          console.error(`  ${String(error)}: once more`);
          await coldProcess();
          return lighthouse(server.url + route, route !== '/login');
        }),
      );
    }
    const performance = median(runs.map((r) => r.performance));
    // The others barely move; the worst run of each is the figure.
    const s: Scores = {
      performance,
      accessibility: Math.min(...runs.map((r) => r.accessibility)),
      bestPractices: Math.min(...runs.map((r) => r.bestPractices)),
      cls: Math.max(...runs.map((r) => r.cls)),
    };
    console.log(
      `lighthouse ${route}: performance ${s.performance} (runs: ${runs.map((r) => r.performance).join(', ')}), accessibility ${s.accessibility}, best practices ${s.bestPractices}, CLS ${s.cls.toFixed(3)}`,
    );
    report(`lighthouse.performance`, s.performance, `score (${route})`);
    report(`lighthouse.accessibility`, s.accessibility, `score (${route})`);
    report(`lighthouse.best_practices`, s.bestPractices, `score (${route})`);
    report(`lighthouse.cls`, s.cls, `cls (${route})`);
  };
  try {
    await measure('/login');
    const page = await signIn();
    // As a user's visit: the service worker installed and the dashboard's data kept (a second
    // after it arrives) before the next page is opened.
    await page.evaluate('navigator.serviceWorker?.ready');
    await page.waitForTimeout(2_000);
    await page.close();
    for (const route of ROUTES) await measure(route);
    steal.report();
  } finally {
    await close();
  }
  finish();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
