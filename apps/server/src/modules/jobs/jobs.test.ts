import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageChannel, OutgoingMessage } from '../../adapters/message-channel';
import { drainOutbox, enqueueMessage, retryDeadMessage } from '../../adapters/messaging';
import { outbox } from '../../adapters/messaging.schema';
import type { Database, Db } from '../../db/client';
import { queryRows, withTransaction } from '../../db/client';
import { createMetrics } from '../../plugins/observability';
import { manualClock, openTestDatabase } from '../../test/test-app';
import { deadMessages } from './dead-letters';
import type { JobDefinition, QueueDeps } from './queue';
import { drainJobs, listJobs, retryDeadJob, runNextJob, scheduleDue } from './queue';
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
  return queryRows<{ state: string; attempts: number; last_error: string | null }>(
    db,
    sql`select state, attempts, last_error from jobs where name = ${name} order by id`,
  );
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

describe('scheduled jobs', () => {
  it('run once per schedule with two workers racing', async () => {
    const time = manualClock(new Date('2026-11-21T00:00:30Z'));
    const definition: JobDefinition = {
      name: 'test.once-per-period',
      everyMs: MINUTE,
      run: async ({ now }) => {
        await db.execute(sql`insert into job_effects values ('once', ${now.getMinutes()})`);
      },
    };
    // Two instances: each adds this period's run and runs what is due, at the same moment.
    const instance = async () => {
      const deps: QueueDeps = { db, clock: time.clock };
      await scheduleDue(db, [definition], time.clock());
      await drainJobs(deps, [definition]);
    };
    await Promise.all([instance(), instance(), instance(), instance()]);
    expect(await effects('once')).toBe(1);
    // Later in the same period: nothing more.
    time.advance(20_000);
    await Promise.all([instance(), instance()]);
    expect(await effects('once')).toBe(1);
    // The next period: one more run.
    time.advance(MINUTE);
    await Promise.all([instance(), instance()]);
    expect(await effects('once')).toBe(2);
    expect((await jobRows('test.once-per-period')).map((r) => r.state)).toEqual(['done', 'done']);
  });

  it('retries a run that crashed mid-way, and its effect happens once', async () => {
    const time = manualClock();
    let calls = 0;
    const definition: JobDefinition = {
      name: 'test.crash',
      everyMs: MINUTE,
      backoffMs: 10_000,
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
          return rows.length;
        }),
    };
    const deps: QueueDeps = { db, clock: time.clock };
    await scheduleDue(db, [definition], time.clock());
    expect(await runNextJob(deps, [definition])).toBe(true);
    expect(await effects('crash')).toBe(0);
    expect(await jobRows('test.crash')).toEqual([
      { state: 'pending', attempts: 1, last_error: 'crashed after partial work' },
    ]);
    // Not before its backoff.
    expect(await runNextJob(deps, [definition])).toBe(false);
    time.advance(10_000);
    expect(await runNextJob(deps, [definition])).toBe(true);
    expect(await effects('crash')).toBe(1);
    expect((await jobRows('test.crash'))[0]!.state).toBe('done');
    expect(calls).toBe(2);
  });

  it('takes over a run whose worker died (its lease ran out), without doing it twice', async () => {
    const time = manualClock();
    let calls = 0;
    const definition: JobDefinition = {
      name: 'test.died',
      everyMs: MINUTE,
      run: async () => {
        calls += 1;
        await db.execute(sql`insert into job_effects select 'died', 1
            where not exists (select 1 from job_effects where job = 'died')`);
      },
    };
    await scheduleDue(db, [definition], time.clock());
    // A worker claimed it and died before finishing (the row is 'running' with a lease).
    await db.execute(sql`update jobs set state = 'running', attempts = 1,
        locked_until = ${new Date(time.clock().getTime() + 5 * MINUTE)} where name = 'test.died'`);
    const deps: QueueDeps = { db, clock: time.clock };
    expect(await runNextJob(deps, [definition])).toBe(false);
    time.advance(5 * MINUTE + 1);
    expect(await runNextJob(deps, [definition])).toBe(true);
    expect(calls).toBe(1);
    expect(await effects('died')).toBe(1);
    expect(await jobRows('test.died')).toEqual([{ state: 'done', attempts: 2, last_error: null }]);
  });

  it('is dead after its last attempt, listed, and can be retried', async () => {
    const time = manualClock();
    let fail = true;
    const failures: string[] = [];
    const definition: JobDefinition = {
      name: 'test.dead',
      everyMs: MINUTE,
      maxAttempts: 3,
      backoffMs: 1_000,
      run: async () => {
        if (fail) throw new Error('always fails');
      },
    };
    const deps: QueueDeps = {
      db,
      clock: time.clock,
      onRun: (name, outcome) => failures.push(`${name}:${outcome}`),
    };
    await scheduleDue(db, [definition], time.clock());
    for (let i = 0; i < 3; i += 1) {
      expect(await runNextJob(deps, [definition])).toBe(true);
      time.advance(10_000);
    }
    expect(await runNextJob(deps, [definition])).toBe(false);
    expect(failures).toEqual(['test.dead:failure', 'test.dead:failure', 'test.dead:dead']);
    const [dead] = await listJobs(db, { state: 'dead' });
    expect(dead).toMatchObject({ name: 'test.dead', attempts: 3, last_error: 'always fails' });

    const metrics = createMetrics();
    await collectQueueMetrics(db, metrics);
    expect(await metrics.registry.getSingleMetricAsString('outpost_job_queue_jobs')).toContain(
      'outpost_job_queue_jobs{name="test.dead",state="dead"} 1',
    );

    fail = false;
    expect(await retryDeadJob(db, dead!.id, time.clock())).toBe(true);
    expect(await retryDeadJob(db, dead!.id, time.clock())).toBe(false);
    expect(await runNextJob(deps, [definition])).toBe(true);
    expect((await jobRows('test.dead'))[0]).toMatchObject({ state: 'done', attempts: 1 });
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
      everyMs: MINUTE,
      run: async () => {
        started();
        await gate;
        await db.execute(sql`insert into job_effects values ('graceful', 1)`);
        finished = true;
      },
    };
    const time = manualClock(new Date('2026-11-22T00:00:00Z'));
    const worker = startJobWorker({ db, clock: time.clock }, [definition], null, {
      pollMs: 10,
      concurrency: 1,
      onError: () => {},
    });
    await running;
    const stopped = worker.stop();
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
      { db, clock: time.clock },
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
