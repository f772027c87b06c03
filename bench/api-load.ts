/**
 * API load on PostgreSQL, same machine: saturation req/s (autocannon, 32 connections) and p99
 * latency at a fixed rate (1,000 req/s; login at a rate its argon2id cost allows).
 * Needs PostgreSQL at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres);
 * it creates and drops its own database.
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuSteal, finish, login, report, startServer } from './lib';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB = 'outpost_bench';
const DURATION = Number(process.env.BENCH_SECONDS ?? 8);

async function run(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ duration: DURATION, connections: 32, ...opts }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

async function main() {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DB}`);
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${DB}`;

  const server = await startServer(
    {
      DATABASE_URL: dbUrl.toString(),
      SEED: 'demo',
      LOGIN_LIMIT_PER_USERNAME: '1000000',
      LOGIN_LIMIT_PER_IP: '1000000',
    },
    3200,
  );
  const steal = cpuSteal();
  try {
    const session = await login(server.url, 'holder');
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
      {
        name: 'login',
        path: '/api/portal/users/login/',
        method: 'POST' as const,
        rate: 20,
        body: JSON.stringify({ username: 'holder', password: 'Outpost-demo-1' }),
      },
    ];
    for (const s of scenarios) {
      const common = {
        url: server.url + s.path,
        method: s.method,
        headers: { 'content-type': 'application/json', 'x-user-token': userToken },
        ...(s.body ? { body: s.body } : {}),
      };
      const saturated = await run(common);
      if (saturated.non2xx > 0 || saturated.errors > 0)
        throw new Error(`${s.name}: ${saturated.non2xx} non-2xx, ${saturated.errors} errors`);
      report(`api.${s.name}.saturation`, saturated.requests.average, 'req/s');
      // Few connections at a fixed rate: many would fire in bursts and measure the burst, not the server.
      const fixed = await run({
        ...common,
        connections: Math.min(8, Math.ceil(s.rate / 100)),
        overallRate: s.rate,
      });
      if (fixed.non2xx > 0 || fixed.errors > 0)
        throw new Error(`${s.name}: ${fixed.non2xx} non-2xx at fixed rate`);
      report(`api.${s.name}.p99_at_${s.rate}rps`, fixed.latency.p99, 'ms');
    }
    steal.report();
  } finally {
    await server.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
    await admin.end();
  }
  finish();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
