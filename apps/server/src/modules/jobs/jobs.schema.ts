import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The job queue (docs/decisions/027): one row per run of a job. A scheduled job gets one row per
 * period (schedule_key, unique with the name), whichever instances try to add it; a worker claims
 * a due row with FOR UPDATE SKIP LOCKED, runs it, and marks it 'done', or 'pending' again with a
 * later run_at, or 'dead' after its last attempt.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull().default({}),
    /** The period of a scheduled job (its start in ms / the interval); null for a one-off. */
    scheduleKey: text('schedule_key'),
    /** 'pending' | 'running' | 'done' | 'dead'. */
    state: text('state').notNull().default('pending'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    /** A running job whose worker has not renewed this by then is taken over. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('jobs_schedule_idx').on(t.name, t.scheduleKey),
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`state in ('pending', 'running')`),
  ],
);
