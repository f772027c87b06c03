import { randomUUID } from 'node:crypto';
import { asc, eq, ne, and, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ObjectKind, RouteContract } from '@outpost/contracts/route-contract';
import { apiRoutes } from '@outpost/contracts/api-routes';
import { serverErrors } from '@outpost/contracts/messages';
import { buildPath } from '@outpost/contracts/api-paths';
import { ordersRoutes } from '@outpost/contracts/orders';
import type { LightMyRequestResponse } from 'fastify';
import type { Db } from '../db/client';
import { queryRows } from '../db/client';
import { users } from '../db/accounts.schema';
import { rateLimits } from '../db/rate-limits.schema';
import { sessions } from '../modules/auth/auth.schema';
import { deviceTokens } from '../modules/notifications/notifications.schema';
import { effectivePermissions } from '../modules/users/users.service';
import { mintSession, mintStaffSession } from './sessions';
import { ADMIN_SCOPES, STAFF_ROLE_SCOPES } from '@outpost/domain/admin-rules';
import { STAFF_ROLES } from '@outpost/domain/staff-rules';
import { businessDate } from '@outpost/domain/time/zoned';
import { callbackDays } from '@outpost/domain/callback-slots';
import { createApiKey, revokeApiKey } from '../modules/admin/api-keys.service';
import { createEndpoint } from '../modules/webhooks/webhooks.service';
import { createStaffMember } from '../modules/staff/staff.service';
import type { TestContext } from './test-app';
import { createTestContext } from './test-app';

/**
 * Walks every route of the inventory as every persona. The expected answer of each cell comes
 * from the route's row (access, permissions, objects), so a new route needs only its row.
 */

// Public routes are listed here on purpose: a route that becomes public must be added by hand.
const REVIEWED_PUBLIC_ROUTES = [
  'health',
  // Readiness and liveness for the load balancer: booleans only, no data (docs/decisions/024).
  'healthReady',
  'healthLive',
  'login',
  // Access recovery works without a session by nature; it is rate-limited per contact and
  // address and answers the same for known and unknown contacts (recovery.test.ts).
  'recoverRequestPrepare',
  'recoverRequestCommit',
  'recoverVerifyPrepare',
  'recoverVerifyCommit',
  // Embedded usage exchanges a 256-bit single-use code for a token scoped to one service's usage
  // (usage.test.ts); the code is the credential.
  'usageOnlyLogin',
  // Legal and help pages (terms, privacy, hardship) are public documents; only pages marked
  // public are served (dashboard.test.ts).
  'page',
  // The card gateway's webhook: the gateway's signature over the raw body is the credential (an
  // unsigned or wrongly signed event answers 400); each event id is processed once, and what it
  // records is read from the verified event, never from a customer (payments.test.ts).
  'gatewayWebhook',
  // The SMS providers' delivery reports (docs/decisions/043): Twilio's signature over the URL and
  // the fields, or the per-message token in MessageMedia's callback address, is the credential
  // (403 without it); they record only delivered or failed on the message the address names, and
  // answer 404 unless that provider is configured (sms-reports.test.ts).
  'smsStatusTwilio',
  'smsStatusMessageMedia',
  // The sandbox gateway's stand-ins for Stripe.js and the bank's page: the intent's client secret
  // is the credential (a wrong one is a plain 404); 404 when Stripe is configured (sandbox-gateway.test.ts).
  'sandboxConfirmSetup',
  'sandboxConfirmPayment',
  'sandboxAuthenticatePage',
  'sandboxAuthenticate',
  // Staff access (docs/decisions/025, staff.test.ts): staff sign in with a password and an
  // authenticator code (rate-limited, one answer for every failure); a staff link is an HMAC-signed,
  // 5-minute, single-use credential (tampered, forged, expired, replayed: refused and audited);
  // /xd answers 404 unless enabled, and then only to a staff-assisted session of that account's
  // holder or (outside production) the holder's own.
  'staffLogin',
  'staffLoginVerify',
  'staffUsageVerify',
  'debugIntegrate',
];
// Routes with their own token rules, tested in auth.test.ts.
const OWN_TOKEN_RULES = ['refresh'];
// Commits whose success needs the card gateway's step in the browser between prepare and commit
// (confirming the intent): their success, and their account boundary, are tested with the sandbox
// in payments/paymethods.test.ts and payments.test.ts.
const NEEDS_GATEWAY_STEP = ['commitAddCard', 'commitAddBank', 'postPayment'];
// Routes whose success needs a one-time code the matrix cannot know (sent by SMS or email, or from
// an authenticator): their success and their refusals are tested in step-up.test.ts.
// A callback slot takes two bookings (CALLBACK_SLOT_CAPACITY) and a contact one per team: the
// five callers cannot all book the example's slot. Its success, capacity under concurrency and
// refusals are tested in callbacks/callbacks.test.ts.
const CAPACITY_LIMITED = ['requestCallbackCommit'];
// A push token is one person's: a refresh with a token another person registered answers 404
// (docs/decisions/036). Each caller refreshes the example's token as a token of their own: the
// devices the previous caller registered are cleared first (ownership: notifications.test.ts).
const ONE_PERSONS_TOKEN = ['refreshDeviceToken'];
// Every caller sends the example's one new email, and a code goes to it each time: more than the
// message limit lets one address be sent in an hour (docs/decisions/036). The limit's counters are
// forgotten before each caller (the limit itself: account/contact-change.test.ts).
const ONE_ADDRESS_MESSAGES = ['updateOwnContact'];
const NEEDS_ONE_TIME_CODE = [
  'stepUpVerify',
  // Two-factor changes need, besides a fresh step-up, a valid authenticator code of the pending
  // secret to turn the app on; tested in security/two-factor.test.ts.
  'updateTwoFactor',
  // A new email or mobile takes effect with the code sent to it; tested in
  // account/contact-change.test.ts.
  'verifyOwnContact',
];

/** A session for `userId`; for a route that needs a step-up, one that verified a code just now. */
const sessionFor = (route: RouteContract, userId: number) =>
  mintSession(ctx.database.db, userId, 'live', new Date(), { stepUp: route.stepUp === true });

const HOLDER = { userId: 5001, accountId: 100001 };
const OTHER_HOLDER = { userId: 5006, accountId: 100003 };
// billing, services, limited, viewer on the holder's account, and (added in beforeAll) a contact
// holding view-activity alone: the usage pages' services but not the full services list (039).
const CONTACTS = [5002, 5003, 5004, 5008];
const MISSING_ID = 2_147_483_000;

/** For each kind of account-owned object: one that belongs to the given account. */
const ownedObject: Record<
  ObjectKind,
  | ((db: Db, accountId: number, callerId: number, route: RouteContract) => Promise<number>)
  | undefined
> = {
  user: async (db, accountId, callerId, route) => {
    // A route that changes or removes a contact gets a throwaway contact made for the case: the
    // contact rules refuse the caller's own row (the other account's holder is alone on it) and
    // the holder's, and a removal must never take a seeded persona that later cases use.
    if (route.method !== 'GET') return throwawayContact(db, accountId);
    // Prefer another contact on the account; fall back to the caller when they are the only one.
    const [row] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.accountId, accountId), ne(users.id, callerId)))
      .orderBy(asc(users.id))
      .limit(1);
    return row?.id ?? callerId;
  },
  service: async (db, accountId, _callerId, route) => {
    // An active, metered broadband service (every service route works on one), else any. Call
    // barring and landline options (docs/decisions/021) need an active landline with the flags.
    const telephony = ['barringOptions', 'setBarring', 'telephonyFeatures', 'setTelephonyFeatures'];
    if (telephony.includes(route.id)) {
      // Only the holder's account has a landline: another account gets a copy of it (once).
      await db.execute(sql`insert into services overriding system value
        select (jsonb_populate_record(null::services, to_jsonb(s) || jsonb_build_object(
                  'id', 290000 + ${accountId}::int, 'account_id', ${accountId}::int,
                  'identifier', '07555' || (90000 + ${accountId}::int % 10000)::text))).*
          from services s
         where s.id = 200103 and ${accountId}::int <> s.account_id
           and not exists (select 1 from services o where o.account_id = ${accountId}::int
                            and o.has_landline_barring and o.has_landline_options)
        on conflict do nothing`);
    }
    // Transfers and new VoIP (docs/decisions/022) need a VoIP service with can_ordernew: the
    // holder's 200104, copied to another account once.
    if (['prepareOrder', 'commitOrder'].includes(route.id)) {
      await db.execute(sql`insert into services overriding system value
        select (jsonb_populate_record(null::services, to_jsonb(s) || jsonb_build_object(
                  'id', 291000 + ${accountId}::int, 'account_id', ${accountId}::int,
                  'identifier', '07556' || (90000 + ${accountId}::int % 10000)::text))).*
          from services s
         where s.id = 200104 and ${accountId}::int <> s.account_id
        on conflict do nothing`);
      const [voip] = await queryRows<{ id: number }>(
        db,
        sql`select id from services where account_id = ${accountId} and can_ordernew
             and technology = 'VOIP' order by id limit 1`,
      );
      return voip!.id;
    }
    const [row] = await queryRows<{ id: number }>(
      db,
      telephony.includes(route.id)
        ? sql`select s.id from services s
               where s.account_id = ${accountId}
               order by (s.status = 'active' and s.has_landline_barring and s.has_landline_options) desc, s.id
               limit 1`
        : sql`select s.id from services s join plans p on p.id = s.plan_id
           where s.account_id = ${accountId}
           order by (s.type = 'Broadband' and s.status = 'active' and not p.unlimited) desc, s.id
           limit 1`,
    );
    if (!row) throw new Error(`account ${accountId} has no service`);
    return row.id;
  },
  invoice: async (db, accountId) => {
    // The account's newest invoice (every demo account has 13 months of them).
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`select id from invoices where account_id = ${accountId} order by period_start desc limit 1`,
    );
    if (!row) throw new Error(`account ${accountId} has no invoice`);
    return row.id;
  },
  alert: async (db, accountId, callerId) => {
    // An alert of the caller (or, for another account, of its first user), made for the test.
    const [owner] = await queryRows<{ id: number }>(
      db,
      callerId > 0
        ? sql`select ${callerId}::int as id`
        : sql`select id from users where account_id = ${accountId} order by id limit 1`,
    );
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`insert into alerts (user_id, account_id, kind, message, created_at)
          values (${owner!.id}, ${accountId}, 'usage', '<p>Matrix alert: usage update</p>', now())
          returning id`,
    );
    return row!.id;
  },
  plan: undefined,
  ticket: async (db, accountId) => {
    // A ticket of the account with its first message, made for the case (docs/decisions/017).
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`with t as (insert into tickets (account_id, category, subject, status)
                     values (${accountId}, 'Other', 'Matrix ticket subject', 'Open') returning id),
               m as (insert into ticket_messages (ticket_id, author_name, from_customer, body)
                     select id, 'Matrix Author', true, 'Matrix ticket message' from t)
          select id from t`,
    );
    return row!.id;
  },
  attachment: async (db, accountId) => {
    // A PNG attached to a ticket of the account, made for the case.
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`with t as (insert into tickets (account_id, category, subject)
                     values (${accountId}, 'Other', 'Matrix attachment ticket') returning id),
               m as (insert into ticket_messages (ticket_id, author_name, from_customer, body)
                     select id, 'Matrix Author', true, 'See the photo' from t returning id, ticket_id)
          insert into ticket_attachments (ticket_id, message_id, filename, content_type, size, content)
          select ticket_id, id, 'matrix-photo.png', 'image/png', ${png.length}, ${png} from m
          returning id`,
    );
    return row!.id;
  },
  paymethod: undefined,
  session: async (db, accountId, callerId) => {
    // A signed-in device of the caller (or, for another account, of its first user), made for the test.
    const [owner] = await queryRows<{ id: number }>(
      db,
      callerId > 0
        ? sql`select ${callerId}::int as id`
        : sql`select id from users where account_id = ${accountId} order by id limit 1`,
    );
    const minted = await mintSession(db, owner!.id);
    const [row] = await db
      .insert(sessions)
      .values({
        familyId: minted.familyId,
        userId: owner!.id,
        userAgent: 'matrix',
        ip: '192.0.2.1',
      })
      .returning({ id: sessions.id });
    return row!.id;
  },
  self: async (db, accountId, callerId) => {
    // The caller's own id (a push device's userId); for another account, its first user's.
    if (callerId > 0) return callerId;
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`select id from users where account_id = ${accountId} order by id limit 1`,
    );
    return row!.id;
  },
  callback: async (db, accountId, callerId) => {
    // A Sales & Accounts callback of the caller (or, for another account, of its first user) a
    // week ahead, with its ticket, made for the test (the example books Technical Support).
    const [owner] = await queryRows<{ id: number }>(
      db,
      callerId > 0
        ? sql`select ${callerId}::int as id`
        : sql`select id from users where account_id = ${accountId} order by id limit 1`,
    );
    const [ticket] = await queryRows<{ id: number }>(
      db,
      sql`insert into tickets (account_id, created_by, category, subject, source)
          values (${accountId}, ${owner!.id}, 'Callback', 'Matrix callback', 'callback')
          returning id`,
    );
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`insert into callback_bookings (account_id, user_id, team, slot_start, phone, reason, ticket_id)
          values (${accountId}, ${owner!.id}, 'sales', now() + interval '7 days', '0491570006',
                  'Matrix callback reason', ${ticket!.id})
          returning id`,
    );
    return row!.id;
  },
};

let throwaways = 0;

/** A General Contact (Tenant) with no permissions, on the account, for one case. */
async function throwawayContact(db: Db, accountId: number): Promise<number> {
  throwaways += 1;
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into users (account_id, username, given_names, surname, email, role_id, relationship_id)
        select ${accountId}, ${`matrix-${accountId}-${throwaways}@example.com`}, 'Matrix', 'Throwaway',
               ${`matrix-${accountId}-${throwaways}@example.com`}, r.id, rel.id
          from roles r join relationships rel on rel.role_id = r.id
         where r.role = 'General Contact' and rel.relationship = 'Tenant'
        returning id`,
  );
  return row!.id;
}

let ctx: TestContext;

async function enabledPermissionSet(db: Db, userId: number): Promise<Set<string>> {
  const entries = await effectivePermissions(db, userId);
  return new Set(entries.filter((e) => e.enabled === 1).map((e) => e.permission));
}

/** A General Contact (Tenant) on the holder's account who holds view-activity and nothing else. */
async function activityOnlyContact(db: Db): Promise<number> {
  const id = await throwawayContact(db, HOLDER.accountId);
  // The demo password (a password change checks the current one), as the seeded contacts have.
  await db.execute(sql`update users set password_hash =
                         (select password_hash from users where id = ${HOLDER.userId})
                       where id = ${id}`);
  await db.execute(sql`insert into user_permissions (user_id, permission, enabled)
                       values (${id}, 'view-activity', true)`);
  return id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  const activityOnly = await activityOnlyContact(ctx.database.db);
  expect([...(await enabledPermissionSet(ctx.database.db, activityOnly))]).toEqual([
    'view-activity',
  ]);
  CONTACTS.push(activityOnly);
});
afterAll(async () => ctx.close());

type Target = 'own' | 'foreign' | 'missing';

async function objectIds(
  route: RouteContract,
  callerId: number,
  accountId: number,
  target: Target,
) {
  const ids: Record<string, number> = {};
  for (const ref of route.objects) {
    const resolve = ownedObject[ref.kind];
    if (!resolve) throw new Error(`No fixture for object kind ${ref.kind}: add one to ownedObject`);
    ids[ref.name] =
      target === 'missing'
        ? MISSING_ID
        : target === 'own'
          ? await resolve(ctx.database.db, accountId, callerId, route)
          : await resolve(
              ctx.database.db,
              accountId === HOLDER.accountId ? OTHER_HOLDER.accountId : HOLDER.accountId,
              -1,
              route,
            );
  }
  return ids;
}

async function call(
  route: RouteContract,
  headers: Record<string, string>,
  ids: Record<string, number> = {},
): Promise<LightMyRequestResponse> {
  const params = { ...(route.example?.params ?? {}), ...pick(ids, route, 'params') } as Record<
    string,
    string | number
  >;
  const query = { ...(route.example?.querystring ?? {}), ...pick(ids, route, 'querystring') };
  // An array body (a list of changes) is sent as its example: spreading it would make an object.
  let body: Record<string, unknown> | unknown[] | undefined = !route.body
    ? undefined
    : Array.isArray(route.example?.body)
      ? (route.example.body as unknown[])
      : { ...((route.example?.body as object | undefined) ?? {}), ...pick(ids, route, 'body') };
  if (route.csrfFrom) {
    // A commit: prepare the same request first and commit with its csrf (a placeholder when the
    // prepare is refused, so the commit is judged on its own).
    const prepare = apiRoutes.find((r) => r.id === route.csrfFrom);
    if (!prepare) throw new Error(`${route.id}: no route ${route.csrfFrom}`);
    const prepared = await call(prepare, headers, ids);
    const csrf =
      prepared.statusCode === 200
        ? (prepared.json() as { data: { csrf: string } }).data.csrf
        : 'not-a-prepared-csrf';
    body = { ...body, csrf };
  }
  return ctx.app.inject({
    method: route.method,
    url: buildPath(route.path, params),
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    headers,
    ...(body !== undefined ? { payload: body } : {}),
  });
}

function pick(
  ids: Record<string, number>,
  route: RouteContract,
  where: 'params' | 'querystring' | 'body',
) {
  return Object.fromEntries(
    route.objects.filter((o) => o.in === where).map((o) => [o.name, ids[o.name]]),
  );
}

const userRoutes = apiRoutes.filter(
  (r) => r.access === 'user' || r.access === 'usage' || r.access === 'session',
);

it('has reviewed every public route', () => {
  const publicIds = apiRoutes.filter((r) => r.access === 'public').map((r) => r.id);
  expect(publicIds.sort()).toEqual([...REVIEWED_PUBLIC_ROUTES].sort());
  const others = apiRoutes.filter(
    (r) => r.access !== 'public' && !userRoutes.includes(r) && !OWN_TOKEN_RULES.includes(r.id),
  );
  // internal and staff routes answer 403 to every customer token; admin routes 401 (below).
  for (const route of others) expect(route.access).toMatch(/^(internal|staff|admin)$/);
});

/**
 * The admin API (docs/decisions/051): each route as each staff role and each kind of API key, and
 * as those who must never get in. The expected answer comes from the route's adminScope and
 * STAFF_ROLE_SCOPES; a key never holds 'keys'.
 */
const adminApiRoutes = apiRoutes.filter((r) => r.access === 'admin');

it('gives every admin route a scope', () => {
  expect(adminApiRoutes.length).toBeGreaterThan(0);
  for (const route of adminApiRoutes) expect(ADMIN_SCOPES, route.id).toContain(route.adminScope);
});

let adminCalls = 0;

/**
 * The route's example made new for each call, as a new request would be: a fresh key of its own
 * to revoke, a new holder's email and mobile, a new service identifier and external id, and a new
 * Idempotency-Key.
 */
async function adminCall(route: RouteContract, headers: Record<string, string>) {
  adminCalls += 1;
  const n = String(adminCalls).padStart(6, '0');
  const params: Record<string, string | number> = {
    ...(route.example?.params as Record<string, string | number> | undefined),
  };
  if ('external_id' in params) params.external_id = `MATRIX-${n}`;
  let body = route.example?.body as Record<string, unknown> | undefined;
  if (body && typeof body.holder === 'object') {
    body = {
      ...body,
      holder: { ...body.holder, email: `matrix-holder-${n}@example.com`, mobile: `0400${n}` },
    };
  }
  if (body && typeof body.identifier === 'string') body = { ...body, identifier: `AVC9${n}` };
  // A new contact (adminAddContact): an email and mobile of its own.
  if (body && typeof body.relationship === 'string' && typeof body.email === 'string')
    body = { ...body, email: `matrix-added-${n}@example.com`, mobile: `0422${n}` };
  // A product's article number is its own (decision 055's catalogue): a new one each call.
  if (body && typeof body.article === 'string') body = { ...body, article: `MATRIX-${n}` };
  // A CSV import's file (decision 053): its own account, holder and service each call.
  let file = typeof route.example?.body === 'string' ? route.example.body : undefined;
  if (file) {
    file = file
      .replaceAll('BSS-7001', `MATRIX-IMPORT-${n}`)
      .replaceAll('BSS-S-7001', `MATRIX-IMPORT-S-${n}`)
      .replace('pat.import@example.com', `matrix-import-${n}@example.com`)
      .replace('0491570009', `0411${n}`)
      .replace('AVC000999000777', `AVC7${n}`);
    headers = { ...headers, 'content-type': route.consumes! };
  }
  if ('importid' in params) {
    const [run] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`insert into import_runs (file_sha256, total_rows, status, invite, created_at, updated_at)
          values (${`matrix-${n}`}, 1, 'invalid', false, now(), now()) returning id`,
    );
    params.importid = run!.id;
  }
  if (route.headers) headers = { ...headers, 'idempotency-key': `matrix-${n}-${randomUUID()}` };
  if ('endpointid' in params || 'deliveryid' in params) {
    const endpoint = await createEndpoint(
      ctx.database.db,
      { url: 'https://bss.example.net/matrix', events: ['plan.changed'] },
      null,
      new Date(),
    );
    params.endpointid = endpoint.endpointid;
    if ('deliveryid' in params) {
      const [delivery] = await queryRows<{ id: number }>(
        ctx.database.db,
        sql`insert into webhook_deliveries (endpoint_id, event_id, event, payload, status,
                                            next_attempt_at, created_at)
            values (${endpoint.endpointid}, gen_random_uuid(), 'plan.changed', '{}', 'dead',
                    now(), now())
            returning id`,
      );
      params.deliveryid = delivery!.id;
      delete params.endpointid;
    }
  }
  if ('serviceid' in params) {
    // A service of its own in the state the route changes (a copy of the holder's pending one):
    // active to suspend or to act on for the customer, suspended to resume, else pending (to
    // activate or cancel).
    const status =
      route.id === 'adminSuspendService' ||
      route.id === 'adminPlanChange' ||
      route.id === 'adminPlanChangeQuote' ||
      route.id === 'adminBuyBlock'
        ? 'active'
        : route.id === 'adminResumeService'
          ? 'suspended'
          : 'pending';
    const [service] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`insert into services (account_id, type, status, technology, plan_id, identifier,
                                addr_abbr, addr_line, addr_suburb, addr_state, addr_postcode,
                                period_start)
          select account_id, type, ${status}, technology, plan_id, ${`AVC8${n}`}, addr_abbr,
                 addr_line, addr_suburb, addr_state, addr_postcode, period_start
            from services where id = 200102
          returning id`,
    );
    params.serviceid = service!.id;
  }
  if ('invoiceid' in params) {
    // One of the account's own invoices (the demo ledger's ids are not fixed).
    const [invoice] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select id from invoices where account_id = ${Number(params.accountid)} order by id limit 1`,
    );
    params.invoiceid = invoice!.id;
  }
  if ('userid' in params) {
    // An invited contact of its own (an invitation to resend, sessions to end).
    const [contact] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`insert into users (account_id, username, title, given_names, surname, email, mobile,
                             date_of_birth, role_id, relationship_id, role_status,
                             is_account_holder, invited_at, created_at)
          select account_id, ${`matrix-contact-${n}@example.com`}, title, 'Matrix', 'Contact',
                 ${`matrix-contact-${n}@example.com`}, ${`0411${n}`}, date_of_birth, role_id,
                 relationship_id, 'Invited', false, now(), now()
            from users where id = 5001
          returning id`,
    );
    params.userid = contact!.id;
  }
  if ('staffid' in params) {
    const member = await createStaffMember(ctx.database.db, {
      email: `matrix-staff-${n}@outpost.example`,
      name: 'Matrix Staff',
      role: 'support',
      password: 'Matrix-staff-password-1',
    });
    params.staffid = member.id;
  }
  if (body && typeof body.email === 'string' && 'password' in body)
    body = { ...body, email: `matrix-new-staff-${n}@outpost.example` };
  if (route.id === 'adminSchedulePriceChange' || route.id === 'adminWithdrawPriceChange') {
    // A plan of its own (one price change a day per plan), a copy of the example's, with a change
    // next week to withdraw; a new price from next week to schedule (decision 055).
    const [plan] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`insert into plans (technology, name, price_cents, peak_quota_mb, offpeak_quota_mb,
                             unlimited, download_kbps, upload_kbps)
          select technology, ${`Matrix plan ${n}`}, price_cents, peak_quota_mb, offpeak_quota_mb,
                 unlimited, download_kbps, upload_kbps
            from plans where id = ${Number(params.planid)}
          returning id`,
    );
    params.planid = plan!.id;
    const nextWeek = new Date(Date.now() + 7 * 86_400_000);
    if ('changeid' in params) {
      const [change] = await queryRows<{ id: number }>(
        ctx.database.db,
        sql`insert into plan_price_changes (plan_id, price_cents, effective_at, created_at, created_by)
            values (${plan!.id}, 12345, ${nextWeek}, now(), 'matrix') returning id`,
      );
      params.changeid = change!.id;
    } else body = { ...body, effective: businessDate(nextWeek) };
  }
  if ('ticketid' in params) {
    // A ticket of its own (the desk's routes, decision 057): new and unassigned, as the example's
    // assignment expects, with nothing newer than what a reply saw.
    const [ticket] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`insert into tickets (account_id, category, subject, status)
          values (100001, 'Technical fault', ${`Matrix ticket ${n}`}, 'New') returning id`,
    );
    params.ticketid = ticket!.id;
    if ('attachmentid' in params) {
      // A file on that ticket's one message (the desk downloads it).
      const [file] = await queryRows<{ id: number }>(
        ctx.database.db,
        sql`with message as (
              insert into ticket_messages (ticket_id, from_customer, author_name, body)
              values (${ticket!.id}, true, 'Jordan Citizen', 'A photo') returning id)
            insert into ticket_attachments (ticket_id, message_id, filename, content_type, size, content)
            select ${ticket!.id}, id, 'lights.png', 'image/png', 8, '\\x89504e470d0a1a0a'::bytea
              from message
            returning id`,
      );
      params.attachmentid = file!.id;
    }
  }
  if ('callbackid' in params) {
    // A callback of its own (the desk's schedule, decision 059), booked and with no outcome yet.
    const [row] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`with ticket as (
            insert into tickets (account_id, created_by, category, subject, source)
            values (100001, 5001, 'Callback', ${`Matrix desk callback ${n}`}, 'callback')
            returning id)
          insert into callback_bookings (account_id, user_id, team, slot_start, phone, reason, ticket_id)
          select 100001, 5001, 'sales', now() + interval '8 days', '0491570006', 'Matrix', id
            from ticket
          returning id`,
    );
    params.callbackid = row!.id;
  }
  if (route.id === 'adminBookCallback' && body) {
    // A contact of its own (one open callback per team each), and the example's slot emptied
    // (two seats: the matrix's callers would otherwise fill it).
    const [contact] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`insert into users (account_id, username, given_names, surname, email, role_id,
                             relationship_id, role_status, created_at)
          select account_id, ${`matrix-callback-${n}@example.com`}, 'Matrix', 'Callback',
                 ${`matrix-callback-${n}@example.com`}, role_id, relationship_id, 'Active', now()
            from users where id = 5001
          returning id`,
    );
    // A slot the running provider offers (the example's is Queensland's; CI also runs the suite
    // as a Victorian provider, whose hours differ).
    const days = callbackDays('sales', ctx.clock(), { settings: ctx.config.business.callbacks });
    const slot = (days[2] ?? days.at(-1))!.slots.at(-1)!;
    await ctx.database.db.execute(sql`delete from callback_slot_seats where slot_start = ${slot}`);
    body = { ...body, userid: contact!.id, slot: slot.toISOString() };
  }
  if (route.id === 'adminMergeTicket') {
    // A duplicate's target of its own, on the same account (decision 057).
    const [into] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`insert into tickets (account_id, category, subject, status)
          values (100001, 'Technical fault', ${`Matrix merge target ${n}`}, 'New') returning id`,
    );
    body = { into: into!.id };
  }
  // Canned replies (decision 057): titles are unique, and each call changes or deletes its own.
  if (body && typeof body.title === 'string' && route.path.includes('canned-replies'))
    body = { ...body, title: `Matrix canned ${n}` };
  if ('cannedid' in params) {
    const [canned] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`insert into canned_replies (title, body, created_at, updated_at)
          values (${`Matrix canned reply ${n}`}, 'Hi {{customer.first_name}}', now(), now())
          returning id`,
    );
    params.cannedid = canned!.id;
  }
  if ('orderid' in params) {
    // An order of its own, received (to move on), a product one (its packing slip prints).
    const payload = ordersRoutes.productOrderPrepare.example.body;
    const [order] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`with ticket as (
            insert into tickets (account_id, service_id, created_by, category, subject, source)
            values (100001, 200101, 5001, 'Other', 'Product order: Wi-Fi 6 Router', 'order')
            returning id)
          insert into orders (kind, account_id, service_id, user_id, payload, ticket_id, price_cents)
          select 'product', 100001, 200101, 5001, ${JSON.stringify(payload)}::jsonb, id, 14900
            from ticket
          returning id`,
    );
    params.orderid = order!.id;
  }
  if ('advisoryid' in params) {
    // An open advisory of its own (network advisories' editor, decision 019): to update or resolve.
    const [advisory] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`insert into advisories (title, severity, status, started, message, towers,
                                  created_at, updated_at)
          values (${`Matrix advisory ${n}`}, 'Low', 'Investigating', now(), 'Matrix.',
                  '{TWR-ISF-01}', now(), now())
          returning id`,
    );
    params.advisoryid = advisory!.id;
  }
  if ('keyid' in params) {
    const made = await createApiKey(
      ctx.database.db,
      { name: 'To revoke', scopes: ['read'] },
      null,
      new Date(),
    );
    params.keyid = made.keyid;
  }
  const query = route.example?.querystring ?? {};
  return ctx.app.inject({
    method: route.method,
    url: buildPath(route.path, params),
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    headers,
    ...(file !== undefined ? { payload: file } : body !== undefined ? { payload: body } : {}),
  });
}

describe.each(adminApiRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))(
  'admin %s',
  (_name, route) => {
    it('answers each staff role and key by the route scope', async () => {
      const db = ctx.database.db;
      const callers: [string, Record<string, string>, readonly string[]][] = [];
      for (const role of STAFF_ROLES) {
        const token = await mintStaffSession(
          db,
          `${role === 'support' ? 'sam.support' : role === 'billing' ? 'bea.billing' : 'ada.admin'}@outpost.example`,
        );
        callers.push([`staff ${role}`, { 'x-staff-token': token }, STAFF_ROLE_SCOPES[role]]);
      }
      for (const scopes of [['read'], ['provisioning'], ['read', 'provisioning']] as const) {
        const made = await createApiKey(db, { name: 'Matrix', scopes }, null, new Date());
        callers.push([`key ${scopes.join('+')}`, { authorization: `Bearer ${made.key}` }, scopes]);
      }
      for (const [who, headers, scopes] of callers) {
        const res = await adminCall(route, headers);
        const allowed = scopes.includes(route.adminScope!);
        expect(res.statusCode, `${who}: ${res.body}`).toBe(allowed ? 200 : 403);
      }
    });

    it('answers 401 to customers, anonymous callers, and revoked, expired or unknown keys', async () => {
      const db = ctx.database.db;
      const customer = await mintSession(db, HOLDER.userId);
      const revoked = await createApiKey(
        db,
        { name: 'Revoked', scopes: ['read', 'provisioning'] },
        null,
        new Date(),
      );
      await revokeApiKey(db, revoked.keyid, new Date());
      const expired = await createApiKey(
        db,
        { name: 'Expired', scopes: ['read', 'provisioning'] },
        null,
        new Date(Date.now() - 2 * 86_400_000),
      );
      await db.execute(
        sql`update api_keys set expires_at = now() - interval '1 day' where id = ${expired.keyid}`,
      );
      for (const [who, headers] of [
        ['anonymous', {}],
        ['customer USER token', { 'x-user-token': customer.userToken }],
        ['customer token as a key', { authorization: `Bearer ${customer.userToken}` }],
        ['customer token as staff', { 'x-staff-token': customer.userToken }],
        ['revoked key', { authorization: `Bearer ${revoked.key}` }],
        ['expired key', { authorization: `Bearer ${expired.key}` }],
        ['unknown key', { authorization: 'Bearer opk_unknown' }],
      ] as const) {
        const res = await adminCall(route, headers);
        expect(res.statusCode, who).toBe(401);
      }
    });
  },
);

describe.each(userRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))(
  '%s',
  (_name, route) => {
    it('answers 401 to anonymous, expired, revoked and REFRESH-as-USER callers', async () => {
      const expired = await mintSession(ctx.database.db, HOLDER.userId, 'expired');
      const revoked = await mintSession(ctx.database.db, HOLDER.userId, 'revoked');
      const live = await mintSession(ctx.database.db, HOLDER.userId);
      const ids = await objectIds(route, HOLDER.userId, HOLDER.accountId, 'own');
      for (const [who, headers] of [
        ['anonymous', {}],
        ['expired USER token', { 'x-user-token': expired.userToken }],
        ['revoked token', { 'x-user-token': revoked.userToken }],
        ['REFRESH token as USER', { 'x-user-token': live.refreshToken }],
        // A 'session' route takes the session's REFRESH token instead (logout of an expired session).
        ...(route.access === 'session'
          ? []
          : ([['REFRESH header only', { 'x-refresh-token': live.refreshToken }]] as const)),
      ] as const) {
        const res = await call(route, headers, ids);
        expect(res.statusCode, who).toBe(401);
        expect(res.json(), who).toEqual({ data: { error: expect.any(String) } });
      }
    });

    it.runIf(route.permissions.length > 0)(
      'answers 403 to a contact lacking the permission',
      async () => {
        for (const contact of CONTACTS) {
          const granted = await enabledPermissionSet(ctx.database.db, contact);
          if (route.permissions.every((p) => granted.has(p))) continue;
          const session = await mintSession(ctx.database.db, contact);
          const ids = await objectIds(route, contact, HOLDER.accountId, 'own');
          const res = await call(route, { 'x-user-token': session.userToken }, ids);
          expect(res.statusCode, `contact ${contact}`).toBe(403);
        }
      },
    );

    it.runIf(route.stepUp === true)(
      'answers 403 step-up required to a session that has not verified a code lately',
      async () => {
        const session = await mintSession(ctx.database.db, HOLDER.userId);
        const ids = await objectIds(route, HOLDER.userId, HOLDER.accountId, 'own');
        const res = await call(route, { 'x-user-token': session.userToken }, ids);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ data: { error: serverErrors.stepUpRequired } });
      },
    );

    it.runIf(
      !NEEDS_GATEWAY_STEP.includes(route.id) &&
        !NEEDS_ONE_TIME_CODE.includes(route.id) &&
        !CAPACITY_LIMITED.includes(route.id),
    )(
      'answers a contact holding the permission, and the account holder, with success',
      async () => {
        const callers = [HOLDER.userId];
        for (const contact of CONTACTS) {
          const granted = await enabledPermissionSet(ctx.database.db, contact);
          if (route.permissions.every((p) => granted.has(p))) callers.push(contact);
        }
        for (const caller of callers) {
          if (ONE_PERSONS_TOKEN.includes(route.id)) await ctx.database.db.delete(deviceTokens);
          if (ONE_ADDRESS_MESSAGES.includes(route.id))
            await ctx.database.db.delete(rateLimits).where(like(rateLimits.key, 'msg:%'));
          const session = await sessionFor(route, caller);
          const ids = await objectIds(route, caller, HOLDER.accountId, 'own');
          const res = await call(route, { 'x-user-token': session.userToken }, ids);
          expect(res.statusCode, `caller ${caller}: ${res.body}`).toBe(200);
        }
      },
    );

    it.runIf(route.objects.length > 0)(
      "answers 404 for another account's object and for a missing one, without the object's data",
      async () => {
        // What the owner sees of the object: none of it may reach the other account's holder.
        const owner = await sessionFor(route, HOLDER.userId);
        const ownerIds = await objectIds(route, HOLDER.userId, HOLDER.accountId, 'own');
        const ownerView = await call(route, { 'x-user-token': owner.userToken }, ownerIds);
        expect(ownerView.statusCode).toBe(200);
        // A file (CSV) is read as its cells.
        const secrets = (
          route.produces ? ownerView.body.split(/[\r\n,]+/) : collectStrings(ownerView.json())
        ).filter((s) => s.length >= 4);

        const intruder = await sessionFor(route, OTHER_HOLDER.userId);
        const foreign = await call(route, { 'x-user-token': intruder.userToken }, ownerIds);
        expect(foreign.statusCode).toBe(404);
        for (const secret of secrets) expect(foreign.body).not.toContain(secret);

        const missingIds = await objectIds(
          route,
          OTHER_HOLDER.userId,
          OTHER_HOLDER.accountId,
          'missing',
        );
        const missing = await call(route, { 'x-user-token': intruder.userToken }, missingIds);
        expect(missing.statusCode).toBe(404);
        expect(missing.body).toBe(foreign.body); // no difference between "not yours" and "not there"

        const ownIds = await objectIds(route, OTHER_HOLDER.userId, OTHER_HOLDER.accountId, 'own');
        const own = await call(route, { 'x-user-token': intruder.userToken }, ownIds);
        expect(own.statusCode).toBe(200);
      },
    );
  },
);

function collectStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(collectStrings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(collectStrings);
  return [];
}
