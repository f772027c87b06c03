import { sql } from 'drizzle-orm';
import { preparedStatement } from '../../db/client';
import type { CallerRow } from '../auth/caller';
import { callerSql } from '../auth/caller';
import type { TicketRow } from './tickets.service';

/**
 * My Tickets read with its caller (spec 3, My Tickets): a hot read, so the caller is read in the
 * same prepared statement (one round trip; decision 011), as the dashboard and transactions are.
 * A file of its own, apart from the tickets service, as it reads the caller.
 */

/** A ticket as the statement reads it: times in milliseconds since the epoch (no zone in SQL). */
type TicketJson = Omit<TicketRow, 'createdAt' | 'updatedAt'> & {
  created_ms: number;
  updated_ms: number;
};

/** The caller and their account's tickets, newest updated first, each with its service's name. */
export const ticketListRows = preparedStatement<
  { caller: CallerRow; tickets: TicketJson[] },
  { hash: string }
>(
  'ticket_list',
  sql`with caller as materialized (${callerSql})
  select row_to_json(c) as caller,
    (select coalesce(json_agg(json_build_object(
              'id', t.id, 'serviceId', t.service_id, 'subject', t.subject,
              'category', t.category, 'status', t.status,
              'serviceNickname', s.nickname, 'serviceTechnology', s.technology,
              'serviceIdentifier', s.identifier,
              'created_ms', floor(extract(epoch from t.created_at) * 1000)::bigint,
              'updated_ms', floor(extract(epoch from t.updated_at) * 1000)::bigint)
            order by t.updated_at desc, t.id desc), '[]'::json)
       from tickets t
       left join services s on s.id = t.service_id
      where t.account_id = c.account_id) as tickets
  from caller c`,
);

/** A statement's ticket as the list item builder takes it. */
export function ticketRowFrom(t: TicketJson): TicketRow {
  const { created_ms, updated_ms, ...rest } = t;
  return { ...rest, createdAt: new Date(created_ms), updatedAt: new Date(updated_ms) };
}
