import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import { serverErrors } from '@outpost/contracts/messages';
import type { Database } from '../db/client';
import { isConnectionLost, openPostgres, queryRows } from '../db/client';
import { DEMO_PASSWORD, seedDemo } from '../seed/demo';
import type { PrivatePostgres } from './private-postgres';
import { privatePostgresUnavailable, startPrivatePostgres } from './private-postgres';
import { mintSession } from './sessions';
import type { TestContext } from './test-app';
import { apiFor, createTestContext, errorOf, openTestDatabase } from './test-app';

/**
 * A lost database connection never ends the process: requests in flight answer 503 in the usual
 * shape and change nothing half-way, the pool reconnects by itself, and a prepare/commit whose
 * commit was cut off is re-committed with the same csrf, never applied twice.
 */

const SMP = 200101; // holder's Sky Muster Plus service
const LANDLINE = 200103;
const HOLDER = 5001;
const pgUrl = process.env.DATABASE_URL;

describe('a database that cannot be reached', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // Nothing listens on port 1: every connection attempt is refused.
    ctx = await createTestContext({
      database: openPostgres('postgres://postgres@127.0.0.1:1/none', 2),
    });
  });
  afterAll(async () => ctx.close());

  it('answers 503 with a plain message, and keeps answering', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: apiPaths.login,
        payload: { username: 'holder', password: DEMO_PASSWORD },
      });
      expect(res.statusCode).toBe(503);
      expect(errorOf(res)).toBe(serverErrors.unavailable);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body).not.toMatch(/ECONNREFUSED|select|127\.0\.0\.1/i);
    }
  });
});

type Op = {
  kind: 'purchase' | 'plan' | 'nickname';
  preparePath: string;
  commitPath: string;
  body: Record<string, unknown>;
  csrf?: string;
  status?: number;
};

/** Purchases, plan changes and nicknames in turn: the prepare/commit flows that write. */
function newOp(i: number): Op {
  const kind = (['purchase', 'purchase', 'plan', 'nickname'] as const)[i % 4]!;
  if (kind === 'purchase')
    return {
      kind,
      preparePath: buildPath(apiPaths.purchaseBlockPrepare, { serviceid: SMP }),
      commitPath: buildPath(apiPaths.purchaseBlockCommit, { serviceid: SMP }),
      body: { dbid: 2 },
    };
  if (kind === 'plan')
    return {
      kind,
      preparePath: buildPath(apiPaths.changePlanPrepare, { serviceid: SMP }),
      commitPath: buildPath(apiPaths.changePlanCommit, { serviceid: SMP }),
      body: { planid: i % 8 === 2 ? 24 : 23, when: 'Next Period', options: [] },
    };
  return {
    kind,
    preparePath: buildPath(apiPaths.setNicknamePrepare, { serviceid: LANDLINE }),
    commitPath: buildPath(apiPaths.setNicknameCommit, { serviceid: LANDLINE }),
    body: { nickname: `Shed line ${i}` },
  };
}

/**
 * Waves of 16 prepare/commits and 4 logins in parallel while `fault` runs (and at least three
 * waves), then the checks: every answer a success or a clean 503, the server healthy again within
 * seconds, nothing half-written, each cut-off commit applied once when re-sent with its csrf.
 */
async function survivesFault(
  ctx: TestContext,
  database: Database,
  fault: () => Promise<string>,
): Promise<string> {
  const db = database.db;
  const countOf = async (query: ReturnType<typeof sql>) =>
    Number((await queryRows<{ n: string | number }>(db, query))[0]!.n);
  const { userToken } = await mintSession(db, HOLDER);
  const { post } = apiFor(ctx, { token: userToken });
  const firstPurchase = await countOf(
    sql`select coalesce(max(id), 0) as n from data_block_purchases`,
  );
  const firstChange = await countOf(sql`select coalesce(max(id), 0) as n from plan_changes`);
  const firstToken = await countOf(sql`select coalesce(max(id), 0) as n from tokens`);
  const firstOp = await countOf(sql`select coalesce(max(id), 0) as n from prepared_operations`);

  let faulting = true;
  const faultDone = fault().finally(() => {
    faulting = false;
  });
  const ops: Op[] = [];
  const statuses = new Map<number, number>();
  const count = (status: number) => statuses.set(status, (statuses.get(status) ?? 0) + 1);
  for (let wave = 0; faulting || wave < 3; wave++) {
    const waveOps = Array.from({ length: 16 }, (_, i) => newOp(wave * 16 + i));
    ops.push(...waveOps);
    const logins = Array.from({ length: 4 }, () =>
      ctx.app
        .inject({
          method: 'POST',
          url: apiPaths.login,
          payload: { username: 'holder', password: DEMO_PASSWORD },
        })
        .then((res) => count(res.statusCode)),
    );
    const flows = waveOps.map(async (op) => {
      const prepared = await post(op.preparePath, op.body);
      count(prepared.statusCode);
      if (prepared.statusCode !== 200) return;
      op.csrf = (prepared.json().data as { csrf: string }).csrf;
      const committed = await post(op.commitPath, { ...op.body, csrf: op.csrf });
      op.status = committed.statusCode;
      count(committed.statusCode);
    });
    await Promise.all([...logins, ...flows]);
  }
  const faultSummary = await faultDone;

  // Every answer was a success or a clean 503: no 500, no request left hanging.
  expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
  for (const status of statuses.keys()) expect([200, 503]).toContain(status);

  // New requests succeed within a few seconds.
  const stopped = Date.now();
  let healthy = false;
  while (!healthy && Date.now() - stopped < 10_000) {
    healthy = (await ctx.app.inject({ method: 'GET', url: apiPaths.health })).statusCode === 200;
    if (!healthy) await sleep(100);
  }
  expect(healthy).toBe(true);
  const recoveredMs = Date.now() - stopped;

  // Nothing half-done: each purchase has its one charge, each committed operation its one effect.
  const purchases = () =>
    countOf(sql`select count(*) as n from data_block_purchases where id > ${firstPurchase}`);
  const purchaseCharges = () =>
    countOf(sql`select count(*) as n from account_charges c join data_block_purchases p
      on c.kind = 'data-block' and c.source_id = p.id where p.id > ${firstPurchase}`);
  const committedOps = (kind: string) =>
    countOf(sql`select count(*) as n from prepared_operations
      where kind = ${kind} and committed_at is not null and id > ${firstOp}`);
  const changes = () =>
    countOf(sql`select count(*) as n from plan_changes where id > ${firstChange}`);
  expect(await purchaseCharges()).toBe(await purchases());
  expect(await purchases()).toBe(await committedOps('purchase-block'));
  expect(await changes()).toBe(await committedOps('change-plan'));

  // Every session a login wrote is whole: its USER and its REFRESH token.
  const halfSessions = await queryRows(
    db,
    sql`select family_id from tokens where id > ${firstToken} group by family_id having count(*) <> 2`,
  );
  expect(halfSessions).toEqual([]);

  // A commit cut off by the lost connection is re-sent with its csrf: it applies once now, or
  // answers the result it already had. Never twice.
  const unanswered = ops.filter((op) => op.csrf && op.status !== 200);
  for (const op of unanswered) {
    const again = await post(op.commitPath, { ...op.body, csrf: op.csrf });
    expect(again.statusCode, again.body).toBe(200);
  }
  const withCsrf = (kind: Op['kind']) => ops.filter((op) => op.kind === kind && op.csrf).length;
  expect(await purchases()).toBe(withCsrf('purchase'));
  expect(await purchaseCharges()).toBe(withCsrf('purchase'));
  expect(await changes()).toBe(withCsrf('plan'));
  expect(
    await countOf(
      sql`select count(*) as n from plan_changes where service_id = ${SMP} and status = 'scheduled'`,
    ),
  ).toBeLessThanOrEqual(1);

  const summary =
    `${faultSummary}; answers ${JSON.stringify(Object.fromEntries(statuses))}; ` +
    `${unanswered.length} commits re-sent and applied once; healthy again ${recoveredMs} ms after the fault`;
  console.info(summary);
  return summary;
}

describe.skipIf(!pgUrl)('a connection lost while requests run (PostgreSQL)', () => {
  let ctx: TestContext;
  let database: Database;
  let databaseName: string;
  let admin: pg.Client;

  beforeAll(async () => {
    database = await openTestDatabase(10);
    ctx = await createTestContext({
      database,
      env: { LOGIN_LIMIT_PER_USERNAME: '100000', LOGIN_LIMIT_PER_IP: '100000' },
    });
    const [row] = await queryRows<{ name: string }>(
      database.db,
      sql`select current_database() as name`,
    );
    databaseName = row!.name;
    admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
  });
  // Closing waits for every pooled client: a client leaked by a failed transaction hangs it.
  afterAll(async () => {
    await admin.end();
    await ctx.close();
  });

  it('fails the statement of a transaction whose connection died between statements, without ending the process', async () => {
    const outcome = database.db.transaction(async (tx) => {
      const [me] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
      await admin.query('select pg_terminate_backend($1)', [me!.pid]);
      // The connection dies while checked out and idle in the transaction: the client emits
      // 'error' with no query running. Without a listener of its own that ends the process.
      await sleep(300);
      await tx.execute(sql`select 1`);
    });
    const error = await outcome.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isConnectionLost(error)).toBe(true);
    // The pool dropped the dead client and opens a new one.
    const [after] = await queryRows<{ one: number }>(database.db, sql`select 1 as one`);
    expect(after).toEqual({ one: 1 });
  });

  it('stays up under parallel prepare/commits and logins while backends are terminated, and applies each operation once or not at all', async () => {
    await survivesFault(ctx, database, async () => {
      let kills = 0;
      for (let i = 0; i < 14; i++) {
        const res = await admin.query<{ killed: boolean }>(
          'select pg_terminate_backend(pid) as killed from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [databaseName],
        );
        kills += res.rows.filter((r) => r.killed).length;
        await sleep(120);
      }
      expect(kills).toBeGreaterThan(0);
      return `connection-loss: ${kills} backends terminated`;
    });
  }, 120_000);
});

const noPrivateServer = privatePostgresUnavailable();
describe.skipIf(!pgUrl || noPrivateServer !== undefined)(
  'a PostgreSQL restart while requests run (a private server, so no one else is disturbed)',
  () => {
    let server: PrivatePostgres;
    let ctx: TestContext;
    let database: Database;

    beforeAll(async () => {
      server = await startPrivatePostgres();
      database = openPostgres(server.url, 10);
      await database.migrate();
      await seedDemo(database.db);
      ctx = await createTestContext({
        database,
        env: { LOGIN_LIMIT_PER_USERNAME: '100000', LOGIN_LIMIT_PER_IP: '100000' },
      });
    }, 120_000);
    afterAll(async () => {
      await ctx?.close();
      await server?.stop();
    });

    it('answers 503 while the database is down, reconnects by itself, and applies each operation once or not at all', async () => {
      await survivesFault(ctx, database, async () => {
        await sleep(150);
        const started = Date.now();
        await server.restart();
        return `restart: PostgreSQL down and up again in ${Date.now() - started} ms`;
      });
    }, 120_000);
  },
);
