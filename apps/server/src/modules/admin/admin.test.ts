import { desc, eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, buildPath, adminPaths } from '@outpost/contracts/api-paths';
import { queryRows } from '../../db/client';
import { accounts } from '../../db/accounts.schema';
import { hashToken } from '../../lib/tokens';
import { forgetIdempotencyKeys, IDEMPOTENCY_TTL_MS } from '../../lib/idempotency';
import { mintSession, mintStaffSession } from '../../test/sessions';
import type { TestContext } from '../../test/test-app';
import { createTestContext, errorOf, manualClock } from '../../test/test-app';
import { apiKeys, staffAudit } from '../staff/staff.schema';
import { adminErrors } from './admin.errors';
import { contactsErrors } from '../contacts/contacts.errors';

const time = manualClock(new Date('2027-02-01T00:00:00Z'));
let ctx: TestContext;
let adminToken: string;
let supportToken: string;

beforeAll(async () => {
  ctx = await createTestContext({ clock: time.clock });
  adminToken = await mintStaffSession(ctx.database.db, 'ada.admin@outpost.example', time.clock());
  supportToken = await mintStaffSession(
    ctx.database.db,
    'sam.support@outpost.example',
    time.clock(),
  );
});
afterAll(async () => ctx.close());

type Headers = Record<string, string>;
const asStaff = (token: string): Headers => ({ 'x-staff-token': token });
const withKey = (key: string): Headers => ({ authorization: `Bearer ${key}` });

const get = (url: string, headers: Headers, query?: Record<string, string>) =>
  ctx.app.inject({ method: 'GET', url, headers, ...(query ? { query } : {}) });

async function newKey(body: object, headers: Headers = asStaff(adminToken)) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: adminPaths.adminApiKeys,
    headers,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { keyid: number; key: string; prefix: string; expires: string };
}

const search = (q: string, headers: Headers) => get(adminPaths.adminAccounts, headers, { q });
const accountIds = (res: { json: () => unknown }) =>
  (res.json() as { data: { accountid: number }[] }).data.map((m) => m.accountid);

describe('API keys', () => {
  it('shows a new key once, keeps only its hash, and lists it without the key', async () => {
    const made = await newKey({ name: 'Billing system', scopes: ['read', 'provisioning'] });
    expect(made.key).toMatch(/^opk_[A-Za-z0-9_-]{43}$/);
    expect(made.prefix).toBe(made.key.slice(0, 12));
    // A year unless asked otherwise.
    expect(made.expires).toBe('2028-02-01T00:00:00.000Z');
    const [stored] = await ctx.database.db.select().from(apiKeys).where(eq(apiKeys.id, made.keyid));
    expect(stored!.keyHash).toBe(hashToken(made.key));
    expect(JSON.stringify(stored)).not.toContain(made.key);

    const list = await get(adminPaths.adminApiKeys, asStaff(adminToken));
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(made.key);
    expect(list.json().data[0]).toEqual({
      keyid: made.keyid,
      name: 'Billing system',
      prefix: made.prefix,
      scopes: ['read', 'provisioning'],
      created: '2027-02-01T00:00:00.000Z',
      expires: '2028-02-01T00:00:00.000Z',
      revoked: null,
      last_used: null,
      created_by: 'Ada Admin',
    });
  });

  it('refuses scopes a key may not have, and more days than the longest life', async () => {
    for (const body of [
      { name: 'x', scopes: ['keys'] },
      // The desk's scopes are a person's (a reply is under their name): never a key's.
      { name: 'x', scopes: ['desk'] },
      { name: 'x', scopes: ['read', 'tickets'] },
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['read', 'read'] },
      { name: 'x', scopes: ['read'], expires_in_days: 731 },
      { name: ' ', scopes: ['read'] },
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: adminPaths.adminApiKeys,
        headers: asStaff(adminToken),
        payload: body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('lets a key do what its scopes allow, and nothing about keys', async () => {
    const reader = await newKey({ name: 'Reader', scopes: ['read'] });
    const provisioner = await newKey({ name: 'Provisioner', scopes: ['provisioning'] });
    expect((await search('Citizen', withKey(reader.key))).statusCode).toBe(200);
    const noRead = await search('Citizen', withKey(provisioner.key));
    expect(noRead.statusCode).toBe(403);
    expect(errorOf(noRead)).toBe(adminErrors.adminScopeMissing);
    // A key never makes, lists or revokes keys, whatever its scopes.
    const both = await newKey({ name: 'Both', scopes: ['read', 'provisioning'] });
    for (const res of [
      await get(adminPaths.adminApiKeys, withKey(both.key)),
      await ctx.app.inject({
        method: 'POST',
        url: adminPaths.adminApiKeys,
        headers: withKey(both.key),
        payload: { name: 'Escalated', scopes: ['read'] },
      }),
      await ctx.app.inject({
        method: 'DELETE',
        url: buildPath(adminPaths.adminApiKey, { keyid: reader.keyid }),
        headers: withKey(both.key),
      }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(errorOf(res)).toBe(adminErrors.adminScopeMissing);
    }
  });

  it('refuses a revoked key from the next call, an expired key, an unknown one and customer tokens', async () => {
    const key = await newKey({ name: 'Short-lived', scopes: ['read'], expires_in_days: 1 });
    expect((await search('Citizen', withKey(key.key))).statusCode).toBe(200);

    const customer = await mintSession(ctx.database.db, 5001, 'live', time.clock());
    for (const headers of [
      {},
      withKey(`${key.key}x`),
      withKey('opk_not-a-key'),
      // A customer's own token, in either header, is no admin credential.
      withKey(customer.userToken),
      { 'x-user-token': customer.userToken },
      { authorization: `Basic ${Buffer.from(`x:${key.key}`).toString('base64')}` },
    ]) {
      const res = await search('Citizen', headers);
      expect(res.statusCode, JSON.stringify(headers)).toBe(401);
      expect(errorOf(res)).toBe(adminErrors.adminUnauthenticated);
    }

    time.advance(86_400_000); // a day on: expired
    expect((await search('Citizen', withKey(key.key))).statusCode).toBe(401);
    time.advance(-86_400_000);

    const revoked = await ctx.app.inject({
      method: 'DELETE',
      url: buildPath(adminPaths.adminApiKey, { keyid: key.keyid }),
      headers: asStaff(adminToken),
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data.revoked).toBe('2027-02-01T00:00:00.000Z');
    expect((await search('Citizen', withKey(key.key))).statusCode).toBe(401);
    // Revoking again keeps the first time; an unknown key is 404.
    time.advance(5_000);
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: buildPath(adminPaths.adminApiKey, { keyid: key.keyid }),
      headers: asStaff(adminToken),
    });
    expect(again.json().data.revoked).toBe('2027-02-01T00:00:00.000Z');
    const unknown = await ctx.app.inject({
      method: 'DELETE',
      url: buildPath(adminPaths.adminApiKey, { keyid: 999_999 }),
      headers: asStaff(adminToken),
    });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown)).toBe(adminErrors.apiKeyMissing);
  });

  it('writes the last use at most once a minute', async () => {
    const key = await newKey({ name: 'Poller', scopes: ['read'] });
    const lastUsed = async () =>
      (await ctx.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.keyid)))[0]!
        .lastUsedAt;
    expect(await lastUsed()).toBeNull();
    const first = time.clock();
    await search('Citizen', withKey(key.key));
    expect(await lastUsed()).toEqual(first);
    time.advance(59_000);
    await search('Citizen', withKey(key.key));
    expect(await lastUsed()).toEqual(first);
    time.advance(1_000);
    await search('Citizen', withKey(key.key));
    expect(await lastUsed()).toEqual(time.clock());
  });

  it('gives support and billing staff read, and only admins keys', async () => {
    expect((await search('Citizen', asStaff(supportToken))).statusCode).toBe(200);
    const res = await get(adminPaths.adminApiKeys, asStaff(supportToken));
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toBe(adminErrors.adminScopeMissing);
  });
});

describe('the audit of admin calls', () => {
  it('records every call, refusals included, with the key or the staff member and the account', async () => {
    const key = await newKey({ name: 'Audited', scopes: ['read'] });
    const requestIds: string[] = [];
    for (const [url, headers] of [
      [buildPath(adminPaths.adminAccount, { accountid: 100001 }), withKey(key.key)],
      [adminPaths.adminApiKeys, withKey(key.key)],
      [buildPath(adminPaths.adminAccount, { accountid: 100003 }), asStaff(supportToken)],
    ] as const) {
      const res = await get(url, headers);
      requestIds.push(String(res.headers['x-request-id']));
    }
    // The audit row is written as the answer goes out (onResponse): wait for all three.
    const audited = () =>
      queryRows<{ n: number }>(
        ctx.database.db,
        sql`select count(*)::int as n from staff_audit where request_id in ${requestIds}`,
      ).then((r) => r[0]!.n);
    await expect.poll(audited).toBe(3);
    const rows = await queryRows<{
      staff_id: number | null;
      api_key_id: number | null;
      account_id: number | null;
      route: string;
      status: number;
      request_id: string;
      action: string;
    }>(
      ctx.database.db,
      sql`select staff_id, api_key_id, account_id, route, status, request_id, action
            from staff_audit where request_id in ${requestIds}`,
    );
    // In the order of the calls: each row is written as its answer goes out, and on PostgreSQL's
    // pool a later call's row may land first.
    rows.sort((a, b) => requestIds.indexOf(a.request_id) - requestIds.indexOf(b.request_id));
    const [support] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select id from staff_members where email = 'sam.support@outpost.example'`,
    );
    expect(rows).toEqual([
      {
        staff_id: null,
        api_key_id: key.keyid,
        account_id: 100001,
        route: adminPaths.adminAccount,
        status: 200,
        request_id: requestIds[0],
        action: 'admin-request',
      },
      {
        staff_id: null,
        api_key_id: key.keyid,
        account_id: null,
        route: adminPaths.adminApiKeys,
        status: 403,
        request_id: requestIds[1],
        action: 'admin-request',
      },
      {
        staff_id: support!.id,
        api_key_id: null,
        account_id: 100003,
        route: adminPaths.adminAccount,
        status: 200,
        request_id: requestIds[2],
        action: 'admin-request',
      },
    ]);
    // The audit log names the key.
    const log = await get(apiPaths.staffAudit, asStaff(adminToken), { accountid: '100001' });
    expect(log.json().data[0]).toMatchObject({ keyid: key.keyid, key: 'Audited', staffid: null });
    // Nothing is written for a caller who never got in.
    const before = await ctx.database.db.$count(staffAudit);
    await search('Citizen', withKey('opk_unknown'));
    expect(await ctx.database.db.$count(staffAudit)).toBe(before);
  });
});

describe('finding a customer', () => {
  const staff = () => asStaff(supportToken);

  it.each([
    ['the account id', '100011', [100011]],
    ['the account name, any case', 'harper', [100011]],
    ['a contact name', 'Alex Citizen', [100001]],
    ['an email', 'MAI.NGUYEN@example.com', [100002]],
    ['a username', 'authapp', [100002]],
    ['a mobile typed with spaces', '0491 570 111', [100003]],
    ['a mobile in international form', '+61 491 570 114', [100011]],
    ['an AVC id', 'avc000777000333', [100003]],
    ['a phone service number with spaces', '07 5550 0456', [100001]],
    ['a postcode', '2840', [100002]],
    ['LIKE wildcards as plain text', '%', []],
    // Typos: a name close to the query (pg_trgm word similarity).
    ['an account name with a letter missing', 'Harpr', [100011]],
    ['a family name with a letter missing', 'Citzen', [100001]],
    ['a contact name with two typos', 'Casy Walkr', [100003]],
  ])('by %s', async (_what, q, expected) => {
    const res = await search(q, staff());
    expect(res.statusCode, res.body).toBe(200);
    expect(accountIds(res)).toEqual(expected);
  });

  it('says what matched besides the name, and gives the holder', async () => {
    const res = await search('0755500123', staff());
    expect(res.json().data).toEqual([
      {
        accountid: 100001,
        name: 'Citizen Family',
        status: 'Active',
        holder: 'Jordan Citizen',
        email: 'jordan.citizen@example.com',
        mobile: '0491570156',
        matched: 'service 0755500123',
      },
    ]);
  });

  it('ranks an exact address above a close name', async () => {
    // Exactly Robin Harper's email, and a name (Robin Ashby's) a word of it is close to.
    const res = await search('robin.harper@example.com', staff());
    expect(accountIds(res)[0]).toBe(100011);
    expect(res.json().data[0].matched).toBe('contact Robin Harper');
  });

  it('puts an exact account id first and keeps to the limit', async () => {
    const all = await search('Farm', staff());
    expect(accountIds(all)).toEqual([100021, 100011]);
    const one = await get(adminPaths.adminAccounts, staff(), { q: 'Farm', limit: '1' });
    expect(accountIds(one)).toEqual([100021]);
    expect(one.json().has_more).toBe(true);
    const next = await get(adminPaths.adminAccounts, staff(), {
      q: 'Farm',
      limit: '1',
      offset: '1',
    });
    expect(accountIds(next)).toEqual([100011]);
    expect(next.json().has_more).toBe(false);
    for (const query of [
      { q: '' },
      { q: 'x', limit: '0' },
      { q: 'x', limit: '51' },
      { q: 'x', offset: '1001' },
      { q: 'x', offset: '-1' },
    ] as Record<string, string>[]) {
      expect((await get(adminPaths.adminAccounts, staff(), query)).statusCode).toBe(400);
    }
  });

  it('without a query lists every customer, the newest first, a page at a time', async () => {
    const ids = (
      await ctx.database.db.select({ id: accounts.id }).from(accounts).orderBy(desc(accounts.id))
    ).map((r) => r.id);
    const first = await get(adminPaths.adminAccounts, staff(), { limit: '2' });
    expect(first.statusCode, first.body).toBe(200);
    expect(accountIds(first)).toEqual(ids.slice(0, 2));
    expect(first.json().has_more).toBe(true);
    const last = await get(adminPaths.adminAccounts, staff(), {
      limit: '2',
      offset: String(ids.length - 1),
    });
    expect(accountIds(last)).toEqual(ids.slice(-1));
    expect(last.json().has_more).toBe(false);
    // The holder's details come with each row.
    const harper = (await get(adminPaths.adminAccounts, staff(), { limit: '50' }))
      .json()
      .data.find((m: { accountid: number }) => m.accountid === 100011);
    expect(harper).toMatchObject({ holder: 'Robin Harper', email: 'robin.harper@example.com' });
  });
});

describe('the customer view', () => {
  it('gives the account, its contacts holder first, and its services', async () => {
    const res = await get(
      buildPath(adminPaths.adminAccount, { accountid: 100003 }),
      asStaff(supportToken),
    );
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json().data;
    expect(view).toMatchObject({ accountid: 100003, name: 'Walker Homestead', status: 'Active' });
    expect(view.contacts).toEqual([
      expect.objectContaining({
        userid: 5006,
        name: 'Casey Walker',
        username: 'other',
        is_holder: true,
        status: 'Active',
      }),
    ]);
    expect(view.services.map((s: { serviceid: number }) => s.serviceid)).toEqual([200301, 200302]);
    expect(view.services[0]).toMatchObject({ identifier: 'AVC000777000222', type: 'Broadband' });
    expect(Number.isInteger(view.balance_cents)).toBe(true);
  });

  it('answers 404 for an account that does not exist', async () => {
    const res = await get(
      buildPath(adminPaths.adminAccount, { accountid: 999_999 }),
      asStaff(supportToken),
    );
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toBe(adminErrors.accountMissing);
  });
});

describe('provisioning', () => {
  let bss: { key: string; keyid: number };
  let made = 0;
  /** A new customer's body; each call a new holder (one email and mobile per person). */
  const newCustomer = (extra: object = {}) => {
    made += 1;
    const n = String(made).padStart(4, '0');
    return {
      name: `Provisioned Station ${n}`,
      holder: {
        title: 'Ms',
        given_names: 'Pat',
        surname: `Provisioned${n}`,
        email: `pat.provisioned.${n}@example.com`,
        mobile: `040055${n}`,
        date_of_birth: '1970-05-06',
      },
      ...extra,
    };
  };
  const post = (url: string, body: object, key: string | undefined, headers = withKey(bss.key)) =>
    ctx.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, ...(key ? { 'idempotency-key': key } : {}) },
      payload: body,
    });
  const count = async (query: ReturnType<typeof sql>) =>
    Number(Object.values((await queryRows<object>(ctx.database.db, query))[0]!)[0]);
  const messagesTo = (email: string) =>
    queryRows<{ subject: string; body: string }>(
      ctx.database.db,
      sql`select subject, body from outbox where "to" = ${email} order by id`,
    );

  beforeAll(async () => {
    bss = await newKey({ name: 'BSS', scopes: ['read', 'provisioning'] });
  });

  it('creates an account with its holder invited to set a password, once per Idempotency-Key', async () => {
    const body = newCustomer({ external_id: 'BSS-ACC-1' });
    const first = await post(adminPaths.adminAccounts, body, 'create-account-0001');
    expect(first.statusCode, first.body).toBe(200);
    const { created, account } = first.json().data;
    expect(created).toBe(true);
    const at = time.clock().toISOString();
    expect(account).toMatchObject({
      external_id: 'BSS-ACC-1',
      name: body.name,
      status: 'Active',
      created: at,
      balance_cents: 0,
      services: [],
    });
    expect(account.contacts).toEqual([
      {
        userid: expect.any(Number),
        name: `Pat ${body.holder.surname}`,
        username: body.holder.email,
        email: body.holder.email,
        mobile: body.holder.mobile,
        role: 'Account Holder',
        status: 'Invited',
        is_holder: true,
        invited: at,
        last_login: null,
      },
    ]);
    const [invitation] = await messagesTo(body.holder.email);
    expect(invitation!.subject).toBe('Your Outpost Demo Broadband account is ready');
    expect(invitation!.body).toContain('Hello Pat,');
    expect(invitation!.body).toMatch(
      /\/forgot-password\/verify\?code=\d{6}&username=pat\.provisioned\.\d{4}%40example\.com\n/,
    );

    // The same key and request again: the first answer, nothing done twice.
    const again = await post(adminPaths.adminAccounts, body, 'create-account-0001');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(await count(sql`select count(*) from accounts where external_id = 'BSS-ACC-1'`)).toBe(1);
    expect(await messagesTo(body.holder.email)).toHaveLength(1);

    // The same key with another request is refused; so is a new key for the same external id.
    const other = await post(adminPaths.adminAccounts, newCustomer(), 'create-account-0001');
    expect(other.statusCode).toBe(422);
    expect(errorOf(other)).toBe(
      'Invalid request: this Idempotency-Key was already used for a different request. Send a new key for a new request.',
    );
    const duplicate = newCustomer({ external_id: 'BSS-ACC-1' });
    const taken = await post(adminPaths.adminAccounts, duplicate, 'create-account-0002');
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toBe(adminErrors.externalIdTaken);
    // Refused, nothing of it stays: no holder, no invitation.
    expect(
      await count(sql`select count(*) from users where email = ${duplicate.holder.email}`),
    ).toBe(0);
    expect(await messagesTo(duplicate.holder.email)).toHaveLength(0);
    // A refusal is not kept: the key may carry a corrected request.
    const corrected = await post(adminPaths.adminAccounts, newCustomer(), 'create-account-0002');
    expect(corrected.statusCode, corrected.body).toBe(200);
  });

  it('needs an Idempotency-Key, and keys of different callers never meet', async () => {
    const missing = await post(adminPaths.adminAccounts, newCustomer(), undefined);
    expect(missing.statusCode).toBe(400);
    const short = await post(adminPaths.adminAccounts, newCustomer(), 'short');
    expect(short.statusCode).toBe(400);
    // An admin's own key of the same value is theirs alone: a new account, not the key's answer.
    const body = newCustomer();
    const byKey = await post(adminPaths.adminAccounts, body, 'shared-key-value-01');
    const byStaff = await post(
      adminPaths.adminAccounts,
      newCustomer(),
      'shared-key-value-01',
      asStaff(adminToken),
    );
    expect(byKey.statusCode).toBe(200);
    expect(byStaff.statusCode, byStaff.body).toBe(200);
    expect(byStaff.json().data.account.accountid).not.toBe(byKey.json().data.account.accountid);
  });

  it('makes one account of 20 parallel requests with one key, each answering it', async () => {
    const body = newCustomer({ external_id: 'BSS-PARALLEL' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(adminPaths.adminAccounts, body, 'parallel-key-0001')),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const ids = new Set(answers.map((a) => a.json().data.account.accountid));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
    expect(await count(sql`select count(*) from accounts where external_id = 'BSS-PARALLEL'`)).toBe(
      1,
    );
    expect(await messagesTo(body.holder.email)).toHaveLength(1);
  });

  it("refuses a holder whose email or mobile is someone else's, and leaves no account behind", async () => {
    const before = await count(sql`select count(*) from accounts`);
    const email = await post(
      adminPaths.adminAccounts,
      newCustomer({
        holder: { ...newCustomer().holder, email: 'jordan.citizen@example.com' },
      }),
      'taken-email-000001',
    );
    expect(email.statusCode, email.body).toBe(409);
    expect(errorOf(email)).toBe(contactsErrors.contactEmailTaken);
    const mobile = await post(
      adminPaths.adminAccounts,
      newCustomer({ holder: { ...newCustomer().holder, mobile: '0491570156' } }),
      'taken-mobile-00001',
    );
    expect(mobile.statusCode, mobile.body).toBe(409);
    expect(errorOf(mobile)).toBe(contactsErrors.contactMobileTaken);
    const young = await post(
      adminPaths.adminAccounts,
      newCustomer({ holder: { ...newCustomer().holder, date_of_birth: '2020-01-01' } }),
      'too-young-0000001',
    );
    expect(young.statusCode).toBe(400);
    expect(await count(sql`select count(*) from accounts`)).toBe(before);
  });

  it('upserts by external id: creates once, then updates the name and never the holder', async () => {
    const url = buildPath(adminPaths.adminAccountByExternalId, { external_id: 'BSS-UPSERT-1' });
    const body = newCustomer();
    const put = (payload: object) =>
      ctx.app.inject({ method: 'PUT', url, headers: withKey(bss.key), payload });
    const first = await put(body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      created: true,
      account: { external_id: 'BSS-UPSERT-1', name: body.name },
    });
    const renamed = await put({
      ...body,
      name: 'Renamed Station',
      holder: { ...body.holder, email: 'someone.else@example.com' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({
      created: false,
      account: {
        accountid: first.json().data.account.accountid,
        name: 'Renamed Station',
        contacts: [expect.objectContaining({ email: body.holder.email })],
      },
    });
    expect(await messagesTo(body.holder.email)).toHaveLength(1);
    expect(await messagesTo('someone.else@example.com')).toHaveLength(0);
  });

  it('adds a service the customer sees at once as pending', async () => {
    const url = buildPath(adminPaths.adminAccountServices, { accountid: 100003 });
    const body = {
      external_id: 'BSS-SVC-1',
      technology: 'Fixed Wireless',
      plan_id: 32,
      identifier: 'avc000999000222',
      address: { line: '3 Quarry Road', suburb: 'Tenterfield', state: 'NSW', postcode: '2372' },
      tower_id: 'TNT-02',
    };
    const res = await post(url, body, 'service-key-000001');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      serviceid: expect.any(Number),
      external_id: 'BSS-SVC-1',
      type: 'Broadband',
      technology: 'Fixed Wireless',
      status: 'pending',
      plan: 'Fixed Wireless Standard',
      identifier: 'AVC000999000222',
    });
    const serviceid = res.json().data.serviceid as number;

    // The holder's My Services lists it.
    const holder = await mintSession(ctx.database.db, 5006, 'live', time.clock());
    const mine = await ctx.app.inject({
      url: apiPaths.services,
      headers: { 'x-user-token': holder.userToken },
    });
    expect(mine.body).toContain(`"serviceid":${serviceid}`);

    // Once per key; the same identifier again, a plan of another technology, a missing account.
    const again = await post(url, body, 'service-key-000001');
    expect(again.json().data.serviceid).toBe(serviceid);
    const sameIdentifier = await post(url, { ...body, external_id: 'BSS-SVC-2' }, 'service-key-02');
    expect(sameIdentifier.statusCode).toBe(409);
    expect(errorOf(sameIdentifier)).toBe(adminErrors.identifierTaken);
    const wrongPlan = await post(
      url,
      { ...body, identifier: 'AVC000999000333', plan_id: 12, external_id: undefined },
      'service-key-03',
    );
    expect(wrongPlan.statusCode).toBe(400);
    expect(errorOf(wrongPlan)).toBe(adminErrors.planNotForTechnology);
    const noAccount = await post(
      buildPath(adminPaths.adminAccountServices, { accountid: 999_999 }),
      { ...body, identifier: 'AVC000999000444', external_id: undefined },
      'service-key-04',
    );
    expect(noAccount.statusCode).toBe(404);
    expect(
      await count(sql`select count(*) from services where identifier like 'AVC000999000%'`),
    ).toBe(1);
  });

  it('forgets a key after a day: the job deletes it, and the key is free again', async () => {
    const body = newCustomer();
    expect((await post(adminPaths.adminAccounts, body, 'forgotten-key-0001')).statusCode).toBe(200);
    expect(await forgetIdempotencyKeys(ctx.database.db, time.clock())).toBe(0);
    const later = new Date(time.clock().getTime() + IDEMPOTENCY_TTL_MS + 1);
    expect(await forgetIdempotencyKeys(ctx.database.db, later)).toBeGreaterThan(0);
    const reused = await post(adminPaths.adminAccounts, newCustomer(), 'forgotten-key-0001');
    expect(reused.statusCode, reused.body).toBe(200);
    expect(reused.headers['idempotent-replayed']).toBeUndefined();
  });

  it('lists the plans a service may be given', async () => {
    const res = await get(adminPaths.adminPlans, withKey(bss.key));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toContainEqual({
      planid: 32,
      name: 'Fixed Wireless Standard',
      technology: 'Fixed Wireless',
      price_cents: 7495,
      selectable: true,
      peak_quota_mb: 200000,
      offpeak_quota_mb: 0,
      unlimited: false,
      download_kbps: 25600,
      upload_kbps: 5120,
      summary: expect.any(String),
      services: expect.any(Number),
      // None announced (decision 055).
      price_changes: [],
    });
  });
});

describe('staff administration', () => {
  const staffUrl = (staffid: number) => buildPath(adminPaths.adminStaffMember, { staffid });
  const patch = (staffid: number, payload: object, token = adminToken) =>
    ctx.app.inject({ method: 'PATCH', url: staffUrl(staffid), headers: asStaff(token), payload });

  it('makes a staff member who signs in with the password and the authenticator shown once', async () => {
    const made = await ctx.app.inject({
      method: 'POST',
      url: adminPaths.adminStaff,
      headers: asStaff(adminToken),
      payload: {
        email: 'Dee.Desk@outpost.example',
        name: 'Dee Desk',
        role: 'support',
        password: 'Dee-desk-passphrase-1',
      },
    });
    expect(made.statusCode, made.body).toBe(200);
    const member = made.json().data;
    expect(member).toMatchObject({
      email: 'Dee.Desk@outpost.example',
      name: 'Dee Desk',
      role: 'support',
      active: true,
      last_sign_in: null,
    });
    expect(member.otpauth).toContain(member.authenticator_secret);
    const list = await get(adminPaths.adminStaff, asStaff(adminToken));
    expect(list.body).not.toContain(member.authenticator_secret);
    expect(list.json().data).toContainEqual(expect.objectContaining({ staffid: member.staffid }));

    const code = new TOTP({ secret: Secret.fromBase32(member.authenticator_secret) }).generate({
      timestamp: time.clock().getTime(),
    });
    const login = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.staffLogin,
      payload: { email: 'dee.desk@outpost.example', password: 'Dee-desk-passphrase-1', code },
    });
    expect(login.statusCode, login.body).toBe(200);

    const again = await ctx.app.inject({
      method: 'POST',
      url: adminPaths.adminStaff,
      headers: asStaff(adminToken),
      payload: {
        email: 'dee.desk@OUTPOST.example',
        name: 'Dee Again',
        role: 'admin',
        password: 'Dee-desk-passphrase-2',
      },
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe(adminErrors.staffEmailTaken);
  });

  it('changes a role, switches a member off (their session ends) and refuses an admin locking themselves out', async () => {
    const [bea] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select id from staff_members where email = 'bea.billing@outpost.example'`,
    );
    const beaToken = await mintStaffSession(
      ctx.database.db,
      'bea.billing@outpost.example',
      time.clock(),
    );
    const promoted = await patch(bea!.id, { role: 'admin' });
    expect(promoted.json().data).toMatchObject({ role: 'admin', active: true });
    // The new role holds at the next request.
    expect((await get(adminPaths.adminApiKeys, asStaff(beaToken))).statusCode).toBe(200);
    const off = await patch(bea!.id, { active: false });
    expect(off.json().data).toMatchObject({ active: false });
    expect((await search('Citizen', asStaff(beaToken))).statusCode).toBe(401);
    await patch(bea!.id, { active: true, role: 'billing' });

    const [ada] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select id from staff_members where email = 'ada.admin@outpost.example'`,
    );
    for (const change of [{ active: false }, { role: 'support' }]) {
      const refused = await patch(ada!.id, change);
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused)).toBe(adminErrors.staffSelfLockout);
    }
    expect((await patch(999_999, { role: 'support' })).statusCode).toBe(404);
    // Only admins administer staff.
    expect((await patch(bea!.id, { role: 'admin' }, supportToken)).statusCode).toBe(403);
  });

  it('resets an authenticator: a new secret once, and the old sessions end', async () => {
    const [sam] = await queryRows<{ id: number; totp_secret: string }>(
      ctx.database.db,
      sql`select id, totp_secret from staff_members where email = 'sam.support@outpost.example'`,
    );
    const samToken = await mintStaffSession(
      ctx.database.db,
      'sam.support@outpost.example',
      time.clock(),
    );
    const reset = await ctx.app.inject({
      method: 'POST',
      url: buildPath(adminPaths.adminStaffAuthenticator, { staffid: sam!.id }),
      headers: asStaff(adminToken),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const secret = reset.json().data.authenticator_secret as string;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(secret).not.toBe(sam!.totp_secret);
    expect((await search('Citizen', asStaff(samToken))).statusCode).toBe(401);
    // The support token the other tests use was Sam's: a fresh one for what follows.
    supportToken = await mintStaffSession(
      ctx.database.db,
      'sam.support@outpost.example',
      time.clock(),
    );
  });
});

describe('activating a service', () => {
  it('makes a pending service active once, its period starting then, and tells the customer', async () => {
    const key = await newKey({ name: 'Activator', scopes: ['read', 'provisioning'] });
    const created = await ctx.app.inject({
      method: 'POST',
      url: buildPath(adminPaths.adminAccountServices, { accountid: 100003 }),
      headers: { ...withKey(key.key), 'idempotency-key': 'activation-service-01' },
      payload: {
        technology: 'Fixed Wireless',
        plan_id: 31,
        identifier: 'AVC000999000555',
        address: { line: '3 Quarry Road', suburb: 'Tenterfield', state: 'NSW', postcode: '2372' },
      },
    });
    const serviceid = created.json().data.serviceid as number;
    const activate = (accountid: number) =>
      ctx.app.inject({
        method: 'POST',
        url: buildPath(adminPaths.adminActivateService, { accountid, serviceid }),
        headers: withKey(key.key),
      });
    time.advance(3_600_000);
    const first = await activate(100003);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ serviceid, status: 'active' });
    const activation = async () => {
      const [row] = await queryRows<{ status: string; period_start: string; activated_at: string }>(
        ctx.database.db,
        sql`select status, period_start, activated_at from services where id = ${serviceid}`,
      );
      return {
        status: row!.status,
        period_start: new Date(row!.period_start).toISOString(),
        activated_at: new Date(row!.activated_at).toISOString(),
      };
    };
    const at = time.clock().toISOString();
    expect(await activation()).toEqual({ status: 'active', period_start: at, activated_at: at });
    time.advance(60_000);
    const again = await activate(100003);
    expect(again.json().data.status).toBe('active');
    expect(await activation()).toEqual({ status: 'active', period_start: at, activated_at: at });
    // Named under another account: not found, and nothing changes.
    const wrong = await activate(100001);
    expect(wrong.statusCode).toBe(404);
    expect(errorOf(wrong)).toBe(adminErrors.serviceMissing);
    const holder = await mintSession(ctx.database.db, 5006, 'live', time.clock());
    const mine = await ctx.app.inject({
      url: apiPaths.services,
      headers: { 'x-user-token': holder.userToken },
    });
    const listed = (mine.json().data as { serviceid: number; status: string }[]).find(
      (s) => s.serviceid === serviceid,
    );
    expect(listed?.status).toBe('active');
  });
});
