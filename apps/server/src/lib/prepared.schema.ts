import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../db/accounts.schema';

/**
 * Prepare/commit: a prepared operation bound to its kind, caller and payload. Commit applies it
 * exactly once; a repeated commit returns the first result (or is refused, for secrets).
 */
export const preparedOperations = pgTable(
  'prepared_operations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    csrfHash: text('csrf_hash').notNull().unique(),
    kind: text('kind').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    payloadHash: text('payload_hash').notNull(),
    /** The row the operation acts on when the commit's body does not name it (a payment). */
    subjectId: integer('subject_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    committedAt: timestamp('committed_at', { withTimezone: true }),
    result: jsonb('result'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('prepared_operations_expires_idx').on(t.expiresAt)],
);
