import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { MessageChannel, OutgoingMessage } from '../../adapters/message-channel';
import { drainOutbox, enqueueMessage, retryDeadMessage } from '../../adapters/messaging';
import { outbox } from '../../adapters/messaging.schema';
import type { Database, Db } from '../../db/client';
import { queryRows, withTransaction } from '../../db/client';
import { createMetrics } from '../../plugins/observability';
import { manualClock, openTestDatabase } from '../../test/test-app';
import { deadMessages } from './dead-letters';
import type { JobDefinition, JobQueue, QueueOptions } from './queue';
import { listJobs, openJobQueue, retryDeadJob } from './queue';
import { collectQueueMetrics } from './queue-metrics';
import { startJobWorker } from './worker';

let database: Database;
let db: Db;
beforeAll(async () => {
  database = await openTestDatabase(6);
  db = database.db;
  await db.execute(sql`create table job_effects (job text not null, n int not null)`);
});
afterAll(async () => database.close());

const MINUTE = 60_000;

async function effects(job: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from job_effects where job = ${job}`,
  );
  return row!.n;
}

async function jobRows(name: string) {
  return (await listJobs(db, { limit: 100 }))
    .filter((r) => r.name === name)
    .reverse()
    .map(({ state, attempts, last_error }) => ({ state, attempts, last_error }));
}

/** pg-boss as an instance of the portal runs it, with its upkeep every second (not every minute). */
const queueOptions = (options: Partial<QueueOptions> = {}): QueueOptions => ({
  database,
  clock: () => new Date(),
  superviseIntervalSeconds: 1,
  heartbeatSeconds: null,
  ...options,
});

const opened: JobQueue[] = [];
async function instance(definitions: JobDefinition[], options: Partial<QueueOptions> = {}) {
  const queue = await openJobQueue(queueOptions(options), definitions);
  opened.push(queue);
  return queue;
}
// Each test's instances stop after it (a hung handler's too), so none polls into the next test.
afterEach(async () => {
  await Promise.all(opened.splice(0).map((q) => q.stop({ graceful: false })));
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs one due run, waiting up to `ms` for one (a retry's backoff). */
async function runWithin(queue: JobQueue, definitions: JobDefinition[], ms: number) {
  for (const until = Date.now() + ms; Date.now() < until; await sleep(100))
    if (await queue.runNext(definitions)) return true;
  return false;
}

/** A channel that records what it delivered (and can be told to fail). */
function recordingChannel(fail = false) {
  const sent: OutgoingMessage[] = [];
  const channel: MessageChannel = {
    kind: 'smtp',
    send: async (m) => {
      if (fail) throw new Error('SMTP refused');
      await new Promise((resolve) => setTimeout(resolve, 5));
      sent.push(m);
    },
  };
  return { sent, channel };
}

// Real time, 1 to 2 s periods and backoffs: generous limits for a loaded machine.
describe('scheduled jobs (pg-boss)', { timeout: 60_000 }, () => {
  it('20 instances starting together on a fresh schema run a scheduled job once per period', async () => {
    let calls = 0;
    const daily: JobDefinition = {
      name: 'test.once-per-period',
      everyMs: 86_400_000,
      run: async () => {
        calls += 1;
        await db.execute(sql`insert into job_effects values ('once', 1)`);
      },
    };
    // Twenty instances start at once (pg-boss installs its schema under its advisory lock while
    // the others wait), each adds this period's run and polls for it. PGlite belongs to one
    // process: there four instances share its one connection, started one after the other.
    const start = () => instance([daily], { poolSize: 1 });
    const instances: JobQueue[] = [];
    if (database.kind === 'postgres')
      instances.push(...(await Promise.all(Array.from({ length: 20 }, start))));
    else for (let i = 0; i < 4; i += 1) instances.push(await start());
    const added = await Promise.all(instances.map((q) => q.scheduleDue([daily])));
    expect(added.reduce((a, b) => a + b, 0)).toBe(1);
    await Promise.all(instances.map((q) => q.work([daily], { concurrency: 1, pollMs: 500 })));
    await expect.poll(() => effects('once'), { timeout: 30_000 }).toBe(1);
    // Later in the same period: nothing more.
    expect(
      (await Promise.all(instances.map((q) => q.scheduleDue([daily])))).every((n) => n === 0),
    ).toBe(true);
    await sleep(1_000);
    expect(await effects('once')).toBe(1);
    expect(calls).toBe(1);
    expect(await jobRows('test.once-per-period')).toEqual([
      { state: 'done', attempts: 1, last_error: null },
    ]);
  });

  it('a two-second period gets one run per period from three instances scheduling all the time', async () => {
    const fast: JobDefinition = { name: 'test.fast-period', everyMs: 2_000, run: async () => {} };
    const instances = await Promise.all(Array.from({ length: 3 }, () => instance([fast])));
    for (const until = Date.now() + 4_500; Date.now() < until; await sleep(50))
      await Promise.all(instances.map((q) => q.scheduleDue([fast])));
    const periods = await queryRows<{ period: string; n: number }>(
      db,
      sql`select singleton_on::text as period, count(*)::int as n from pgboss.job
           where name = 'test.fast-period' group by 1 order by 1`,
    );
    expect(periods.length).toBeGreaterThanOrEqual(2);
    expect(periods.every((p) => p.n === 1)).toBe(true);
  });

  it('retries a run that crashed mid-way after its backoff, and its effect happens once', async () => {
    let calls = 0;
    const definition: JobDefinition = {
      name: 'test.crash',
      everyMs: 86_400_000,
      backoffMs: 1_000,
      run: () =>
        withTransaction(db, async (tx) => {
          calls += 1;
          // Claims its work idempotently, then (the first time) fails before committing.
          const rows = await queryRows(
            tx,
            sql`insert into job_effects select 'crash', 1
                 where not exists (select 1 from job_effects where job = 'crash') returning n`,
          );
          if (calls === 1) throw new Error('crashed after partial work');
          return { claimed: rows.length };
        }),
    };
    const queue = await instance([definition]);
    await queue.scheduleDue([definition]);
    expect(await queue.runNext([definition])).toBe(true);
    expect(await effects('crash')).toBe(0);
    expect(await jobRows('test.crash')).toEqual([
      { state: 'pending', attempts: 1, last_error: 'crashed after partial work' },
    ]);
    // Not before its backoff (1 to 2 s).
    expect(await queue.runNext([definition])).toBe(false);
    expect(await runWithin(queue, [definition], 5_000)).toBe(true);
    expect(await effects('crash')).toBe(1);
    expect(await jobRows('test.crash')).toEqual([{ state: 'done', attempts: 2, last_error: null }]);
    expect(calls).toBe(2);
  });

  it('takes over the run of a worker that died mid-job once it expires, and does it once', async () => {
    let started!: () => void;
    const claimed = new Promise<void>((resolve) => {
      started = resolve;
    });
    // The first worker claims the run and never finishes it (dead, or hung: no outcome comes back).
    const dying: JobDefinition = {
      name: 'test.died',
      everyMs: 86_400_000,
      backoffMs: 1_000,
      run: () => {
        started();
        return new Promise(() => {});
      },
    };
    let calls = 0;
    const healthy: JobDefinition = {
      ...dying,
      run: async () => {
        calls += 1;
        await db.execute(sql`insert into job_effects select 'died', 1
            where not exists (select 1 from job_effects where job = 'died')`);
      },
    };
    const first = await instance([dying], { expireInSeconds: 2 });
    await first.work([dying], { concurrency: 1, pollMs: 500 });
    await first.scheduleDue([dying]);
    first.wake();
    await claimed;
    const second = await instance([healthy], { expireInSeconds: 2 });
    await second.work([healthy], { concurrency: 1, pollMs: 500 });
    expect(await jobRows('test.died')).toEqual([
      { state: 'running', attempts: 1, last_error: null },
    ]);
    // After its expiry (2 s, seen by the next supervision) and the backoff, the second worker runs it.
    await expect.poll(() => effects('died'), { timeout: 40_000, interval: 250 }).toBe(1);
    await expect
      .poll(async () => (await jobRows('test.died'))[0]?.state, { timeout: 5_000 })
      .toBe('done');
    expect(calls).toBe(1);
    expect((await jobRows('test.died'))[0]?.attempts).toBe(2);
  });

  // A real process, killed with SIGKILL while its job runs (PostgreSQL: PGlite has one process).
  it.runIf(Boolean(process.env.DATABASE_URL))(
    'takes over the run of a worker process killed mid-job (SIGKILL) once it expires, and does it once',
    async () => {
      const name = 'test.killed';
      const dir = mkdtempSync(path.join(tmpdir(), 'outpost-worker-'));
      onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
      const script = path.join(dir, 'worker.mts');
      const here = path.dirname(fileURLToPath(import.meta.url));
      writeFileSync(
        script,
        `import { openPostgres } from ${JSON.stringify(path.join(here, '../../db/client.ts'))};
import { openJobQueue } from ${JSON.stringify(path.join(here, 'queue.ts'))};
const database = openPostgres(process.env.QUEUE_URL, 1);
const job = { name: ${JSON.stringify(name)}, everyMs: 86_400_000, backoffMs: 1_000,
  run: () => { console.log('claimed'); return new Promise(() => {}); } };
const queue = await openJobQueue({ database, clock: () => new Date(), superviseIntervalSeconds: 1,
  heartbeatSeconds: null, expireInSeconds: 2 }, [job]);
await queue.work([job], { concurrency: 1, pollMs: 500 });
queue.wake();
`,
      );
      let calls = 0;
      const definition: JobDefinition = {
        name,
        everyMs: 86_400_000,
        backoffMs: 1_000,
        run: async () => {
          calls += 1;
          await db.execute(sql`insert into job_effects select 'killed', 1
              where not exists (select 1 from job_effects where job = 'killed')`);
        },
      };
      const survivor = await instance([definition], { expireInSeconds: 2 });
      await survivor.scheduleDue([definition]);
      const child = spawn(process.execPath, ['--import', 'tsx', script], {
        env: { ...process.env, QUEUE_URL: database.url! },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          if (String(chunk).includes('claimed')) resolve();
        });
        child.once('exit', (code) => reject(new Error(`worker exited (${code}) before claiming`)));
      });
      child.kill('SIGKILL');
      expect(await jobRows(name)).toEqual([{ state: 'running', attempts: 1, last_error: null }]);
      // The survivor's supervision expires the run (2 s), and after its backoff runs it.
      await survivor.work([definition], { concurrency: 1, pollMs: 500 });
      await expect.poll(() => effects('killed'), { timeout: 40_000, interval: 250 }).toBe(1);
      await expect
        .poll(async () => (await jobRows(name))[0]?.state, { timeout: 5_000 })
        .toBe('done');
      expect(calls).toBe(1);
      expect((await jobRows(name))[0]?.attempts).toBe(2);
    },
  );

  it('is dead after its last attempt, listed, in the metrics, and can be retried', async () => {
    let fail = true;
    const outcomes: string[] = [];
    const definition: JobDefinition = {
      name: 'test.dead',
      everyMs: 86_400_000,
      maxAttempts: 2,
      backoffMs: 1_000,
      run: async () => {
        if (fail) throw new Error('always fails');
      },
    };
    const queue = await instance([definition], {
      onRun: (name, outcome) => outcomes.push(`${name}:${outcome}`),
    });
    await queue.scheduleDue([definition]);
    expect(await queue.runNext([definition])).toBe(true);
    expect(await runWithin(queue, [definition], 5_000)).toBe(true);
    expect(await runWithin(queue, [definition], 2_500)).toBe(false);
    expect(outcomes).toEqual(['test.dead:failure', 'test.dead:dead']);
    const [dead] = await listJobs(db, { state: 'dead' });
    expect(dead).toMatchObject({ name: 'test.dead', attempts: 2, last_error: 'always fails' });

    const metrics = createMetrics();
    await collectQueueMetrics(db, metrics);
    expect(await metrics.registry.getSingleMetricAsString('outpost_job_queue_jobs')).toContain(
      'outpost_job_queue_jobs{name="test.dead",state="dead"} 1',
    );

    fail = false;
    expect(await retryDeadJob(queue, db, dead!.id)).toBe(true);
    expect(await retryDeadJob(queue, db, dead!.id)).toBe(false);
    expect(await runWithin(queue, [definition], 5_000)).toBe(true);
    expect((await jobRows('test.dead'))[0]).toMatchObject({ state: 'done', last_error: null });
  });

  it('a stopping worker finishes the job in flight and claims nothing new', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    let finished = false;
    const definition: JobDefinition = {
      name: 'test.graceful',
      everyMs: 86_400_000,
      run: async () => {
        started();
        await gate;
        await db.execute(sql`insert into job_effects values ('graceful', 1)`);
        finished = true;
      },
    };
    const worker = startJobWorker(queueOptions(), [definition], null, {
      pollMs: 500,
      concurrency: 1,
      onError: () => {},
    });
    await worker.ready;
    worker.wake();
    await running;
    const stopped = worker.stop();
    await sleep(200);
    release();
    await stopped;
    expect(finished).toBe(true);
    expect(await jobRows('test.graceful')).toEqual([
      { state: 'done', attempts: 1, last_error: null },
    ]);
  });
});

describe('the outbox', () => {
  it('sends nothing when the transaction rolls back, and once after commit with two drainers', async () => {
    const time = manualClock();
    const to = 'outbox.race@example.com';
    await expect(
      withTransaction(db, async (tx) => {
        await enqueueMessage(tx, 'email', { to, subject: 'Rolled back', body: 'never' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await withTransaction(db, async (tx) => {
      for (let i = 1; i <= 5; i += 1)
        await enqueueMessage(tx, 'email', { to, subject: `Message ${i}`, body: `body ${i}` });
    });
    const { sent, channel } = recordingChannel();
    const drainer = () =>
      drainOutbox({ db, clock: time.clock, messaging: { email: channel, sms: channel } }, 2);
    const drainAll = async () => {
      while ((await drainer()) > 0);
    };
    await Promise.all([drainAll(), drainAll()]);
    // Each once (two drainers: in any order between them).
    expect(
      sent
        .filter((m) => m.to === to)
        .map((m) => m.subject)
        .sort(),
    ).toEqual(['Message 1', 'Message 2', 'Message 3', 'Message 4', 'Message 5']);
    const rows = await db.select().from(outbox).where(eq(outbox.to, to));
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent', 'sent', 'sent', 'sent']);
    expect(rows.every((r) => r.attempts === 1)).toBe(true);
  });

  it('sends after a restart what was pending at shutdown', async () => {
    const to = 'outbox.restart@example.com';
    const { sent, channel } = recordingChannel();
    const time = manualClock();
    // The first instance stops before its drainer got to the message.
    await enqueueMessage(db, 'sms', { to, subject: 'Code', body: 'Your code is 123456' });
    // The next instance's worker sends it.
    const worker = startJobWorker(
      queueOptions(),
      [],
      { db, clock: time.clock, messaging: { email: channel, sms: channel } },
      { pollMs: 10, concurrency: 1, onError: () => {} },
    );
    await expect.poll(() => sent.filter((m) => m.to === to).length).toBe(1);
    await worker.stop();
    const [row] = await db.select().from(outbox).where(eq(outbox.to, to));
    expect(row).toMatchObject({ status: 'sent', sentAt: time.clock() });
  });

  it('retries a failing channel with backoff, then the message is dead', async () => {
    const to = 'outbox.dead@example.com';
    const time = manualClock();
    await enqueueMessage(db, 'email', { to, subject: 'Invoice', body: 'x' });
    const failing = recordingChannel(true).channel;
    const outcomes: string[] = [];
    const deps = {
      db,
      clock: time.clock,
      messaging: { email: failing, sms: failing },
      maxAttempts: 3,
      backoffMs: 1_000,
      onDelivered: (_channel: string, outcome: string) => outcomes.push(outcome),
    };
    expect(await drainOutbox(deps)).toBe(1);
    expect(await drainOutbox(deps)).toBe(0); // waiting for its backoff
    time.advance(1_000);
    expect(await drainOutbox(deps)).toBe(1);
    time.advance(2_000);
    expect(await drainOutbox(deps)).toBe(1);
    time.advance(60 * MINUTE);
    expect(await drainOutbox(deps)).toBe(0);
    expect(outcomes).toEqual(['failure', 'failure', 'dead']);
    const dead = (await deadMessages(db)).find((m) => m.to === to);
    expect(dead).toMatchObject({ attempts: 3, last_error: 'SMTP refused' });

    const metrics = createMetrics();
    await collectQueueMetrics(db, metrics);
    expect(await metrics.registry.getSingleMetricAsString('outpost_outbox_messages')).toContain(
      'outpost_outbox_messages{channel="email",status="dead"} 1',
    );

    // Queued again by hand, it goes out once the channel works.
    expect(await retryDeadMessage(db, dead!.id)).toBe(true);
    const working = recordingChannel();
    expect(
      await drainOutbox({ ...deps, messaging: { email: working.channel, sms: working.channel } }),
    ).toBe(1);
    expect(working.sent.map((m) => m.to)).toEqual([to]);
  });
});
