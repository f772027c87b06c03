import { sql } from 'drizzle-orm';
import type { DeliveryOutcome } from '../../adapters/sms-providers';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';

/**
 * Records a provider's final delivery report on the SMS it is about (the outbox row whose key is
 * in the callback address): 'delivered' or 'failed' with the provider's status and code. A later
 * report replaces an earlier one, except that nothing replaces 'delivered' (reports may arrive out
 * of order; a message on the handset stays delivered). The provider's id is kept when the 'sent'
 * update did not record it. Answers whether the message is known: an unknown key (a message
 * deleted, or never ours) changes nothing and is answered like any other, so the provider stops.
 */
export async function recordDelivery(
  db: Db,
  report: { key: string; outcome: NonNullable<DeliveryOutcome>; providerId: string | null },
  now: Date,
): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update outbox
           set delivery_status = case when delivery_status = 'delivered' then delivery_status
                                      else ${report.outcome.status} end,
               delivery_error = case when delivery_status = 'delivered' then delivery_error
                                     else ${report.outcome.error} end,
               delivery_reported_at = case when delivery_status = 'delivered' then delivery_reported_at
                                           else ${now} end,
               provider_message_id = coalesce(provider_message_id, ${report.providerId})
         where message_key = ${report.key} and channel = 'sms'
     returning id`,
  );
  return rows.length > 0;
}
