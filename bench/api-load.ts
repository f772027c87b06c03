/**
 * API load on PostgreSQL, same machine: saturation req/s (autocannon, 32 connections) and p99
 * latency at a fixed rate (1,000 req/s; login at a rate its argon2id cost allows), against one
 * server instance per core (BENCH_INSTANCES=N to choose), the load split evenly between them,
 * each with a connection pool sized by PostgreSQL's rule of thumb (BENCH_POOL_SIZE to choose).
 * Saturation is the median of three runs (BENCH_RUNS), as the machine's speed drifts by 10-20 %
 * from one run to the next.
 * Needs PostgreSQL at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres);
 * it creates and drops its own database. BENCH_ONLY=name,name runs only those scenarios.
 */
import { availableParallelism } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  cpuSteal,
  finish,
  login,
  median,
  postgresCpuMs,
  processCpuMs,
  repoRoot,
  report,
  startServer,
} from './lib';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// Its own database (BENCH_DB) and ports (BENCH_PORT and the next ones), so two runs side by side
// (an A/B against another checkout) do not meet.
const DB = process.env.BENCH_DB ?? 'outpost_bench';
const PORT = Number(process.env.BENCH_PORT ?? 3200);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

async function run(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ duration: DURATION, connections: 32, ...opts }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

/**
 * Load on every instance at once, split evenly: `connections` and `overallRate` are the totals.
 * Returns the summed req/s, the worst instance's p99 and the failures of all.
 */
async function runAll(
  urls: string[],
  opts: Omit<autocannon.Options, 'url'> & { connections: number; overallRate?: number },
) {
  const results = await Promise.all(
    urls.map((url) =>
      run({
        ...opts,
        url,
        connections: Math.max(1, Math.round(opts.connections / urls.length)),
        ...(opts.overallRate ? { overallRate: opts.overallRate / urls.length } : {}),
      }),
    ),
  );
  return {
    reqPerSec: results.reduce((sum, r) => sum + r.requests.average, 0),
    requests: results.reduce((sum, r) => sum + r.requests.total, 0),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    failures: results.reduce((sum, r) => sum + r.non2xx + r.errors, 0),
  };
}

async function main() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DB}`);
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${DB}`;

  // The server scales out as instances sharing one PostgreSQL (ARCHITECTURE.md, decision 010):
  // one per core, as a host with this many cores would run it. The first seeds the database.
  const cores = availableParallelism();
  const instances = Number(process.env.BENCH_INSTANCES ?? cores);
  // PostgreSQL's rule of thumb for connections that are busy at once: about two per core of the
  // database host (more only queue inside PostgreSQL and cost it context switches), shared out
  // between the instances. Here the database has the same cores as the bench.
  const poolSize = Number(
    process.env.BENCH_POOL_SIZE ?? Math.max(1, Math.round((2 * cores) / instances)),
  );
  const env = {
    DATABASE_URL: dbUrl.toString(),
    DATABASE_POOL_SIZE: String(poolSize),
    LOGIN_LIMIT_PER_USERNAME: '1000000',
    LOGIN_LIMIT_PER_IP: '1000000',
  };
  // BENCH_SERVER_CMD (bench/lib.ts) starts a release instead of the source.
  // BENCH_CPU_PROF=dir: each instance writes a V8 CPU profile there when it stops (source only).
  const start = process.env.BENCH_CPU_PROF
    ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] }
    : {};
  // BENCH_ROOT: another checkout's source instead of this one (a same-run A/B, e.g. a worktree of
  // an older commit with its own npm ci), run by this bench on this Node.
  const root = process.env.BENCH_ROOT ? path.resolve(process.env.BENCH_ROOT) : repoRoot;
  const servers = [await startServer({ ...env, SEED: 'demo' }, PORT, root, start)];
  for (let i = 1; i < instances; i++)
    servers.push(await startServer({ ...env, SEED: 'none' }, PORT + i, root, start));
  const urls = servers.map((s) => s.url);
  console.log(
    `instances: ${instances} (cores: ${cores}), each with a pool of ${poolSize} connection(s)`,
  );
  // As a database in service would be: the seed's rows analysed and vacuumed, so autovacuum
  // does not start on them in the middle of a measurement.
  const benchDb = new pg.Client({ connectionString: dbUrl.toString() });
  await benchDb.connect();
  await benchDb.query('VACUUM ANALYZE');
  await benchDb.query('CHECKPOINT'); // the seed's writes flushed now, not during a measurement
  await benchDb.end();
  const steal = cpuSteal();
  try {
    const session = await login(urls[0]!, 'holder');
    const userToken = session.data.tokens.find((t) => t.type === 'USER')!.token;
    const scenarios = [
      {
        name: 'current-user',
        path: '/api/portal/users/current/',
        method: 'GET' as const,
        rate: 1000,
      },
      {
        name: 'permissions',
        path: '/api/portal/users/current/permissions/',
        method: 'GET' as const,
        rate: 1000,
      },
      // A permission-gated, account-scoped read: the shape of most routes to come.
      { name: 'contact', path: '/api/portal/users/5002/', method: 'GET' as const, rate: 1000 },
      // The dashboard: account, activity, services with usage, in one call (issue 7).
      {
        name: 'dashboard',
        path: '/api/portal/users/current/dashboard/',
        method: 'GET' as const,
        rate: 1000,
      },
      // My Services: every service with plan, options and upcoming change in one query.
      { name: 'services', path: '/api/portal/services/', method: 'GET' as const, rate: 1000 },
      // The hot reads of wave 2 (issue 38): invoices and payments with the balance after each
      // (the largest answer, about 6 KB), saved cards and bank accounts, the account's tickets
      // and the network status page's advisories.
      {
        name: 'transactions',
        path: '/api/portal/billing/transactions/',
        method: 'GET' as const,
        rate: 1000,
      },
      {
        name: 'payment-methods',
        path: '/api/portal/billing/paymethods/',
        method: 'GET' as const,
        rate: 1000,
      },
      {
        name: 'tickets',
        path: '/api/portal/accounts/current/support-tickets/',
        method: 'GET' as const,
        rate: 1000,
      },
      {
        name: 'network-status',
        path: '/api/portal/support/networkstatus/',
        method: 'GET' as const,
        rate: 1000,
      },
      {
        name: 'login',
        path: '/api/portal/users/login/',
        method: 'POST' as const,
        rate: 20,
        body: JSON.stringify({ username: 'holder', password: 'Outpost-demo-1' }),
      },
    ];
    // BENCH_ONLY=dashboard,services runs just those scenarios (for working on one route).
    const only = process.env.BENCH_ONLY?.split(',');
    for (const s of scenarios.filter((x) => !only || only.includes(x.name))) {
      const common = {
        method: s.method,
        headers: { 'content-type': 'application/json', 'x-user-token': userToken },
        ...(s.body ? { body: s.body } : {}),
      };
      const target = urls.map((u) => u + s.path);
      // Warm-up to steady state (JIT, connections, plans), then the measurement.
      await runAll(target, { ...common, connections: 32, duration: 5 });
      const runs: number[] = [];
      const cpuPerRequest: number[] = [];
      const dbCpuPerRequest: number[] = [];
      const serverCpu = () => servers.reduce((sum, server) => sum + processCpuMs(server.pid), 0);
      for (let run = 0; run < RUNS; run++) {
        const cpuBefore = serverCpu();
        const dbCpuBefore = postgresCpuMs();
        const saturated = await runAll(target, { ...common, connections: 32 });
        if (saturated.failures > 0) throw new Error(`${s.name}: ${saturated.failures} failed`);
        runs.push(saturated.reqPerSec);
        cpuPerRequest.push(((serverCpu() - cpuBefore) * 1000) / saturated.requests);
        dbCpuPerRequest.push(((postgresCpuMs() - dbCpuBefore) * 1000) / saturated.requests);
      }
      console.log(
        `  ${s.name} saturation runs: ${runs.map((r) => Math.round(r)).join(', ')} req/s`,
      );
      report(`api.${s.name}.saturation`, median(runs), 'req/s');
      // The server's own CPU time per request (PostgreSQL and the load generator left out): the
      // figure to compare between builds on a busy machine, where req/s measures the share of
      // the cores the bench got more than the server's cost.
      report(`api.${s.name}.server_cpu_per_request`, median(cpuPerRequest), 'us');
      // PostgreSQL's CPU time per request (every postgres process on the machine): on the same
      // cores as the server, a costlier statement lowers req/s as much as costlier JavaScript.
      report(`api.${s.name}.db_cpu_per_request`, median(dbCpuPerRequest), 'us');
      // Few connections at a fixed rate: many would fire in bursts and measure the burst, not the server.
      const fixed = await runAll(target, {
        ...common,
        connections: Math.min(8, Math.ceil(s.rate / 100)),
        overallRate: s.rate,
      });
      if (fixed.failures > 0) throw new Error(`${s.name}: ${fixed.failures} failed at fixed rate`);
      report(`api.${s.name}.p99_at_${s.rate}rps`, fixed.p99, 'ms');
    }
    steal.report();
  } finally {
    for (const server of servers) await server.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
    await admin.end();
  }
  finish();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
