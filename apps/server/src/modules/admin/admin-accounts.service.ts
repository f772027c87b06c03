import { sql } from 'drizzle-orm';
import type { AdminAccountView } from '@outpost/contracts/admin';
import type { Db } from '../../db/client';
import { queryRows, withTransaction } from '../../db/client';
import { searchDigitsOf } from '@outpost/domain/admin-rules';
import { PAYMETHOD_BANK, PAYMETHOD_CARD } from '@outpost/domain/billing-rules';
import { quotaLabel } from '@outpost/domain/services';
import { businessTimeZone } from '@outpost/domain/time/zone';
import { bytesToMb, periodAllowances } from '@outpost/domain/usage';
import { brandName, lastDigits } from '../payments/paymethods.service';
import { periodStartSql, periodStopSql } from '../usage/usage.service';
import { adminError } from './admin.errors';

type Match = {
  accountid: number;
  name: string;
  status: string;
  holder: string | null;
  email: string | null;
  mobile: string | null;
  matched: string | null;
};

/** `text` as a LIKE pattern that matches it anywhere, its own % and _ taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Customers matching `q` (decision 051), best first: an account id exactly (3); an email,
 * username, mobile or service identifier exactly (2); a name (the account's or a contact's)
 * holding it, or a service postcode (1); part of an email, username, mobile (as digits, a +61
 * number read as 0...) or identifier (0.8); a name close to it, typos and all (pg_trgm's
 * word similarity of NAME_CLOSENESS or more, scored below any exact hit). Each branch is an index lookup
 * (the trigram and postcode indexes of migration 0024), so the time stays flat with the number of
 * accounts (bench/admin-search.ts). `matched` says what matched besides the account's name.
 */
export async function searchAccounts(
  db: Db,
  q: string | undefined,
  { limit = 20, offset = 0 }: { limit?: number; offset?: number } = {},
): Promise<{ rows: Match[]; hasMore: boolean }> {
  // One more than the page, to know whether another follows.
  const take = limit + 1;
  const text = (q ?? '').trim();
  const rows = text
    ? await withTransaction(db, async (tx) => {
        // How close a name must be (pg_trgm's `<%`), for this statement's transaction only: half
        // its trigrams shared with a word of the name ('Citzen' for Citizen, 'Casy Walkr').
        await tx.execute(
          sql`select set_config('pg_trgm.word_similarity_threshold', ${String(NAME_CLOSENESS)}, true)`,
        );
        const digits = searchDigitsOf(text);
        return searchStatement(tx, {
          text,
          like: containing(text),
          digits,
          // Numbers are compared as digits when the query has a few (a mobile typed with spaces).
          digitsLike: digits.length >= 4 ? containing(digits) : null,
          id: /^[0-9]{1,10}$/.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : null,
          take,
          offset,
        });
      })
    : await newestAccounts(db, take, offset);
  return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
}

/** Every customer, the newest first (the primary key's order), with the holder's details. */
function newestAccounts(db: Db, take: number, offset: number): Promise<Match[]> {
  return queryRows<Match>(
    db,
    sql`select a.id as accountid, a.name, a.status,
               h.given_names || ' ' || h.surname as holder, h.email, h.mobile, null as matched
          from (select id, name, status from accounts order by id desc
                 limit ${take} offset ${offset}) a
          left join lateral (
            select given_names, surname, email, mobile from users
             where account_id = a.id and is_account_holder order by id limit 1) h on true
         order by a.id desc`,
  );
}

/** How much of the query's trigrams a word of a name must share to count as close. */
const NAME_CLOSENESS = 0.5;

function searchStatement(
  db: Db,
  p: {
    text: string;
    like: string;
    digits: string;
    digitsLike: string | null;
    id: number | null;
    take: number;
    offset: number;
  },
): Promise<Match[]> {
  const { text, like, digits, digitsLike, id, take, offset } = p;
  // Each branch gives as many as the pages up to this one could show.
  const limit = take + offset;
  // Close names only for what could be a name: no digit, no @ (those are ids, numbers, emails).
  const fuzzy = /\p{L}/u.test(text) && !/[0-9@]/.test(text);
  const contactName = sql`(u.given_names || ' ' || u.surname)`;
  const mobileDigits = sql`regexp_replace(coalesce(u.mobile, ''), '[^0-9]', '', 'g')`;
  return queryRows<Match>(
    db,
    sql`with hits as (
          select id as account_id, 3::real as score, null::text as matched
            from accounts where id = ${id}::int
          union all
          -- Names holding the query: the first by name of as many as are asked (a common name
          -- matches thousands; only the page shown is needed).
          (select id, 1, null from accounts where name ilike ${like}
            order by name, id limit ${limit})
          union all
          (select u.account_id, 1, 'contact ' || ${contactName}
             from users u join accounts a on a.id = u.account_id
            where u.role_status <> 'Removed' and ${contactName} ilike ${like}
            order by a.name, a.id limit ${limit})
          union all
          -- Names close to it, typos and all: the closest first by the trigram GiST index
          -- (nearest neighbours, not every name that is close).
          (select id, 0.7 * (1 - (${text} <<-> name)), null from accounts
            where ${fuzzy} and ${text} <% name
            order by ${text} <<-> name limit ${limit})
          union all
          (select u.account_id, 0.7 * (1 - (${text} <<-> ${contactName})),
                  'contact ' || ${contactName}
             from users u
            where ${fuzzy} and u.role_status <> 'Removed' and ${text} <% ${contactName}
            order by ${text} <<-> ${contactName} limit ${limit})
          union all
          (select u.account_id,
                  case when lower(u.email) = lower(${text}) or lower(u.username) = lower(${text})
                       then 2 else 0.8 end as score,
                  'contact ' || ${contactName}
             from users u
            where u.role_status <> 'Removed'
              and (u.email ilike ${like} or u.username ilike ${like})
            order by score desc, u.account_id limit ${limit})
          union all
          (select u.account_id, case when ${mobileDigits} = ${digits} then 2 else 0.8 end as score,
                  'contact ' || ${contactName}
             from users u
            where ${digitsLike}::text is not null and u.role_status <> 'Removed'
              and ${mobileDigits} like ${digitsLike}
            order by score desc, u.account_id limit ${limit})
          union all
          (select s.account_id,
                  case when upper(s.identifier) in (upper(${text}), ${digits}) then 2 else 0.8 end
                    as score,
                  'service ' || s.identifier
             from services s
            where s.identifier ilike ${like}
               or (${digitsLike}::text is not null and s.identifier like ${digitsLike})
            order by score desc, s.account_id limit ${limit})
          union all
          (select s.account_id, 1, 'postcode ' || s.addr_postcode
             from services s where s.addr_postcode = ${text}
            order by s.account_id limit ${limit})),
        best as (
          select distinct on (account_id) account_id, score, matched from hits
           order by account_id, score desc, matched nulls first),
        top as (
          select b.account_id, b.score, b.matched, a.name, a.status
            from best b join accounts a on a.id = b.account_id
           order by b.score desc, a.name, a.id
           limit ${take} offset ${offset})
        select t.account_id as accountid, t.name, t.status,
               h.given_names || ' ' || h.surname as holder, h.email, h.mobile, t.matched
          from top t
          left join lateral (
            select given_names, surname, email, mobile from users
             where account_id = t.account_id and is_account_holder order by id limit 1) h on true
         order by t.score desc, t.name, t.account_id`,
  );
}

/** A time as the database gives it: a Date, or in JSON text with an offset. */
type DbTime = Date | string;
const isoOf = (time: DbTime) => new Date(time).toISOString();

/** A service's row as the statement gives it: the view's fields and the period's raw totals. */
type ServiceRow = Omit<
  AdminAccountView['services'][number],
  'usage' | 'blocks' | 'next_plan' | 'cancels_on'
> & {
  measured: boolean;
  unlimited: boolean;
  peak_quota_mb: number | null;
  offpeak_quota_mb: number | null;
  period_start: DbTime;
  period_stop: DbTime;
  peak_bytes: number;
  offpeak_bytes: number;
  unmetered_bytes: number;
  block_peak_mb: number;
  block_offpeak_mb: number;
  blocks: (Omit<AdminAccountView['services'][number]['blocks'][number], 'purchased'> & {
    purchased: DbTime;
  })[];
  next_plan: { plan: string; when: string; from: DbTime } | null;
  cancels_on: DbTime | null;
};

type PaymethodRow = {
  method: string;
  card_type: string | null;
  card_last4: string | null;
  card_expires: string | null;
  bank_name: string | null;
  bank_account: string | null;
};

type AccountRow = {
  accountid: number;
  external_id: string | null;
  name: string;
  status: string;
  created: DbTime;
  balance_cents: number | null;
  contacts:
    | (Omit<AdminAccountView['contacts'][number], 'invited' | 'last_login'> & {
        invited: DbTime | null;
        last_login: DbTime | null;
      })[]
    | null;
  services: ServiceRow[] | null;
  paymethod: PaymethodRow | null;
};

/**
 * One customer as the console's customer view starts (decision 054), in one statement: the
 * account, contacts, balance, the saved ways to pay, and each service with this period's usage
 * and data blocks (the period's totals row the dashboard reads, kept by ingestion and a trigger),
 * the plan change waiting for the next period and a scheduled cancellation.
 */
export async function adminAccount(
  db: Db,
  accountId: number,
  now: Date,
): Promise<AdminAccountView> {
  const zone = sql`${businessTimeZone()}`;
  const [row] = await queryRows<AccountRow>(
    db,
    sql`select a.id as accountid, a.external_id, a.name, a.status,
               a.created_at as created,
               (select t.balance_cents from transactions t where t.account_id = a.id
                 order by t.created_at desc, t.id desc limit 1) as balance_cents,
               (select json_agg(json_build_object(
                         'userid', u.id, 'name', u.given_names || ' ' || u.surname,
                         'username', u.username, 'email', u.email, 'mobile', u.mobile,
                         'role', r.role, 'status', u.role_status, 'is_holder', u.is_account_holder,
                         'invited', u.invited_at,
                         'last_login', (select max(se.created_at) from sessions se
                                         where se.user_id = u.id and se.staff_id is null))
                       order by u.is_account_holder desc, u.id)
                  from users u join roles r on r.id = u.role_id
                 where u.account_id = a.id) as contacts,
               (select json_agg(json_build_object(
                         'serviceid', s.id, 'type', s.type, 'technology', s.technology,
                         'identifier', s.identifier, 'nickname', s.nickname, 'status', s.status,
                         'plan', p.name,
                         'address', s.addr_line || ', ' || s.addr_suburb || ' ' || s.addr_state
                                    || ' ' || s.addr_postcode,
                         -- Usage is measured for broadband that is active or suspended (decision 052).
                         'measured', s.type = 'Broadband' and s.status in ('active', 'suspended'),
                         'unlimited', p.unlimited, 'peak_quota_mb', p.peak_quota_mb,
                         'offpeak_quota_mb', p.offpeak_quota_mb,
                         'period_start', ps.start, 'period_stop', ps.stop,
                         'peak_bytes', coalesce(u.peak, 0), 'offpeak_bytes', coalesce(u.offpeak, 0),
                         'unmetered_bytes', coalesce(u.unmetered, 0),
                         'block_peak_mb', coalesce(u.block_peak_mb, 0),
                         'block_offpeak_mb', coalesce(u.block_offpeak_mb, 0),
                         'blocks', coalesce((
                           select json_agg(json_build_object(
                                    'purchase_id', d.id, 'name', d.name, 'peak_mb', d.peak_mb,
                                    'offpeak_mb', d.offpeak_mb, 'price_cents', d.price_cents,
                                    'purchased', d.purchased_at)
                                  order by d.purchased_at desc, d.id desc)
                             from data_block_purchases d
                            where d.service_id = s.id and d.purchased_at >= ps.start
                              and d.purchased_at < ps.stop), '[]'::json),
                         -- The plan the roll-over moves it to, and the change that asked for it.
                         'next_plan', (
                           select json_build_object('plan', np.name,
                                    'when', coalesce(pc.when, 'Next Period'),
                                    'from', coalesce(pc.effective_at, ps.stop))
                             from plans np
                             left join lateral (
                               select c.when, c.effective_at from plan_changes c
                                where c.service_id = s.id and c.status = 'scheduled'
                                order by c.requested_at desc, c.id desc limit 1) pc on true
                            where np.id = s.next_plan_id),
                         'cancels_on', case when s.status <> 'cancelled' then s.cancel_at end)
                       order by s.id)
                  from services s join plans p on p.id = s.plan_id
                 cross join lateral (
                   select ${periodStartSql(sql`${now}`, zone, sql`s.period_start`)} as start) ps0
                 cross join lateral (
                   select ps0.start, ${periodStopSql(sql`ps0.start`, zone)} as stop) ps
                  left join service_period_totals u
                    on u.service_id = s.id and u.period_start = ps.start
                 where s.account_id = a.id) as services,
               (select row_to_json(m) from (
                  select method, card_type, card_last4, card_expires, bank_name, bank_account
                    from paymethods where account_id = a.id) m) as paymethod
          from accounts a where a.id = ${accountId}`,
  );
  if (!row) throw adminError('accountMissing');
  return {
    accountid: row.accountid,
    external_id: row.external_id,
    name: row.name,
    status: row.status,
    created: isoOf(row.created),
    balance_cents: row.balance_cents ?? 0,
    // ISO 8601 in UTC, as every time the API gives (the database's JSON writes an offset).
    contacts: (row.contacts ?? []).map((c) => ({
      ...c,
      invited: c.invited === null ? null : isoOf(c.invited),
      last_login: c.last_login === null ? null : isoOf(c.last_login),
    })),
    services: (row.services ?? []).map(serviceView),
    payment_methods: paymentMethodsOf(row.paymethod),
  };
}

function serviceView(s: ServiceRow): AdminAccountView['services'][number] {
  const usage = s.measured
    ? {
        period_start: isoOf(s.period_start),
        period_end: isoOf(s.period_stop),
        unlimited: s.unlimited,
        peak_label: quotaLabel(s.technology),
        // Counted as the customer's usage page counts it (one rule in the domain).
        ...periodAllowances(
          s,
          { peak: Number(s.peak_bytes), offpeak: Number(s.offpeak_bytes) },
          { peak: s.block_peak_mb, offpeak: s.block_offpeak_mb },
        ),
        unmetered_mb: bytesToMb(Number(s.unmetered_bytes)),
      }
    : null;
  return {
    serviceid: s.serviceid,
    type: s.type,
    technology: s.technology,
    identifier: s.identifier,
    nickname: s.nickname,
    status: s.status,
    plan: s.plan,
    address: s.address,
    usage,
    blocks: s.blocks.map((b) => ({ ...b, purchased: isoOf(b.purchased) })),
    next_plan: s.next_plan ? { ...s.next_plan, from: isoOf(s.next_plan.from) } : null,
    cancels_on: s.cancels_on === null ? null : isoOf(s.cancels_on),
  };
}

/**
 * The saved ways to pay, as a person tells them apart: the brand (or bank), the last 4 digits,
 * a card's expiry and which one the billing run debits. Nothing else of the row leaves here.
 */
function paymentMethodsOf(row: PaymethodRow | null): AdminAccountView['payment_methods'] {
  if (!row) return [];
  const methods: AdminAccountView['payment_methods'] = [];
  if (row.card_last4 !== null)
    methods.push({
      kind: 'card',
      brand: brandName(row.card_type ?? 'Card'),
      last4: row.card_last4,
      expires: row.card_expires,
      default: row.method === PAYMETHOD_CARD,
    });
  if (row.bank_account !== null)
    methods.push({
      kind: 'bank',
      brand: row.bank_name ?? 'Bank account',
      last4: lastDigits(row.bank_account),
      expires: null,
      default: row.method === PAYMETHOD_BANK,
    });
  return methods;
}
