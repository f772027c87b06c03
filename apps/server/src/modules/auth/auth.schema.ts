import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../db/accounts.schema';

/** Opaque tokens, stored only as SHA-256 hashes. A login starts a family; refreshes rotate within it. */
export const tokens = pgTable(
  'tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    type: text('type').notNull(), // 'USER' | 'REFRESH'
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when a REFRESH token has been exchanged; using it again signals theft. */
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** A usage-only token (embedded usage) is scoped to this one service; null for a session. */
    serviceId: integer('service_id'),
    /**
     * A staff-assisted session (docs/decisions/025): the staff member who opened it. Read-only
     * unless their role allows the change; every request audited.
     */
    staffId: integer('staff_id'),
  },
  (t) => [index('tokens_family_idx').on(t.familyId), index('tokens_user_idx').on(t.userId)],
);

/** Audit log of authentication events. Never holds a password, token or code. */
export const authEvents = pgTable(
  'auth_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    event: text('event').notNull(),
    outcome: text('outcome').notNull(), // 'success' | 'failure' | 'blocked'
    username: text('username'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    detail: text('detail'),
  },
  (t) => [index('auth_events_user_idx').on(t.userId, t.at)],
);

/** One-time codes (two-factor and access recovery): hashed, single use, 10 minutes, 5 tries. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(), // 'login' | 'recovery' | 'step-up' | 'invite' | 'two-factor'
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_codes_user_idx').on(t.userId, t.purpose)],
);

/**
 * One row per session (a login on a device: a token family): what the Sessions list shows and
 * when the caller last passed a step-up check. Written at login and recovery; a family without a
 * row (a test's minted session) still authenticates, it just has no step-up.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    familyId: uuid('family_id').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Updated at most every few minutes by the requests of the session. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** When the caller last verified a one-time code in this session (step-up, decision 016). */
    stepUpAt: timestamp('step_up_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** A staff-assisted session: the staff member (its tokens carry it too; decision 025). */
    staffId: integer('staff_id'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);
