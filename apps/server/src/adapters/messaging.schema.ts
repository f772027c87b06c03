import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Outbound messages (docs/decisions/027). Modules write mail and SMS here with enqueueMessage in
 * the same transaction as their change ('pending'); the job worker claims each with SKIP LOCKED,
 * hands it to the channel (SMTP, an SMS provider, or nothing more in the embedded default)
 * and marks it 'sent', or after the last failed attempt (or a permanent refusal) 'dead'. An SMS
 * provider's delivery report then records 'delivered' or 'failed' on the row. Pushes are delivered directly and
 * recorded here as 'sent' (docs/decisions/023). /dev/outbox shows every row.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    channel: text('channel').notNull(), // 'email' | 'sms' | 'push'
    to: text('to').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * 'pending' | 'sending' (claimed until locked_until) | 'sent' | 'dead'. enqueueMessage writes
     * 'pending'; the default 'sent' is for pushes and for the rows from before the queue (they
     * were delivered then: none is sent again).
     */
    status: text('status').notNull().default('sent'),
    attempts: integer('attempts').notNull().default(0),
    /** A failed message waits until then (null: due now). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** A claim older than this is taken over (the sender died mid-send). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    /**
     * The message's own id towards the provider, the same on every attempt: the mail's
     * Message-ID, the SMS gateway's Idempotency-Key. Delivery is at-least-once (a send whose
     * 'sent' could not be written is sent again); with this id the provider can tell it is one.
     */
    messageKey: uuid('message_key').notNull().defaultRandom(),
    /** The provider's id of the sent SMS (Twilio's 'SM...' sid, MessageMedia's message_id). */
    providerMessageId: text('provider_message_id'),
    /**
     * What the provider's delivery report said (docs/decisions/043): 'delivered' or 'failed'
     * (null: no final report yet), when it said so, and a failure's code and status.
     */
    deliveryStatus: text('delivery_status'),
    deliveryReportedAt: timestamp('delivery_reported_at', { withTimezone: true }),
    deliveryError: text('delivery_error'),
  },
  (t) => [
    index('outbox_to_idx').on(t.to, t.createdAt),
    // Delivery reports find their message by the key in the callback URL.
    index('outbox_message_key_idx').on(t.messageKey),
    index('outbox_unsent_idx')
      .on(t.id)
      .where(sql`status in ('pending', 'sending')`),
  ],
);
