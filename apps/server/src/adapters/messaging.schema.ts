import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The embedded default for mail, SMS and push: messages are kept here, readable at /dev/outbox. */
export const outbox = pgTable(
  'outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel').notNull(), // 'email' | 'sms' | 'push'
    to: text('to').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('outbox_to_idx').on(t.to, t.createdAt)],
);
