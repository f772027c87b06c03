import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type {
  AdvisoryKind,
  AdvisorySeverity,
  AdvisoryStatus,
} from '@outpost/domain/advisories-rules';
import { users } from '../../db/accounts.schema';

/**
 * Network advisories (docs/decisions/019): what network operations publish about outages and
 * maintenance, with the areas each covers. A service is affected when its postcode, satellite
 * beam or tower is named (services.addr_postcode, satellite_beam, tower_id).
 */
export const advisories = pgTable(
  'advisories',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** An incident (an outage found) or scheduled maintenance (a planned window). */
    kind: text('kind').$type<AdvisoryKind>().notNull().default('incident'),
    title: text('title').notNull(),
    severity: text('severity').$type<AdvisorySeverity>().notNull(),
    status: text('status').$type<AdvisoryStatus>().notNull(),
    started: timestamp('started', { withTimezone: true }).notNull(),
    /** The expected (or, once resolved, the actual) end; null when none is set. */
    ended: timestamp('ended', { withTimezone: true }),
    message: text('message').notNull(),
    postcodes: text('postcodes')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    beams: text('beams')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    towers: text('towers')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // The list's order (newest first) and the dashboard's few open advisories.
    index('advisories_started_idx').on(t.started.desc(), t.id.desc()),
    index('advisories_open_idx')
      .on(t.id)
      .where(sql`${t.status} <> 'Resolved'`),
    check(
      'advisories_status',
      sql`${t.status} in ('Scheduled', 'Investigating', 'In Progress', 'Monitoring', 'Resolved')`,
    ),
    check('advisories_kind', sql`${t.kind} in ('incident', 'maintenance')`),
    check('advisories_severity', sql`${t.severity} in ('Low', 'Medium', 'High', 'Critical')`),
  ],
);

/** Each update network operations made to an advisory (what subscribers were told). */
export const advisoryUpdates = pgTable(
  'advisory_updates',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    advisoryId: integer('advisory_id')
      .notNull()
      .references(() => advisories.id, { onDelete: 'cascade' }),
    status: text('status').$type<AdvisoryStatus>().notNull(),
    ended: timestamp('ended', { withTimezone: true }),
    note: text('note').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('advisory_updates_advisory_idx').on(t.advisoryId, t.createdAt)],
);

/** Who follows an advisory's updates. */
export const advisorySubscriptions = pgTable(
  'advisory_subscriptions',
  {
    advisoryId: integer('advisory_id')
      .notNull()
      .references(() => advisories.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.advisoryId, t.userId] }),
    index('advisory_subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * One row per update and subscriber, written with the update (so the subscribers are those of
 * that moment): the in-app alert is made in the same transaction; email and SMS are sent after
 * commit by whoever claims the row (sent_at), so each is sent once however many senders run.
 */
export const advisoryDeliveries = pgTable(
  'advisory_deliveries',
  {
    updateId: integer('update_id')
      .notNull()
      .references(() => advisoryUpdates.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.updateId, t.userId] }),
    index('advisory_deliveries_pending_idx')
      .on(t.updateId)
      .where(sql`${t.sentAt} is null`),
  ],
);
