import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';

/**
 * The job queue (docs/decisions/027): a `jobs` table claimed with FOR UPDATE SKIP LOCKED, on
 * PostgreSQL and PGlite alike. Scheduled jobs get one row per period (a unique key), so with N
 * instances each runs once per schedule; a failed run is retried with backoff and after its last
 * attempt is dead (`npm run jobs -- dead`, `retry <id>`); a run whose worker died is taken over
 * when its lease runs out. Every job is idempotent (its own transactions claim their work with
 * SKIP LOCKED or a unique row), so a retry after a crash repeats nothing that committed.
 */

export type JobContext = { now: Date; payload: unknown; attempt: number };

export type JobDefinition = {
  name: string;
  run: (context: JobContext) => Promise<unknown>;
  /** Scheduled: one run per period of this length (0 or unset: only when enqueued). */
  everyMs?: number;
  /** Attempts before the job is dead (default 5). */
  maxAttempts?: number;
  /** The first retry waits this long, each next one twice as long (default 30 s, at most 1 h). */
  backoffMs?: number;
};

export type QueueDeps = {
  db: Db;
  clock: () => Date;
  /** How long a claim holds without renewal (default 5 minutes; renewed while the job runs). */
  leaseMs?: number;
  onError?: (error: unknown, job: { id: number; name: string; attempt: number }) => void;
  /** After each run (metrics). */
  onRun?: (name: string, outcome: 'success' | 'failure' | 'dead') => void;
};

export type JobRow = {
  id: number;
  name: string;
  state: 'pending' | 'running' | 'done' | 'dead';
  schedule_key: string | null;
  attempts: number;
  max_attempts: number;
  run_at: Date;
  last_error: string | null;
  finished_at: Date | null;
};

const DEFAULT_MAX_ATTEMPTS = 5;
const DEFAULT_BACKOFF_MS = 30_000;
const MAX_BACKOFF_MS = 3_600_000;
export const DEFAULT_LEASE_MS = 5 * 60_000;
/** Finished runs are kept this long (the list), then deleted by the scheduler. */
const KEEP_DONE_MS = 7 * 86_400_000;

export function retryDelayMs(backoffMs: number, attempt: number): number {
  return Math.min(backoffMs * 2 ** Math.max(0, attempt - 1), MAX_BACKOFF_MS);
}

const toDate = (value: Date | string | null) =>
  value === null ? null : value instanceof Date ? value : new Date(value);

function jobRow(r: JobRow): JobRow {
  return {
    ...r,
    id: Number(r.id),
    run_at: toDate(r.run_at)!,
    finished_at: toDate(r.finished_at),
  };
}

/** A one-off run of a job (or, with scheduleKey, at most one per key). */
export async function enqueueJob(
  db: Db,
  name: string,
  options: { payload?: unknown; runAt: Date; maxAttempts?: number; scheduleKey?: string },
): Promise<void> {
  await db.execute(sql`insert into jobs (name, payload, schedule_key, run_at, max_attempts)
      values (${name}, ${JSON.stringify(options.payload ?? {})}::jsonb, ${options.scheduleKey ?? null},
              ${options.runAt}, ${options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS})
      on conflict (name, schedule_key) do nothing`);
}

/**
 * Adds this period's run of every scheduled job (a no-op when another instance already did), and
 * forgets finished runs older than a week. Returns the runs added.
 */
export async function scheduleDue(
  db: Db,
  definitions: readonly JobDefinition[],
  now: Date,
): Promise<number> {
  let added = 0;
  for (const d of definitions) {
    if (!d.everyMs) continue;
    const period = Math.floor(now.getTime() / d.everyMs);
    const rows = await queryRows<{ id: number }>(
      db,
      sql`insert into jobs (name, schedule_key, run_at, max_attempts)
          values (${d.name}, ${String(period)}, ${new Date(period * d.everyMs)},
                  ${d.maxAttempts ?? DEFAULT_MAX_ATTEMPTS})
          on conflict (name, schedule_key) do nothing
          returning id`,
    );
    added += rows.length;
  }
  await db.execute(sql`delete from jobs
      where state = 'done' and finished_at < ${new Date(now.getTime() - KEEP_DONE_MS)}`);
  return added;
}

/**
 * Claims one due run of the given jobs: a pending one whose time has come, or a running one whose
 * lease ran out (its worker died). Another worker skips the locked row.
 */
async function claim(deps: QueueDeps, names: readonly string[], now: Date) {
  const leaseMs = deps.leaseMs ?? DEFAULT_LEASE_MS;
  const [row] = await queryRows<{
    id: number;
    name: string;
    payload: unknown;
    attempts: number;
    max_attempts: number;
  }>(
    deps.db,
    sql`update jobs set state = 'running', attempts = attempts + 1,
               locked_until = ${new Date(now.getTime() + leaseMs)}
         where id = (
           select id from jobs
            where name in (${sql.join(
              names.map((n) => sql`${n}`),
              sql`, `,
            )})
              and ((state = 'pending' and run_at <= ${now})
                   or (state = 'running' and locked_until < ${now}))
            order by run_at, id
            limit 1
            for update skip locked)
        returning id, name, payload, attempts, max_attempts`,
  );
  return row ? { ...row, id: Number(row.id) } : null;
}

/**
 * Claims and runs one due job. Answers false when none was due. A failure is retried after a
 * backoff, or after the last attempt marks the run dead; the outcome is written only while the
 * claim is still this worker's (the attempt number fences a run taken over after its lease).
 */
export async function runNextJob(
  deps: QueueDeps,
  definitions: readonly JobDefinition[],
): Promise<boolean> {
  if (definitions.length === 0) return false;
  const byName = new Map(definitions.map((d) => [d.name, d]));
  const claimed = await claim(deps, [...byName.keys()], deps.clock());
  if (!claimed) return false;
  const definition = byName.get(claimed.name)!;
  const leaseMs = deps.leaseMs ?? DEFAULT_LEASE_MS;
  const fence = sql`id = ${claimed.id} and attempts = ${claimed.attempts} and state = 'running'`;
  // Renew the lease while the job runs, so a long run is not taken over.
  const renew = setInterval(
    () => {
      void deps.db
        .execute(
          sql`update jobs set locked_until = ${new Date(deps.clock().getTime() + leaseMs)} where ${fence}`,
        )
        .catch(() => {});
    },
    Math.max(1_000, leaseMs / 3),
  );
  renew.unref();
  try {
    await definition.run({
      now: deps.clock(),
      payload: claimed.payload,
      attempt: claimed.attempts,
    });
    clearInterval(renew);
    await deps.db.execute(sql`update jobs set state = 'done', finished_at = ${deps.clock()},
        locked_until = null, last_error = null where ${fence}`);
    deps.onRun?.(claimed.name, 'success');
  } catch (error) {
    clearInterval(renew);
    const dead = claimed.attempts >= claimed.max_attempts;
    const now = deps.clock();
    const message = error instanceof Error ? error.message : String(error);
    const retryAt = new Date(
      now.getTime() + retryDelayMs(definition.backoffMs ?? DEFAULT_BACKOFF_MS, claimed.attempts),
    );
    await deps.db.execute(sql`update jobs
        set state = ${dead ? 'dead' : 'pending'}, locked_until = null, last_error = ${message.slice(0, 2000)},
            run_at = ${dead ? now : retryAt}, finished_at = ${dead ? now : null}
        where ${fence}`);
    deps.onError?.(error, { id: claimed.id, name: claimed.name, attempt: claimed.attempts });
    deps.onRun?.(claimed.name, dead ? 'dead' : 'failure');
  }
  return true;
}

/** Runs due jobs until none is left (the CLI, tests). Answers how many ran. */
export async function drainJobs(
  deps: QueueDeps,
  definitions: readonly JobDefinition[],
): Promise<number> {
  let ran = 0;
  while (await runNextJob(deps, definitions)) ran += 1;
  return ran;
}

export async function listJobs(
  db: Db,
  filter: { state?: JobRow['state']; limit?: number } = {},
): Promise<JobRow[]> {
  const rows = await queryRows<JobRow>(
    db,
    sql`select id, name, state, schedule_key, attempts, max_attempts, run_at, last_error, finished_at
          from jobs
         ${filter.state ? sql`where state = ${filter.state}` : sql``}
         order by id desc
         limit ${filter.limit ?? 50}`,
  );
  return rows.map(jobRow);
}

/** Puts a dead run back in the queue with fresh attempts. Answers false when it is not dead. */
export async function retryDeadJob(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update jobs set state = 'pending', attempts = 0, run_at = ${now}, finished_at = null
         where id = ${id} and state = 'dead'
        returning id`,
  );
  return rows.length > 0;
}

/** Queued and dead runs by job and state (for /metrics). */
export async function queueDepth(db: Db): Promise<{ name: string; state: string; n: number }[]> {
  return queryRows(
    db,
    sql`select name, state, count(*)::int as n from jobs
         where state in ('pending', 'running', 'dead') group by name, state`,
  );
}
