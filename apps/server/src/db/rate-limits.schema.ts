import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Fixed-window rate-limit counters (used when no REDIS_URL is configured). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
