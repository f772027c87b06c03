/**
 * Cumulative layout shift per route, measured by Lighthouse (npm package, run with npx) at a small
 * phone's settings (360 x 740 px, mobile) in Debian's Chromium, logged in as the demo holder. The
 * design's limit is 0.1 on every route (ARCHITECTURE section 6: placeholders reserve the space of
 * what replaces them). Needs `npm run build` first (npm run bench:cls does it).
 *
 * CLS_THROTTLING (default devtools: the page really loads over Lighthouse's slow 4G and 4x CPU
 * slowdown; simulate is Lighthouse's default). CLS_ROUTES (comma-separated) measures only those.
 * CLS_RUNS (default 3) runs per route, the worst is reported; CLS_PORT (default 3310) for the
 * server and CLS_DEBUG_PORT (default 9333) for Chromium's debugging port.
 */
import { cpuSteal, lighthouseSession, runLighthouse } from './lib';

/** Measured logged in; /login is measured first, logged out. */
const ROUTES = process.env.CLS_ROUTES?.split(',') ?? [
  '/',
  '/services',
  '/services/usage',
  '/services/data-blocks',
  '/billing/invoices',
  '/billing/one-off-payment',
  '/billing/recurring-payment-method',
  '/news',
];
const LIMIT = 0.1;
const RUNS = Number(process.env.CLS_RUNS ?? 3);
const PORT = Number(process.env.CLS_PORT ?? 3310);
const DEBUG_PORT = Number(process.env.CLS_DEBUG_PORT ?? 9333);
const THROTTLING = process.env.CLS_THROTTLING ?? 'devtools';

/** One Lighthouse run against the browser already open (its stored session is kept). */
async function lighthouseCls(url: string): Promise<number> {
  const result = await runLighthouse<{ audits: Record<string, { numericValue?: number }> }>(
    url,
    DEBUG_PORT,
    [
      '--disable-storage-reset',
      '--only-audits=cumulative-layout-shift',
      '--form-factor=mobile',
      '--screenEmulation.mobile',
      '--screenEmulation.width=360',
      '--screenEmulation.height=740',
      '--screenEmulation.deviceScaleFactor=2',
      // Throttle the page for real (a slow phone on a slow link), so data arrives after the first
      // paint as it does for our users; Lighthouse's default only simulates the timing afterwards.
      `--throttling-method=${THROTTLING}`,
    ],
    Boolean(process.env.CLS_DEBUG),
  );
  const value = result.audits['cumulative-layout-shift']?.numericValue;
  if (value === undefined) throw new Error(result.runtimeError?.message ?? `no CLS for ${url}`);
  return value;
}

async function main() {
  const { server, close, signIn } = await lighthouseSession('cls', PORT, DEBUG_PORT);
  const steal = cpuSteal();
  const failures: string[] = [];
  const measure = async (route: string) => {
    const values: number[] = [];
    for (let run = 0; run < RUNS; run += 1) values.push(await lighthouseCls(server.url + route));
    const worst = Math.max(...values);
    const verdict = worst <= LIMIT ? `(limit <= ${LIMIT})` : `OVER THE LIMIT (<= ${LIMIT})`;
    if (worst > LIMIT) failures.push(route);
    console.log(
      `cls ${route}: ${worst.toFixed(3)} ${verdict}; runs ${values.map((v) => v.toFixed(3)).join(', ')}`,
    );
  };
  try {
    await measure('/login');
    // Log in once, as a user would; the session stays in the profile's local storage (sm_ keys).
    const page = await signIn();

    await page.close();
    for (const route of ROUTES) await measure(route);
    steal.report();
  } finally {
    await close();
  }
  if (failures.length > 0) {
    console.error(`\nLayout shift over ${LIMIT} on: ${failures.join(', ')}`);
    process.exit(1);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
