import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { adminRoutes } from '@outpost/contracts/admin';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { adminError } from './admin.errors';

type Activity = z.infer<(typeof adminRoutes.adminAccountActivity)['response']>['data'];

/** A timestamp as JSON gives it (in the session's zone), as the API's ISO form. */
const isoOf = (value: string) => new Date(value).toISOString();

/**
 * The customer view's activity (decision 054) in one statement: the latest 20 ledger entries,
 * 12 invoices, 10 tickets, the contacts' live sessions, the latest 20 messages sent to their
 * addresses (email or mobile), 20 orders and 20 callbacks (by the slot asked for), each newest
 * first.
 */
export async function accountActivity(db: Db, accountId: number): Promise<Activity> {
  const [row] = await queryRows<{ found: boolean; activity: Activity }>(
    db,
    sql`select exists (select 1 from accounts where id = ${accountId}) as found,
      json_build_object(
        'transactions', coalesce((select json_agg(t) from (
          select created_at as at, type, reason, status, amount_cents, balance_cents
            from transactions where account_id = ${accountId}
           order by created_at desc, id desc limit 20) t), '[]'),
        'invoices', coalesce((select json_agg(i) from (
          select id as invoice_id, number, issued_at as issued, due_at as due,
                 total_cents, status
            from invoices where account_id = ${accountId}
           order by issued_at desc, id desc limit 12) i), '[]'),
        'tickets', coalesce((select json_agg(k) from (
          select id as ticket_id, subject, category, status, created_at as created,
                 updated_at as updated
            from tickets where account_id = ${accountId}
           order by updated_at desc, id desc limit 10) k), '[]'),
        'sessions', coalesce((select json_agg(s) from (
          select u.id as userid, u.given_names || ' ' || u.surname as contact,
                 s.user_agent, s.created_at as started, s.last_used_at as last_used
            from sessions s join users u on u.id = s.user_id
           where u.account_id = ${accountId} and s.ended_at is null
             and exists (select 1 from tokens t where t.family_id = s.family_id
                           and t.revoked_at is null and t.expires_at > now())
           order by s.last_used_at desc limit 20) s), '[]'),
        'messages', coalesce((select json_agg(m) from (
          select o.channel, o."to", o.subject, o.status, o.created_at as created
            from outbox o
           where o."to" in (select lower(email) from users where account_id = ${accountId} and email is not null
                            union select email from users where account_id = ${accountId} and email is not null
                            union select mobile from users where account_id = ${accountId} and mobile is not null)
           order by o.created_at desc, o.id desc limit 20) m), '[]'),
        'orders', coalesce((select json_agg(r) from (
          select o.id as order_id, o.kind, k.subject, sv.identifier as service, o.status,
                 o.price_cents, o.monthly_cents, o.ticket_id, o.created_at as created
            from orders o join tickets k on k.id = o.ticket_id
            left join services sv on sv.id = o.service_id
           where o.account_id = ${accountId}
           order by o.created_at desc, o.id desc limit 20) r), '[]'),
        -- By the contacts' index (callbacks are looked up by who booked them).
        'callbacks', coalesce((select json_agg(c) from (
          select b.id as callback_id, u.given_names || ' ' || u.surname as contact,
                 b.slot_start as slot, b.team, b.reason, b.phone, b.status, b.ticket_id
            from callback_bookings b join users u on u.id = b.user_id
           where u.account_id = ${accountId}
           order by b.slot_start desc, b.id desc limit 20) c), '[]')
      ) as activity`,
  );
  if (!row?.found) throw adminError('accountMissing');
  const a = row.activity;
  return {
    transactions: a.transactions.map((t) => ({ ...t, at: isoOf(t.at) })),
    invoices: a.invoices.map((i) => ({ ...i, issued: isoOf(i.issued), due: isoOf(i.due) })),
    tickets: a.tickets.map((t) => ({ ...t, created: isoOf(t.created), updated: isoOf(t.updated) })),
    sessions: a.sessions.map((x) => ({
      ...x,
      started: isoOf(x.started),
      last_used: isoOf(x.last_used),
    })),
    messages: a.messages.map((m) => ({ ...m, created: isoOf(m.created) })),
    orders: a.orders.map((o) => ({ ...o, created: isoOf(o.created) })),
    callbacks: a.callbacks.map((c) => ({ ...c, slot: isoOf(c.slot) })),
  };
}
