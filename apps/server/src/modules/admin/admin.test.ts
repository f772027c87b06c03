import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import { queryRows } from '../../db/client';
import { hashToken } from '../../lib/tokens';
import { mintSession, mintStaffSession } from '../../test/sessions';
import type { TestContext } from '../../test/test-app';
import { createTestContext, errorOf, manualClock } from '../../test/test-app';
import { apiKeys, staffAudit } from '../staff/staff.schema';
import { adminErrors } from './admin.errors';

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
    url: apiPaths.adminApiKeys,
    headers,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { keyid: number; key: string; prefix: string; expires: string };
}

const search = (q: string, headers: Headers) => get(apiPaths.adminAccounts, headers, { q });
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

    const list = await get(apiPaths.adminApiKeys, asStaff(adminToken));
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
      { name: 'x', scopes: [] },
      { name: 'x', scopes: ['read', 'read'] },
      { name: 'x', scopes: ['read'], expires_in_days: 731 },
      { name: ' ', scopes: ['read'] },
    ]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: apiPaths.adminApiKeys,
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
      await get(apiPaths.adminApiKeys, withKey(both.key)),
      await ctx.app.inject({
        method: 'POST',
        url: apiPaths.adminApiKeys,
        headers: withKey(both.key),
        payload: { name: 'Escalated', scopes: ['read'] },
      }),
      await ctx.app.inject({
        method: 'DELETE',
        url: buildPath(apiPaths.adminApiKey, { keyid: reader.keyid }),
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
      url: buildPath(apiPaths.adminApiKey, { keyid: key.keyid }),
      headers: asStaff(adminToken),
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().data.revoked).toBe('2027-02-01T00:00:00.000Z');
    expect((await search('Citizen', withKey(key.key))).statusCode).toBe(401);
    // Revoking again keeps the first time; an unknown key is 404.
    time.advance(5_000);
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: buildPath(apiPaths.adminApiKey, { keyid: key.keyid }),
      headers: asStaff(adminToken),
    });
    expect(again.json().data.revoked).toBe('2027-02-01T00:00:00.000Z');
    const unknown = await ctx.app.inject({
      method: 'DELETE',
      url: buildPath(apiPaths.adminApiKey, { keyid: 999_999 }),
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
    const res = await get(apiPaths.adminApiKeys, asStaff(supportToken));
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toBe(adminErrors.adminScopeMissing);
  });
});

describe('the audit of admin calls', () => {
  it('records every call, refusals included, with the key or the staff member and the account', async () => {
    const key = await newKey({ name: 'Audited', scopes: ['read'] });
    const requestIds: string[] = [];
    for (const [url, headers] of [
      [buildPath(apiPaths.adminAccount, { accountid: 100001 }), withKey(key.key)],
      [apiPaths.adminApiKeys, withKey(key.key)],
      [buildPath(apiPaths.adminAccount, { accountid: 100003 }), asStaff(supportToken)],
    ] as const) {
      const res = await get(url, headers);
      requestIds.push(String(res.headers['x-request-id']));
    }
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
            from staff_audit where request_id in ${requestIds} order by id`,
    );
    const [support] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select id from staff_members where email = 'sam.support@outpost.example'`,
    );
    expect(rows).toEqual([
      {
        staff_id: null,
        api_key_id: key.keyid,
        account_id: 100001,
        route: apiPaths.adminAccount,
        status: 200,
        request_id: requestIds[0],
        action: 'admin-request',
      },
      {
        staff_id: null,
        api_key_id: key.keyid,
        account_id: null,
        route: apiPaths.adminApiKeys,
        status: 403,
        request_id: requestIds[1],
        action: 'admin-request',
      },
      {
        staff_id: support!.id,
        api_key_id: null,
        account_id: 100003,
        route: apiPaths.adminAccount,
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

  it('puts an exact account id first and keeps to the limit', async () => {
    const all = await search('Farm', staff());
    expect(accountIds(all)).toEqual([100021, 100011]);
    const one = await get(apiPaths.adminAccounts, staff(), { q: 'Farm', limit: '1' });
    expect(accountIds(one)).toEqual([100021]);
    for (const query of [{ q: '' }, { q: 'x', limit: '0' }, { q: 'x', limit: '51' }] as Record<
      string,
      string
    >[]) {
      expect((await get(apiPaths.adminAccounts, staff(), query)).statusCode).toBe(400);
    }
  });
});

describe('the customer view', () => {
  it('gives the account, its contacts holder first, and its services', async () => {
    const res = await get(
      buildPath(apiPaths.adminAccount, { accountid: 100003 }),
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
      buildPath(apiPaths.adminAccount, { accountid: 999_999 }),
      asStaff(supportToken),
    );
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toBe(adminErrors.accountMissing);
  });
});
