import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { requiredRef, timestampTz } from '../../db/columns';
import { staffMembers } from '../staff/staff.schema';

/**
 * Where the provider's systems want events (decision 051): an https URL, the events, and the
 * signing secret (kept to sign each delivery; shown once when the endpoint is made).
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  events: text('events').array().notNull(),
  secret: text('secret').notNull(),
  createdBy: integer('created_by').references(() => staffMembers.id),
  createdAt: timestampTz('created_at').notNull(),
  disabledAt: timestampTz('disabled_at'),
});

/**
 * One event for one endpoint, written in the transaction of what happened (an outbox): sent by
 * the webhooks.deliver job with retries and backoff; 'pending' until delivered or 'dead'.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    endpointId: requiredRef('endpoint_id', () => webhookEndpoints.id),
    eventId: uuid('event_id').notNull(),
    event: text('event').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestampTz('next_attempt_at').notNull(),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    deliveredAt: timestampTz('delivered_at'),
    createdAt: timestampTz('created_at').notNull(),
  },
  (t) => [
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
  ],
);
