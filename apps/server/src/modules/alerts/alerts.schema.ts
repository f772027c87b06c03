import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts, users } from '../../db/accounts.schema';

/**
 * In-app alerts, one row per user, created by system events (usage thresholds now; plan changes,
 * data blocks, invoices and payments with the dashboard issue). `message` is HTML the client
 * sanitises; `ref` names what it is about ('service:200101', 'invoice:123').
 */
export const alerts = pgTable(
  'alerts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    ref: text('ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('alerts_user_idx').on(t.userId, t.createdAt)],
);
