import pg from 'pg';
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../apps/web/e2e/chromium';
import { DEMO_PARTS_OPT_INS } from '../apps/server/src/config-checks';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type Budget = { max?: number; min?: number; unit: string };
const budgets = JSON.parse(
  readFileSync(path.join(repoRoot, 'bench/budgets.json'), 'utf8'),
) as Record<string, Budget>;

const failures: string[] = [];

/** The middle value (the upper middle of an even count): the benches' figure of several runs. */
export const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Prints one figure as `name: value unit` and checks it against bench/budgets.json. */
export function report(name: string, value: number, unit: string): void {
  // Ratios to two decimals (a budget of 1.35x must not pass at 1.3x rounded up), layout shift to
  // three (0.14 must not pass a 0.1 budget as 0.1).
  const places = unit === 'x' ? 2 : unit.startsWith('cls') ? 3 : 1;
  const rounded = Math.round(value * 10 ** places) / 10 ** places;
  const budget = budgets[name];
  let verdict = '';
  if (budget?.max !== undefined)
    verdict =
      rounded <= budget.max ? ` (budget <= ${budget.max})` : ` OVER BUDGET (<= ${budget.max})`;
  if (budget?.min !== undefined)
    verdict =
      rounded >= budget.min ? ` (budget >= ${budget.min})` : ` UNDER BUDGET (>= ${budget.min})`;
  if (verdict.includes('BUDGET (')) failures.push(name);
  console.log(`${name}: ${rounded} ${unit}${verdict}`);
}

/** Exits non-zero when any figure missed its budget. */
export function finish(): never {
  if (failures.length > 0) {
    console.error(`\n${failures.length} figure(s) missed the budget: ${failures.join(', ')}`);
    process.exit(1);
  }
  process.exit(0);
}

/** Starts the real server as a child process and waits for /api/health. */
export async function startServer(
  env: Record<string, string>,
  port: number,
  /** Another checkout's root (bench/baseline.ts): its server and its built web app. */
  root: string = repoRoot,
  /**
   * `command`: the server's command line instead of the TypeScript source through tsx (a compiled
   * release: `node apps/server/dist/server.js`), run in `root`; `nodeArgs`: flags for Node before
   * the source (`--cpu-prof`), ignored with a command of its own.
   */
  start: { command?: string[]; nodeArgs?: string[] } = {},
): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  // Another server already answering there (someone else's run) would be measured instead.
  const taken = await fetch(`http://127.0.0.1:${port}/api/health`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} is in use: set another one`);
  // BENCH_SERVER_CMD: how every bench starts this checkout's server instead of its source through
  // tsx, e.g. a release folder, `BENCH_SERVER_CMD="node release/dist/server.js"` (after `npm run
  // build` and `bash scripts/release.sh`). Another checkout (a baseline) keeps its source.
  const fromEnv =
    root === repoRoot && process.env.BENCH_SERVER_CMD
      ? process.env.BENCH_SERVER_CMD.split(/\s+/).filter(Boolean)
      : undefined;
  const [file, ...args] = start.command ??
    fromEnv ?? [
      process.execPath,
      ...(start.nodeArgs ?? []),
      '--import',
      'tsx',
      path.join(root, 'apps/server/src/server.ts'),
    ];
  const child: ChildProcess = spawn(
    file === 'node' ? process.execPath : file!, // the Node this bench runs on (24), not the PATH's
    args,
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        // A bench site on this machine: production's demo parts opted in by name (decision 034;
        // the test-site banner shows), its address local, a staff link key of its own.
        ...DEMO_PARTS_OPT_INS,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        PUBLIC_URL_INSECURE: 'allow',
        STAFF_LINK_SECRET: randomBytes(32).toString('hex'),
        LOG_LEVEL: 'warn',
        PORT: String(port),
        HOST: '127.0.0.1',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000; // seeding on a shared machine can take minutes
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM'); // not left running on the port
      throw new Error('server did not start within 300 s');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export async function login(url: string, username: string, password = 'Outpost-demo-1') {
  const res = await fetch(`${url}/api/portal/users/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return (await res.json()) as {
    data: { tokens: { type: string; token: string; expires: string }[] } & Record<string, unknown>;
  };
}

/**
 * CPU time a process has used so far, in ms (user and system, from /proc): divided by the
 * requests it answered, what each costs it, whatever else shares the machine's cores.
 */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ is 100 on Linux
}

/**
 * CPU time every PostgreSQL process on this machine has used so far, in ms (backends, the
 * checkpointer, the WAL writer: all of it is what the load costs the database here). With the
 * database on the same cores, its time per request takes from the server's as much as the
 * server's own does.
 */
export function postgresCpuMs(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (name !== 'postgres') continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    } catch {
      // the process ended while it was read
    }
  }
  return total;
}

function readCpu(): { steal: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const fields = line.trim().split(/\s+/).slice(1).map(Number);
  return { steal: fields[7] ?? 0, total: fields.reduce((a, b) => a + b, 0) };
}

/**
 * CPU time the hypervisor took from this machine while a bench ran. On a shared VM it can be a
 * third of the time, and then every figure is that much worse and less repeatable.
 */
export function cpuSteal(): { report: () => void } {
  const start = readCpu();
  return {
    report: () => {
      const end = readCpu();
      const total = end.total - start.total;
      console.log(
        `machine.cpu_steal: ${total > 0 ? Math.round(((end.steal - start.steal) / total) * 1000) / 10 : 0} %`,
      );
      // Other work on the machine (runnable processes, 1 and 5 minutes) takes its cores too.
      console.log(
        `machine.load_average: ${loadavg()
          .slice(0, 2)
          .map((l) => l.toFixed(2))
          .join(', ')}`,
      );
    },
  };
}

/**
 * One run of the `lighthouse` npm package (npx) against the Chromium already open on
 * `debugPort` (its profile and stored session are kept), with `options` after the URL (`printJson`: the start of the raw JSON to stderr). Resolves
 * with Lighthouse's JSON result; rejects when it fails, or when the page ended elsewhere (a
 * session that did not hold would measure the login page instead).
 */
export function runLighthouse<Result>(
  url: string,
  debugPort: number,
  options: string[],
  printJson = false,
): Promise<Result & { finalDisplayedUrl: string; runtimeError?: { message: string } }> {
  const args = ['--yes', 'lighthouse@12', url, `--port=${debugPort}`, ...options];
  args.push('--output=json', '--output-path=stdout', '--quiet');
  return new Promise((resolve, reject) => {
    const child = spawn('npx', args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited with ${code} for ${url}`));
      const result = JSON.parse(out) as Result & {
        finalDisplayedUrl: string;
        runtimeError?: { message: string };
      };
      if (printJson) console.error(out.slice(0, 4000));
      if (result.finalDisplayedUrl !== url)
        return reject(new Error(`${url} ended on ${result.finalDisplayedUrl}`));
      resolve(result);
    });
  });
}

/**
 * The demo portal on `port` (a fresh database) and Debian's Chromium with a profile of its own and
 * its debugging port open (Lighthouse drives it; the session kept in its local storage), for the
 * Lighthouse benches. `close` stops both and deletes their folders.
 */
export async function lighthouseSession(name: string, port: number, debugPort: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `outpost-${name}-`));
  const profileDir = mkdtempSync(path.join(tmpdir(), `outpost-${name}-profile-`));
  const server = await startServer({ DATA_DIR: dataDir, SEED: 'demo' }, port);
  const browser = await chromium.launchPersistentContext(profileDir, {
    ...chromiumLaunchOptions,
    args: [...chromiumLaunchOptions.args, `--remote-debugging-port=${debugPort}`],
    baseURL: server.url,
  });
  const close = async () => {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(profileDir, { recursive: true, force: true });
  };
  /** Logs in as the demo holder as a user would (the session stays in the profile). */
  const signIn = async () => {
    const page = await browser.newPage();
    await page.goto('/login');
    await page.getByLabel('Username').fill('holder');
    await page.getByLabel('Password', { exact: true }).fill('Outpost-demo-1');
    await page.getByRole('button', { name: /log in/i }).click();
    await page.getByRole('heading', { level: 1, name: /^Hi / }).waitFor({ state: 'visible' });
    return page;
  };
  return { server, browser, close, signIn };
}

/**
 * A database of its own for a bench, made anew on the PostgreSQL at BENCH_DATABASE_URL (default
 * the local postgres database): its address, and `drop` to remove it when done.
 */
export async function freshBenchDatabase(
  name: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
