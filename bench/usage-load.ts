/**
 * Usage storage at a large provider's scale (issue 6): ingestion rows/s and the p50 of the two
 * heavy reads (30 days by hour for one service; 13 months by month) on PostgreSQL with at least
 * 10 million hourly rows, then the same on PGlite with a smaller set.
 *
 *   npm run bench:usage                 (BENCH_USAGE_SERVICES=1100 BENCH_PGLITE_SERVICES=60)
 *
 * Needs PostgreSQL at BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres);
 * it creates and drops its own database. Ingestion is timed on the batch writer alone (records
 * are generated beforehand), as the CLI and the internal endpoint use it.
 */
import { startOfBusinessDay, startOfBusinessMonth } from '@outpost/domain/time/zoned';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../apps/server/src/db/client';
import { openPglite, openPostgres } from '../apps/server/src/db/client';
import { seedDemo } from '../apps/server/src/seed/demo';
import { generateUsage } from '../apps/server/src/seed/usage';
import type { NumberedRecord } from '../apps/server/src/modules/usage/ingest';
import { ingestBatch } from '../apps/server/src/modules/usage/ingest';
import {
  activityRange,
  activityRows,
  usageService,
} from '../apps/server/src/modules/usage/usage.service';
import { cpuSteal, finish, freshBenchDatabase, report } from './lib';

const DB = 'outpost_usage_bench';
const PG_SERVICES = Number(process.env.BENCH_USAGE_SERVICES ?? 1100);
const PGLITE_SERVICES = Number(process.env.BENCH_PGLITE_SERVICES ?? 60);
const BATCH = 10_000;
const FIRST_ID = 400_001;
const ACCOUNT = 100003;

async function addServices(db: Db, count: number, now: Date) {
  for (let i = 0; i < count; i += 1000) {
    const n = Math.min(1000, count - i);
    await db.execute(sql`insert into services
        (id, account_id, type, status, technology, plan_id, identifier, addr_abbr, addr_line,
         addr_suburb, addr_state, addr_postcode, period_start)
      select ${FIRST_ID + i} + g, ${ACCOUNT}, 'Broadband', 'active', 'Sky Muster Plus', 22,
             'AVC' || lpad((${FIRST_ID + i} + g)::text, 12, '0'), '1 Bench St, Winton QLD',
             '1 Bench Street', 'Winton', 'QLD', '4735',
             ${startOfBusinessDay(now, 0)}::timestamptz - ((g % 30) * interval '1 day')
        from generate_series(0, ${n - 1}) as g`);
  }
}

/** Generates and ingests 13 months for `count` services; returns rows and ingest-only seconds. */
async function load(db: Db, count: number, now: Date) {
  const from = startOfBusinessMonth(now, 12);
  const to = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
  let rows = 0;
  let ingestMs = 0;
  let batch: NumberedRecord[] = [];
  const flush = async () => {
    const t = performance.now();
    rows += (await ingestBatch(db, batch, now)).accepted;
    ingestMs += performance.now() - t;
    batch = [];
  };
  let lastReport = performance.now();
  for (let s = 0; s < count; s += 1) {
    const profile = {
      serviceid: FIRST_ID + s,
      technology: 'Sky Muster Plus',
      dailyGb: 1 + (s % 7),
      quotaMb: 50000,
      periodStart: startOfBusinessDay(now, s % 30),
    };
    for (const record of generateUsage(profile, from, to)) {
      batch.push({ line: rows + batch.length + 1, record });
      if (batch.length === BATCH) await flush();
    }
    if (performance.now() - lastReport > 10_000) {
      lastReport = performance.now();
      process.stderr.write(
        `  ${rows.toLocaleString('en-AU')} rows (${Math.round(rows / (ingestMs / 1000)).toLocaleString('en-AU')} rows/s)\n`,
      );
    }
  }
  if (batch.length > 0) await flush();
  return { rows, seconds: ingestMs / 1000 };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function queries(db: Db, count: number, now: Date, label: string) {
  const times = { hour: [] as number[], month: [] as number[] };
  for (let i = 0; i < 300; i += 1) {
    const id = FIRST_ID + ((i * 7919) % count);
    const service = await usageService(db, ACCOUNT, id);
    for (const by of ['hour', 'month'] as const) {
      const range = activityRange(service, by, now);
      const t = performance.now();
      const rows = await activityRows(db, service, by, range);
      times[by].push(performance.now() - t);
      if (rows.length === 0) throw new Error(`no ${by} rows for ${id}`);
    }
  }
  // The first few warm the caches and plans: leave them out.
  report(`usage.${label}.hourly_30_days.p50`, percentile(times.hour.slice(20), 50), 'ms');
  report(`usage.${label}.monthly_13_months.p50`, percentile(times.month.slice(20), 50), 'ms');
}

async function run(database: Database, count: number, label: string, now: Date) {
  await database.migrate();
  await seedDemo(database.db, now);
  await addServices(database.db, count, now);
  const { rows, seconds } = await load(database.db, count, now);
  report(`usage.${label}.rows`, rows, 'rows');
  report(`usage.${label}.ingest`, rows / seconds, 'rows/s');
  await database.db.execute(sql`analyze usage_hourly`);
  await queries(database.db, count, now, label);
}

async function main() {
  const now = new Date();
  const steal = cpuSteal();

  const bench = await freshBenchDatabase(DB);
  const postgres = openPostgres(bench.url);
  try {
    await run(postgres, PG_SERVICES, 'postgres', now);
  } finally {
    await postgres.close();
    await bench.drop();
  }

  const dir = mkdtempSync(path.join(os.tmpdir(), 'outpost-usage-bench-'));
  const pglite = await openPglite({ dataDir: dir });
  try {
    await run(pglite, PGLITE_SERVICES, 'pglite', now);
  } finally {
    await pglite.close();
    rmSync(dir, { recursive: true, force: true });
  }
  steal.report();
  finish();
}

await main();
