import { sql } from 'drizzle-orm';
import type { AdminAccountView } from '@outpost/contracts/admin';
import type { Technology } from '@outpost/contracts/services';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { searchDigitsOf } from '@outpost/domain/admin-rules';
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
 * Customers whose account id, name, holder or contact (name, email, username, mobile), service
 * identifier (AVC id, phone number) or service postcode holds `q`, case-insensitively; an exact
 * account id first, then by name. What matched besides the account's name is said in `matched`.
 */
export async function searchAccounts(db: Db, q: string, limit = 20): Promise<Match[]> {
  const text = q.trim();
  const like = containing(text);
  const digits = searchDigitsOf(text);
  // Phone numbers and identifiers are compared as digits when the query has some (a mobile typed
  // with spaces or a +61 still matches); a query without digits never matches by digits.
  const digitsLike = digits.length >= 3 ? containing(digits) : null;
  const id = /^[0-9]{1,10}$/.test(text) && Number(text) <= 2_147_483_647 ? Number(text) : null;
  return queryRows<Match>(
    db,
    sql`select a.id as accountid, a.name, a.status,
               h.given_names || ' ' || h.surname as holder, h.email, h.mobile, m.matched
          from accounts a
          left join lateral (
            select given_names, surname, email, mobile from users
             where account_id = a.id and is_account_holder order by id limit 1) h on true
          left join lateral (select coalesce(
            (select 'service ' || s.identifier from services s
              where s.account_id = a.id
                and (s.identifier ilike ${like} or s.addr_postcode = ${text}
                     or (${digitsLike}::text is not null
                         and regexp_replace(s.identifier, '[^0-9]', '', 'g') like ${digitsLike}))
              order by s.id limit 1),
            (select 'contact ' || u.given_names || ' ' || u.surname from users u
              where u.account_id = a.id
                and (u.given_names || ' ' || u.surname ilike ${like} or u.email ilike ${like}
                     or u.username ilike ${like}
                     or (${digitsLike}::text is not null
                         and regexp_replace(coalesce(u.mobile, ''), '[^0-9]', '', 'g') like ${digitsLike}))
              order by u.is_account_holder desc, u.id limit 1)) as matched) m on true
         where a.id = ${id}::int or a.name ilike ${like} or m.matched is not null
         order by a.id = ${id}::int desc nulls last, a.name, a.id
         limit ${limit}`,
  );
}

type AccountRow = {
  accountid: number;
  external_id: string | null;
  name: string;
  status: string;
  created: string;
  balance_cents: number | null;
  contacts: AdminAccountView['contacts'] | null;
  services: AdminAccountView['services'] | null;
};

/** One customer as the console's customer view starts: the account, contacts and services. */
export async function adminAccount(db: Db, accountId: number): Promise<AdminAccountView> {
  const [row] = await queryRows<AccountRow>(
    db,
    sql`select a.id as accountid, a.external_id, a.name, a.status,
               to_char(a.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created,
               (select t.balance_cents from transactions t where t.account_id = a.id
                 order by t.created_at desc, t.id desc limit 1) as balance_cents,
               (select json_agg(json_build_object(
                         'userid', u.id, 'name', u.given_names || ' ' || u.surname,
                         'username', u.username, 'email', u.email, 'mobile', u.mobile,
                         'role', r.role, 'status', u.role_status, 'is_holder', u.is_account_holder,
                         'invited', to_char(u.invited_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                         'last_login', (select to_char(max(se.created_at) at time zone 'UTC',
                                                       'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
                                          from sessions se
                                         where se.user_id = u.id and se.staff_id is null))
                       order by u.is_account_holder desc, u.id)
                  from users u join roles r on r.id = u.role_id
                 where u.account_id = a.id) as contacts,
               (select json_agg(json_build_object(
                         'serviceid', s.id, 'type', s.type, 'technology', s.technology,
                         'identifier', s.identifier, 'nickname', s.nickname, 'status', s.status,
                         'plan', p.name,
                         'address', s.addr_line || ', ' || s.addr_suburb || ' ' || s.addr_state
                                    || ' ' || s.addr_postcode)
                       order by s.id)
                  from services s join plans p on p.id = s.plan_id
                 where s.account_id = a.id) as services
          from accounts a where a.id = ${accountId}`,
  );
  if (!row) throw adminError('accountMissing');
  return {
    ...row,
    balance_cents: row.balance_cents ?? 0,
    contacts: row.contacts ?? [],
    services: row.services ?? [],
  };
}

/** Every plan, by technology and the catalogue's order. */
export async function adminPlans(db: Db) {
  return queryRows<{
    planid: number;
    name: string;
    technology: Technology;
    price_cents: number;
    selectable: boolean;
  }>(
    db,
    sql`select id as planid, name, technology, price_cents, selectable from plans
         order by technology, sort, id`,
  );
}
