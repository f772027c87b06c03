import { sql } from 'drizzle-orm';
import type { JobWithMetadata, PgBoss } from 'pg-boss';
import type { Database, Db } from '../../db/client';
import { queryRows } from '../../db/client';

/**
 * The job queue (docs/decisions/050, which replaced 027's table of our own): pg-boss, in its own
 * schema `pgboss`, on PostgreSQL (its own pool from DATABASE_URL) and on the embedded PGlite
 * (pg-boss's `pglite` backend over the one embedded connection). Scheduled jobs get one run per
 * period however many instances try (a throttled send: pg-boss's unique slot of
 * `singletonSeconds`); a failed run is retried with backoff and after its last attempt is failed
 * ("dead": `npm run jobs -- dead`, `retry <id>`); a run whose worker died or hangs is taken over
 * when it expires (and, with a heartbeat, as soon as the heartbeat stops). Every job is idempotent
 * (its own transactions claim their work with SKIP LOCKED or a unique row), so a retry after a
 * crash repeats nothing that committed.
 */

export type JobContext = { now: Date; payload: unknown; attempt: number };

export type JobDefinition = {
  name: string;
  run: (context: JobContext) => Promise<unknown>;
  /** Scheduled: one run per period of this length, whole seconds (0 or unset: only when enqueued). */
  everyMs?: number;
  /** Attempts before the job is dead (default 5). */
  maxAttempts?: number;
  /** The first retry waits about this long, each next one about twice as long (default 30 s, at most 1 h). */
  backoffMs?: number;
};

export type QueueOptions = {
  database: Database;
  clock: () => Date;
  /**
   * A run still active after this long is failed and retried on another worker (a worker that
   * died or hangs). Default 1 hour: above the longest run a job should ever take.
   */
  expireInSeconds?: number;
  /** A running job's worker proves it is alive this often; a silent one is taken over (default 60 s, null: off). */
  heartbeatSeconds?: number | null;
  /** How often pg-boss looks for expired and silent runs, and does its upkeep (default 60 s). */
  superviseIntervalSeconds?: number;
  /** Connections of pg-boss's own pool (PostgreSQL; default 2). */
  poolSize?: number;
  onError?: (error: unknown, job: { id: string; name: string; attempt: number }) => void;
  /** After each run (metrics). */
  onRun?: (name: string, outcome: 'success' | 'failure' | 'dead') => void;
};

/** A run of a job as the CLI lists it; the states are ours (pg-boss: created/retry, active, completed, failed). */
export type JobRow = {
  id: string;
  name: string;
  state: 'pending' | 'running' | 'done' | 'dead' | 'cancelled';
  /** The start of the period a scheduled run belongs to (null: a one-off). */
  period: Date | null;
  attempts: number;
  max_attempts: number;
  run_at: Date;
  last_error: string | null;
  finished_at: Date | null;
};

const DEFAULT_MAX_ATTEMPTS = 5;
const DEFAULT_BACKOFF_MS = 30_000;
const MAX_BACKOFF_SECONDS = 3_600;
/** Finished runs are kept this long (the list, and the period's slot), then pg-boss deletes them. */
const KEEP_DONE_SECONDS = 7 * 86_400;
/** pg-boss's schema, beside ours (`public`) and drizzle's. */
export const QUEUE_SCHEMA = 'pgboss';
/** The key of a scheduled run's slot (one per job and period). */
const SCHEDULE_KEY = 'schedule';

export type JobQueue = {
  /** Adds this period's run of every scheduled job (a no-op when another instance did). Answers the runs added. */
  scheduleDue: (definitions: readonly JobDefinition[]) => Promise<number>;
  /** A one-off run of a job now. */
  enqueue: (name: string, payload?: object) => Promise<void>;
  /** Claims and runs one due run of these jobs in this process; false when none was due. */
  runNext: (definitions: readonly JobDefinition[]) => Promise<boolean>;
  /** Polls for the jobs' runs, `concurrency` of each at once, every `pollMs`. */
  work: (
    definitions: readonly JobDefinition[],
    options: { concurrency: number; pollMs: number },
  ) => Promise<void>;
  /** Looks for runs now instead of at the next poll. */
  wake: () => void;
  /** Claims nothing more and waits for the runs in flight (graceful); then closes pg-boss's pool. */
  stop: (options?: { graceful?: boolean }) => Promise<void>;
  boss: PgBoss;
};

/** Creates (or brings up to date) the queue of each job with its retry and expiry policy. */
async function ensureQueues(
  boss: PgBoss,
  definitions: readonly JobDefinition[],
  options: QueueOptions,
): Promise<void> {
  const heartbeat = options.heartbeatSeconds === undefined ? 60 : options.heartbeatSeconds;
  for (const d of definitions) {
    const policy = {
      retryLimit: (d.maxAttempts ?? DEFAULT_MAX_ATTEMPTS) - 1,
      retryDelay: Math.max(1, Math.round((d.backoffMs ?? DEFAULT_BACKOFF_MS) / 1000)),
      retryBackoff: true,
      retryDelayMax: MAX_BACKOFF_SECONDS,
      expireInSeconds: options.expireInSeconds ?? 3_600,
      ...(heartbeat ? { heartbeatSeconds: heartbeat } : {}),
      deleteAfterSeconds: KEEP_DONE_SECONDS,
    };
    if (await boss.getQueue(d.name)) await boss.updateQueue(d.name, policy);
    else await boss.createQueue(d.name, policy);
  }
}

/**
 * Starts pg-boss on the app's database: installs or migrates its schema (under its own advisory
 * lock, so instances starting together take turns, as ours do: decision 029) and creates the
 * jobs' queues.
 */
export async function openJobQueue(
  options: QueueOptions,
  definitions: readonly JobDefinition[],
): Promise<JobQueue> {
  const { database, clock } = options;
  const supervise = options.superviseIntervalSeconds ?? 60;
  // Loaded here, not at the top: a process that runs no queue (a web instance with JOBS=off, a
  // CLI, a test file) does not pay its start (issue 38).
  const { PgBoss, fromPglite } = await import('pg-boss');
  const common = {
    schema: QUEUE_SCHEMA,
    superviseIntervalSeconds: supervise,
    monitorIntervalSeconds: supervise,
    // The app's own schedules are throttled sends (any period); pg-boss's cron is not used.
    schedule: false,
  };
  const boss =
    database.kind === 'postgres'
      ? new PgBoss({
          ...common,
          connectionString: database.url!,
          max: options.poolSize ?? 2,
          application_name: 'outpost-jobs',
        })
      : new PgBoss({ ...common, backend: 'pglite', db: fromPglite(database.pglite!) });
  boss.on('error', (error) => options.onError?.(error, { id: '', name: 'pg-boss', attempt: 0 }));
  await boss.start();
  await ensureQueues(boss, definitions, options);

  const byName = (definitions: readonly JobDefinition[]) =>
    new Map(definitions.map((d) => [d.name, d]));

  /** Runs one claimed job; a throw is rethrown for pg-boss to fail (retry or dead). */
  const runJob = async (
    definition: JobDefinition,
    job: Pick<JobWithMetadata<unknown>, 'id' | 'data' | 'retryCount' | 'retryLimit'>,
  ) => {
    const attempt = job.retryCount + 1;
    try {
      const result = await definition.run({ now: clock(), payload: job.data, attempt });
      options.onRun?.(definition.name, 'success');
      return result;
    } catch (error) {
      const dead = job.retryCount >= job.retryLimit;
      options.onError?.(error, { id: job.id, name: definition.name, attempt });
      options.onRun?.(definition.name, dead ? 'dead' : 'failure');
      throw error;
    }
  };

  const workerIds: string[] = [];
  return {
    boss,
    scheduleDue: async (definitions) => {
      let added = 0;
      for (const d of definitions) {
        if (!d.everyMs) continue;
        const seconds = Math.max(1, Math.round(d.everyMs / 1000));
        const id = await boss.sendThrottled(d.name, {}, null, seconds, SCHEDULE_KEY);
        if (id) added += 1;
      }
      return added;
    },
    enqueue: async (name, payload = {}) => {
      await boss.send(name, payload);
    },
    runNext: async (definitions) => {
      for (const d of byName(definitions).values()) {
        const [job] = await boss.fetch(d.name, { includeMetadata: true });
        if (!job) continue;
        try {
          const output = await runJob(d, job);
          await boss.complete(d.name, job.id, toOutput(output));
        } catch (error) {
          await boss.fail(d.name, job.id, errorOutput(error));
        }
        return true;
      }
      return false;
    },
    work: async (definitions, { concurrency, pollMs }) => {
      for (const d of definitions) {
        const id = await boss.work(
          d.name,
          {
            includeMetadata: true,
            localConcurrency: Math.max(1, concurrency),
            pollingIntervalSeconds: Math.max(0.5, pollMs / 1000),
          },
          async ([job]) => toOutput(await runJob(d, job!)),
        );
        workerIds.push(id);
      }
    },
    wake: () => {
      for (const id of workerIds) boss.notifyWorker(id);
    },
    stop: async ({ graceful = true } = {}) => {
      // pg-boss waits for the handlers in flight (up to the timeout), then closes its own pool
      // (on PGlite the app owns the connection and closes it).
      await boss.stop({ graceful, timeout: 10 * 60_000 });
    },
  };
}

const toOutput = (value: unknown): object | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as object)
    : value === undefined
      ? undefined
      : { value };

const errorOutput = (error: unknown) => ({
  message: error instanceof Error ? error.message : String(error),
});

const STATE = sql`case state when 'created' then 'pending' when 'retry' then 'pending'
  when 'active' then 'running' when 'completed' then 'done' when 'failed' then 'dead'
  else state::text end`;

/** Whether pg-boss's schema is there yet (an instance started it). */
async function installed(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ ok: boolean }>(
    db,
    sql`select to_regclass(${`${QUEUE_SCHEMA}.job`}) is not null as ok`,
  );
  return Boolean(row?.ok);
}

/** The latest runs (the CLI's list and dead-letter view), read from pg-boss's table. */
export async function listJobs(
  db: Db,
  filter: { state?: JobRow['state']; limit?: number } = {},
): Promise<JobRow[]> {
  if (!(await installed(db))) return [];
  const rows = await queryRows<JobRow>(
    db,
    sql`select * from (
          select id::text as id, name, ${STATE} as state, singleton_on as period,
                 retry_count + case when started_on is null then 0 else 1 end as attempts,
                 retry_limit + 1 as max_attempts, start_after as run_at,
                 coalesce(output->>'message', output->>'value') as last_error,
                 completed_on as finished_at, created_on
            from pgboss.job
           where name not like '\_\_pgboss%') j
         ${filter.state ? sql`where state = ${filter.state}` : sql``}
         order by created_on desc
         limit ${filter.limit ?? 50}`,
  );
  const date = (v: Date | string | null) => (v === null ? null : new Date(v));
  return rows.map((r) => {
    const { created_on: _created, ...row } = r as JobRow & { created_on: unknown };
    return {
      ...row,
      attempts: Number(row.attempts),
      max_attempts: Number(row.max_attempts),
      period: date(row.period),
      run_at: date(row.run_at)!,
      finished_at: date(row.finished_at),
      last_error: row.state === 'done' ? null : row.last_error,
    };
  });
}

/**
 * Puts a dead run back in the queue for one more attempt (pg-boss's retry). Answers false when it
 * is not dead.
 */
export async function retryDeadJob(queue: JobQueue, db: Db, id: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return false;
  const [row] = await queryRows<{ name: string }>(
    db,
    sql`select name from pgboss.job where id = ${id}::uuid and state = 'failed'`,
  );
  if (!row) return false;
  await queue.boss.retry(row.name, id);
  return true;
}

/** Queued, running and dead runs by job and state (for /metrics: pending, running, dead). */
export async function queueDepth(db: Db): Promise<{ name: string; state: string; n: number }[]> {
  if (!(await installed(db))) return [];
  return queryRows(
    db,
    sql`select name, ${STATE} as state, count(*)::int as n from pgboss.job
         where state in ('created', 'retry', 'active', 'failed')
           and name not like '\_\_pgboss%'
         group by 1, 2`,
  );
}
