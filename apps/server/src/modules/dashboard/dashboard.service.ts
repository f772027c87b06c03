import { and, eq, sql } from 'drizzle-orm';
import type { Alert, Dashboard, DashboardNotice } from '@outpost/contracts/dashboard';
import { dashboardLinkKeys } from '@outpost/contracts/dashboard';
import type { Technology } from '@outpost/contracts/services';
import { DAY_MS, type ServiceLifeStatus, seesServices } from '@outpost/domain/services';
import { currentPeriod } from '@outpost/domain/business-periods';
import { addBusinessDays, wallDate } from '@outpost/domain/time/zoned';
import { BILLING_PERIOD_DAYS } from '@outpost/domain/constants';
import type { Db } from '../../db/client';
import { preparedStatement, queryRows } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { AuthContext } from '../../lib/auth-context';
import type { CallerRow } from '../auth/caller';
import { callerSql } from '../auth/caller';
import { coveredStreetQuery } from '../advisories/advisories.service';
import { activitySummaryFrom, periodStartSql } from '../usage/usage.service';
import { alerts } from '../alerts/alerts.schema';
import { planPriceAt } from '../services/plan-prices';
import { serviceName } from '@outpost/domain/phone-format';
import { needsReplyTitle } from '@outpost/domain/tickets-rules';
import { affectsText } from '@outpost/domain/advisories-rules';
import { webPaths } from '../notifications/web-paths';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A due date as the dashboard gives dates: the business zone's day. */
function dueParts(instant: Date) {
  const d = wallDate(instant);
  return { day_in_month: d.day, mm: d.month, year: d.year };
}

type AccountRow = {
  id: number;
  billing_period_start: Date | string | null;
  created_at: Date | string;
  display: string | null;
  balance: number | null;
  due_at: Date | string | null;
};

type ActivityRow = {
  id: number;
  created_at: Date | string;
  type: string;
  status: string;
  amount_cents: number;
  balance_cents: number;
};

type ServiceRow = {
  id: number;
  type: 'Broadband' | 'Telephony';
  status: ServiceLifeStatus;
  technology: Technology;
  identifier: string;
  nickname: string | null;
  addr_abbr: string;
  plan_name: string;
  price: number;
  is_custom: boolean;
  unlimited: boolean;
  peak_quota_mb: number | null;
  offpeak_quota_mb: number | null;
  period_start: Date | string;
  peak: number | null;
  offpeak: number | null;
  unmetered: number | null;
  block_peak: number;
  block_offpeak: number;
};

/** An open advisory affecting the account, with the street of the first service it covers. */
type AdvisoryNoticeRow = { id: number; title: string; started: string; street: string };
/** A ticket waiting on the customer. */
type TicketNoticeRow = { id: number; subject: string; updated_at: string };

export type DashboardRow = {
  caller: CallerRow;
  /** null when there is none (json_agg of no rows). */
  advisory_notices: AdvisoryNoticeRow[] | null;
  ticket_notices: TicketNoticeRow[] | null;
  account: AccountRow | null;
  activity: ActivityRow[];
  services: ServiceRow[];
};

/**
 * The caller and the whole dashboard's rows in one statement, prepared once per connection: the
 * token lookup (callerSql) is its first part, so the call costs one round trip to PostgreSQL,
 * not two (the route passes the caller row to checkCaller, which makes the auth hook's checks).
 * The rows are read for the caller's account; which cards the caller may see is decided in
 * dashboardFrom. Shaped for a cheap executor start-up, which at this size costs more than
 * running it: the plan and the period's totals are lateral lookups by key (nested loops over
 * the account's few services, not hash tables built for each call), the extras are scalar
 * subqueries, and each list is sorted once, inside its json_agg.
 */
export const dashboardRows = preparedStatement<
  DashboardRow,
  { hash: string; now: Date; zone: string }
>(
  'dashboard',
  sql`with caller as materialized (${callerSql})
  select row_to_json(c) as caller,
    -- Notices (docs/decisions/017), as two short lists that dashboardFrom merges newest first
    -- (one union sorted in SQL cost the statement a third more executor nodes, issue 38).
    -- Open advisories (a partial index) affecting one of the account's services, each with the
    -- first covered service's street (docs/decisions/019): a lookup by key per open advisory.
    (select json_agg(x) from (
       select a.id, a.title, a.started, m.street from advisories a
        cross join lateral (${coveredStreetQuery(sql`c.account_id`)}) m
        where a.status <> 'Resolved') x) as advisory_notices,
    -- Tickets waiting on the customer (status Waiting, shown as Attention; a partial index).
    (select json_agg(x) from (
       select tk.id, tk.subject, tk.updated_at from tickets tk
        where tk.account_id = c.account_id and tk.status = 'Waiting') x) as ticket_notices,
    (select row_to_json(a) from (
       select a.id, a.billing_period_start, a.created_at, pm.display,
              (select t.balance_cents from transactions t where t.account_id = a.id
                order by t.created_at desc, t.id desc limit 1) as balance,
              (select min(i.due_at) from invoices i
                where i.account_id = a.id and i.status = 'Unpaid') as due_at
         from accounts a left join paymethods pm on pm.account_id = a.id
        where a.id = c.account_id) a) as account,
    (select coalesce(json_agg(t order by t.created_at desc, t.id desc), '[]'::json) from (
       select id, created_at, type, status, amount_cents, balance_cents from transactions
        where account_id = c.account_id
        order by created_at desc, id desc limit 3) t) as activity,
    (select coalesce(json_agg(svc order by (svc.type = 'Broadband' and svc.status = 'active') desc, svc.id), '[]'::json) from (
       select s.id, s.type, s.status, s.technology, s.identifier, s.nickname, s.addr_abbr,
              pl.name as plan_name, pl.is_custom, pl.unlimited, pl.peak_quota_mb, pl.offpeak_quota_mb,
              -- The price this period was billed at: the plan's at the period's start (decision 055).
              ${planPriceAt(sql`pl.id`, sql`pl.price_cents`, sql`ps.start`)} + coalesce((
                select sum((select e.price_cents from plan_extras e where e.id = se.extra_id))::int
                  from service_extras se where se.service_id = s.id), 0) as price,
              ps.start as period_start,
              u.peak::float8 as peak, u.offpeak::float8 as offpeak, u.unmetered::float8 as unmetered,
              coalesce(u.block_peak_mb, 0) as block_peak, coalesce(u.block_offpeak_mb, 0) as block_offpeak
         from services s
        cross join lateral (select * from plans pl where pl.id = s.plan_id offset 0) pl
        -- The period holding now: 30 days on the business zone's wall clock (docs/decisions/041).
        cross join lateral (select ${periodStartSql(sql.placeholder('now'), sql.placeholder('zone'), sql`s.period_start`)} as start) ps
         -- Usage and blocks of the period in one row (kept by ingestion and a trigger).
         left join lateral (select * from service_period_totals u
                             where s.type = 'Broadband' and s.status in ('active', 'suspended')
                               and u.service_id = s.id and u.period_start = ps.start offset 0) u on true
        where s.account_id = c.account_id and s.display) svc) as services
  from caller c`,
);

/**
 * The dashboard (one call, so the page needs no chain of requests) from the caller's rows. Each
 * card's data is returned only to a caller who may see it.
 */
export function dashboardFrom(auth: AuthContext, row: DashboardRow, now: Date): Dashboard {
  const held = auth.permissions;
  const blocks = {
    account: held.has('view-account') || held.has('view-current-bill'),
    activity: held.has('view-billing-activity') || held.has('view-transactions'),
    services: seesServices(held),
  };
  const withUsage = held.has('view-activity');
  const account = row.account;
  const activity = blocks.activity ? row.activity : [];
  const services = blocks.services ? row.services : [];
  if (!account) throw notFound();

  const anchor = new Date(account.billing_period_start ?? account.created_at);
  const period = currentPeriod(anchor, now);
  const lastDay = wallDate(new Date(period.stop.getTime() - 1));
  const next = wallDate(period.stop);
  const balance = account.balance ?? 0;

  return {
    permissions: {
      links: Object.fromEntries(
        dashboardLinkKeys.map((k) => [k, held.has(k)]),
      ) as Dashboard['permissions']['links'],
      blocks,
    },
    period: {
      current_end: { day_in_month: lastDay.day, mm: lastDay.month, year: lastDay.year },
      next_start: { month: next.month, day_in_month: next.day, year: next.year },
      days_remain: Math.max(0, Math.ceil((period.stop.getTime() - now.getTime()) / DAY_MS)),
    },
    account: blocks.account
      ? {
          accountid: account.id,
          balance: {
            amount: balance,
            status: balance > 0 ? 'Owing' : balance < 0 ? 'In Credit' : 'Paid',
          },
          due: balance > 0 && account.due_at ? dueParts(new Date(account.due_at)) : null,
          paymethod: { display: account.display ?? 'Not Yet Set' },
        }
      : null,
    activity: activity.map((t) => {
      const d = wallDate(new Date(t.created_at));
      return {
        transactionid: t.id,
        when: { day_in_month: d.day, mon: MONTHS[d.month - 1]!, year: d.year },
        type: t.type,
        status: t.status,
        amount: { value: t.amount_cents },
        balance: { value: t.balance_cents },
      };
    }),
    services: services.map((s) => {
      const start = new Date(s.period_start);
      // A suspended service's usage stays in view; a cancelled one's is history (decision 052).
      const measured =
        s.type === 'Broadband' && (s.status === 'active' || s.status === 'suspended') && withUsage;
      return {
        serviceid: s.id,
        service_name: s.nickname ?? serviceName(s.technology, s.identifier),
        alt_service_name: `${s.plan_name}, ${s.addr_abbr}`,
        nickname: s.nickname,
        identifier: s.identifier,
        addr_abbr: s.addr_abbr,
        plan_name: s.plan_name,
        price: s.price,
        is_custom: s.is_custom,
        technology: s.technology,
        type: s.type,
        status: s.status,
        is_limitless: s.unlimited,
        usage: measured
          ? activitySummaryFrom(
              s,
              { peak: s.peak ?? 0, offpeak: s.offpeak ?? 0, unmetered: s.unmetered ?? 0 },
              { peak: s.block_peak, offpeak: s.block_offpeak },
              { start, stop: addBusinessDays(start, BILLING_PERIOD_DAYS) },
            )
          : null,
      };
    }),
    notices: noticesFrom(row, blocks.services, held.has('view-tickets')),
  };
}

/**
 * The notices a caller may see, newest first: advisories with the services block, tickets with
 * view-tickets (docs/decisions/017).
 */
function noticesFrom(
  row: DashboardRow,
  seesServices: boolean,
  seesTickets: boolean,
): DashboardNotice[] {
  const notices: { at: number; notice: DashboardNotice }[] = [];
  for (const a of seesServices ? (row.advisory_notices ?? []) : []) {
    const href = webPaths.networkStatus(a.id);
    const notice = {
      kind: 'advisory',
      id: a.id,
      title: a.title,
      message: affectsText(a.street),
      href,
    } as const;
    notices.push({ at: Date.parse(a.started), notice });
  }
  for (const t of seesTickets ? (row.ticket_notices ?? []) : []) {
    const notice = {
      kind: 'ticket',
      id: t.id,
      title: needsReplyTitle(t.id),
      message: t.subject,
      href: webPaths.ticket(t.id),
    } as const;
    notices.push({ at: Date.parse(t.updated_at), notice });
  }
  return notices.sort((a, b) => b.at - a.at).map((n) => n.notice);
}

type AlertRow = {
  id: number;
  kind: string;
  message: string;
  created_at: Date | string;
  invoice_id: number | null;
  invoice_number: string | null;
};

/** The caller's unread alerts, newest first. */
export async function listAlerts(db: Db, userId: number): Promise<Alert[]> {
  const rows = await queryRows<AlertRow>(
    db,
    sql`select a.id, a.kind, a.message, a.created_at, i.id as invoice_id, i.number as invoice_number
          from alerts a
          left join invoices i on a.ref like 'invoice:%' and i.id = nullif(split_part(a.ref, ':', 2), '')::int
         where a.user_id = ${userId} and a.read_at is null
         order by a.created_at desc, a.id desc limit 50`,
  );
  return rows.map((r) => ({
    alert_id: r.id,
    type: r.kind === 'news' ? 'miscellaneous' : 'account',
    message: r.message,
    sent: new Date(r.created_at).toISOString(),
    invoice:
      r.invoice_id !== null && r.invoice_number !== null
        ? { invoiceid: r.invoice_id, number: r.invoice_number }
        : null,
  }));
}

/** Marks one of the caller's own alerts read; anyone else's (or none) answers 404. */
export async function markAlertRead(db: Db, userId: number, alertId: number, now: Date) {
  const rows = await db
    .update(alerts)
    .set({ readAt: sql`coalesce(${alerts.readAt}, ${now})` })
    .where(and(eq(alerts.id, alertId), eq(alerts.userId, userId)))
    .returning({ id: alerts.id });
  if (rows.length === 0) throw notFound();
}
