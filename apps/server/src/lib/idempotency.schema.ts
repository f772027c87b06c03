import { index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestampTz } from '../db/columns';

/**
 * The admin API's Idempotency-Key (docs/decisions/051): the first result of each key a caller
 * sent, so a repeat (a retry after a lost answer, a duplicate click) answers it again and does
 * nothing twice. Keyed by the caller ('key:ID' or 'staff:ID') and the key, bound to the route and
 * the request's hash; kept 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    principal: text('principal').notNull(),
    key: text('key').notNull(),
    route: text('route').notNull(),
    requestHash: text('request_hash').notNull(),
    result: jsonb('result'),
    createdAt: timestampTz('created_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.principal, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
