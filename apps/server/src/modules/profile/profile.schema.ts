import { integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../db/accounts.schema';

/**
 * A change of one's own email or mobile waiting for the code sent to the NEW address
 * (docs/decisions/035). One per person and kind: a new request replaces it. The code itself is a
 * verification code (auth/codes.ts, purpose 'email-change' or 'mobile-change'); until it is
 * entered, in the session that asked, the old address stays in force.
 */
export const pendingContactChanges = pgTable(
  'pending_contact_changes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'email' | 'mobile' */
    kind: text('kind').notNull(),
    value: text('value').notNull(),
    /** The session (token family) that asked and stepped up: only it may confirm. */
    familyId: uuid('family_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
