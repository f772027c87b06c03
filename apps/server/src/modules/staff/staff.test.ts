import { and, eq, sql } from 'drizzle-orm';
import { TOTP, Secret } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminPaths, apiPaths, buildPath } from '@outpost/contracts/api-paths';
import { apiRoutes } from '@outpost/contracts/api-routes';
import { buildApp } from '../../app';
import { queryRows } from '../../db/client';
import { DEMO_PASSWORD } from '../../seed/demo';
import { DEMO_STAFF_TOTP_SECRET } from '../../seed/staff';
import type { TestContext } from '../../test/test-app';
import { createTestContext, errorOf, manualClock } from '../../test/test-app';
import { STAFF_PLACED } from '@outpost/domain/staff-rules';
import { readLink, signLink } from './staff-links.service';
import { setStaffActive } from './staff.service';
import { staffAudit, staffMembers } from './staff.schema';

const SECRET = 'staff-link-secret-for-the-staff-test-0001';
const time = manualClock(new Date('2027-01-10T00:00:00Z'));
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({
    clock: time.clock,
    env: {
      STAFF_LINK_SECRET: SECRET,
      XD_ENABLED: 'true',
      PUBLIC_URL: 'https://portal.example.net',
    },
  });
});
afterAll(async () => ctx.close());

const SUPPORT = 'sam.support@outpost.example';
const ADMIN = 'ada.admin@outpost.example';
const BILLING = 'bea.billing@outpost.example';

/** The code of the demo staff secret for a time step after the last one used. */
function nextCode(): string {
  // Each login moves the clock on a step, so each code is a new one (a code works once).
  time.advance(30_000);
  return new TOTP({ secret: Secret.fromBase32(DEMO_STAFF_TOTP_SECRET) }).generate({
    timestamp: time.clock().getTime(),
  });
}

async function staffToken(email: string): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: apiPaths.staffLogin,
    payload: { email, password: DEMO_PASSWORD, code: nextCode() },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as { token: string }).token;
}

async function link(token: string, body: object) {
  return ctx.app.inject({
    method: 'POST',
    url: apiPaths.staffLinks,
    headers: { 'x-staff-token': token },
    payload: body,
  });
}

const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

// The link pages and /xd share one limit per address (20 per 15 minutes): tests that open many
// links come from an address of their own.
const verify = (token: string, remoteAddress = '127.0.0.1') =>
  ctx.app.inject({
    method: 'POST',
    url: apiPaths.staffLoginVerify,
    payload: { token },
    remoteAddress,
  });

describe('staff sign-in', () => {
  it('needs the password and a fresh authenticator code, and answers one message for every failure', async () => {
    const code = nextCode();
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.staffLogin,
      payload: { email: SUPPORT, password: 'not-it', code },
    });
    expect(wrong.statusCode).toBe(401);
    expect(errorOf(wrong)).toBe(
      'Invalid request: unknown staff email, wrong password or wrong code.',
    );
    const ok = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.staffLogin,
      payload: { email: SUPPORT.toUpperCase(), password: DEMO_PASSWORD, code },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.staff).toEqual({ staffid: 1, name: 'Sam Support', role: 'support' });
    // The same code again: refused (a code works once).
    const replay = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.staffLogin,
      payload: { email: SUPPORT, password: DEMO_PASSWORD, code },
    });
    expect(replay.statusCode).toBe(401);
    const customer = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.staffLogin,
      payload: { email: 'holder', password: DEMO_PASSWORD, code: nextCode() },
    });
    expect(customer.statusCode).toBe(401);
  });

  it('refuses staff routes to customers, to no token and to an ended or expired staff session', async () => {
    const token = await staffToken(SUPPORT);
    expect((await link('', { purpose: 'login', accountid: 100001 })).statusCode).toBe(401);
    const holder = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.login,
      payload: { username: 'holder', password: DEMO_PASSWORD },
    });
    const userToken = (holder.json().data.tokens as { token: string }[])[0]!.token;
    expect((await link(userToken, { purpose: 'login', accountid: 100001 })).statusCode).toBe(401);
    const out = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.staffLogout,
      headers: { 'x-staff-token': token },
    });
    expect(out.statusCode).toBe(200);
    expect((await link(token, { purpose: 'login', accountid: 100001 })).statusCode).toBe(401);
    const later = await staffToken(SUPPORT);
    time.advance(31 * 60_000);
    expect((await link(later, { purpose: 'login', accountid: 100001 })).statusCode).toBe(401);
  });
});

describe('staff links', () => {
  it('open a read-only staff-assisted session once; every request is audited with the staff id', async () => {
    const token = await staffToken(SUPPORT);
    const issued = await link(token, { purpose: 'login', accountid: 100001 });
    expect(issued.statusCode).toBe(200);
    const { url, expires } = issued.json().data as { url: string; expires: string };
    expect(url).toMatch(/^https:\/\/portal\.example\.net\/staff-login\/verify\?token=/);
    expect(new Date(expires).getTime() - time.clock().getTime()).toBe(5 * 60_000);

    const opened = await verify(tokenOf(url));
    expect(opened.statusCode).toBe(200);
    const session = opened.json().data;
    expect(session.staff).toEqual({ name: 'Sam Support', role: 'support' });
    expect(session.customer).toBe('Jordan Citizen');
    expect(session.user.username).toBe('holder');
    const userToken = (session.tokens as { type: string; token: string }[]).find(
      (t) => t.type === 'USER',
    )!.token;

    // Single use: the same link again is refused.
    const again = await verify(tokenOf(url));
    expect(again.statusCode).toBe(400);
    expect(errorOf(again)).toBe(
      'Invalid request: this staff link is not valid, has expired or was already used.',
    );

    // Reading works; a change is refused.
    const headers = { 'x-user-token': userToken };
    const services = await ctx.app.inject({ method: 'GET', url: apiPaths.services, headers });
    expect(services.statusCode, services.body).toBe(200);
    const change = await ctx.app.inject({
      method: 'POST',
      url: buildPath(apiPaths.setNicknamePrepare, { serviceid: 200101 }),
      headers,
      payload: { nickname: 'Staff was here' },
    });
    expect(change.statusCode).toBe(403);
    expect(errorOf(change)).toBe(
      'Invalid request: this is a staff-assisted session, and your staff role may not make this change.',
    );
    const update = apiRoutes.find((r) => r.id === 'updatePassword')!;
    const password = await ctx.app.inject({
      method: update.method,
      url: update.path,
      headers,
      payload: {},
    });
    expect(password.statusCode).toBe(403);

    // A request's audit row is written once its answer has gone (the onResponse hook): on
    // PostgreSQL under load the last refusal's row may land a moment after the test reads.
    const audit = await vi.waitFor(async () => {
      const rows = await ctx.database.db
        .select()
        .from(staffAudit)
        .where(and(eq(staffAudit.staffId, 1), eq(staffAudit.accountId, 100001)));
      const actions = rows.map((a) => `${a.action} ${a.method ?? ''} ${a.status ?? ''}`.trim());
      expect(actions).toEqual(
        expect.arrayContaining(['link-issued', 'link-used', 'request GET 200', 'request POST 403']),
      );
      return rows;
    }, 5000);
    const get = audit.find((a) => a.action === 'request' && a.method === 'GET')!;
    expect(get).toMatchObject({ userId: 5001, route: '/api/portal/services/' });
    expect(get.requestId).toMatch(/.{8,}/);
  });

  it('let an admin make an ordinary change, never a payment or the password', async () => {
    const token = await staffToken(ADMIN);
    const { url } = (await link(token, { purpose: 'login', accountid: 100001 })).json().data;
    const session = (await verify(tokenOf(url))).json().data;
    const headers = {
      'x-user-token': (session.tokens as { type: string; token: string }[])[0]!.token,
    };
    const nickname = await ctx.app.inject({
      method: 'POST',
      url: buildPath(apiPaths.setNicknamePrepare, { serviceid: 200101 }),
      headers,
      payload: { nickname: 'Home' },
    });
    expect(nickname.statusCode).toBe(200);
    const pay = apiRoutes.find((r) => r.id === 'existingCardPrepare')!;
    const payment = await ctx.app.inject({ method: 'POST', url: pay.path, headers, payload: {} });
    expect(payment.statusCode).toBe(403);
  });

  it('refuse a tampered, forged, expired or mismatched link, and a staff member no longer active', async () => {
    const token = await staffToken(BILLING);
    const { url } = (await link(token, { purpose: 'login', accountid: 100001 })).json().data;
    const good = tokenOf(url);
    const [body, mac] = good.split('.') as [string, string];
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as { t: number };
    // Another account in the same signature: refused.
    const tampered = `${Buffer.from(JSON.stringify({ ...payload, t: 100003 })).toString('base64url')}.${mac}`;
    expect((await verify(tampered)).statusCode).toBe(400);
    // Signed with another key: refused.
    const forged = signLink(Buffer.from('another-key-another-key-another-key!'), {
      ...readLink(Buffer.from(SECRET), good)!,
    });
    expect((await verify(forged)).statusCode).toBe(400);
    // A usage page given a login link: refused.
    const usage = await ctx.app.inject({
      method: 'POST',
      url: buildPath(apiPaths.staffUsageVerify, { serviceid: 200101 }),
      payload: { token: good },
    });
    expect(usage.statusCode).toBe(400);
    // Expired after 5 minutes.
    time.advance(5 * 60_000 + 1);
    expect((await verify(good)).statusCode).toBe(400);

    // A staff member switched off: their links and assisted sessions stop working.
    const fresh = await staffToken(BILLING);
    const { url: url2 } = (await link(fresh, { purpose: 'login', accountid: 100001 })).json().data;
    const assisted = (await verify(tokenOf(url2))).json().data;
    await ctx.database.db
      .update(staffMembers)
      .set({ active: false })
      .where(eq(staffMembers.email, BILLING));
    const after = await ctx.app.inject({
      method: 'GET',
      url: apiPaths.services,
      headers: { 'x-user-token': assisted.tokens[0].token },
    });
    expect(after.statusCode).toBe(401);
    await ctx.database.db
      .update(staffMembers)
      .set({ active: true })
      .where(eq(staffMembers.email, BILLING));
  });

  it("end a disabled staff member's assisted sessions for good: no refresh, and enabling revives none", async () => {
    const token = await staffToken(BILLING);
    const { url } = (await link(token, { purpose: 'login', accountid: 100001 })).json().data;
    const assisted = (await verify(tokenOf(url))).json().data as {
      tokens: { type: string; token: string }[];
    };
    const userToken = assisted.tokens.find((t) => t.type === 'USER')!.token;
    const refreshToken = assisted.tokens.find((t) => t.type === 'REFRESH')!.token;
    const services = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'GET', url: apiPaths.services, headers });
    expect((await services({ 'x-user-token': userToken })).statusCode).toBe(200);

    // `npm run staff -- disable` (the CLI calls this).
    expect(await setStaffActive(ctx.database.db, BILLING, false)).toBe(true);
    expect((await services({ 'x-user-token': userToken })).statusCode).toBe(401);
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.refresh,
      headers: { 'x-refresh-token': refreshToken },
    });
    expect(refresh.statusCode).toBe(401);

    // Switched on again: the old tokens stay dead, and the session is ended in the Sessions list.
    expect(await setStaffActive(ctx.database.db, BILLING, true)).toBe(true);
    expect((await services({ 'x-user-token': userToken })).statusCode).toBe(401);
    const again = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.refresh,
      headers: { 'x-refresh-token': refreshToken },
    });
    expect(again.statusCode).toBe(401);
    const [open] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from sessions s join staff_members m on m.id = s.staff_id
           where lower(m.email) = ${BILLING} and s.ended_at is null`,
    );
    expect(open!.n).toBe(0);
  });

  it('open one service usage with a usage link, for that service only', async () => {
    const token = await staffToken(SUPPORT);
    const { url } = (await link(token, { purpose: 'usage', serviceid: 200101 })).json().data;
    expect(url).toContain('/staff-usage/200101/verify?token=');
    const wrongService = await ctx.app.inject({
      method: 'POST',
      url: buildPath(apiPaths.staffUsageVerify, { serviceid: 200102 }),
      payload: { token: tokenOf(url) },
    });
    expect(wrongService.statusCode).toBe(400);
    const res = await ctx.app.inject({
      method: 'POST',
      url: buildPath(apiPaths.staffUsageVerify, { serviceid: 200101 }),
      payload: { token: tokenOf(url) },
    });
    // The first try on the wrong page did not use up the link.
    expect(res.statusCode).toBe(200);
    expect(res.json().data.tokens[0]).toMatchObject({ type: 'USER', serviceid: 200101 });
    const usageToken = res.json().data.tokens[0].token as string;
    const other = await ctx.app.inject({
      method: 'GET',
      url: apiPaths.services,
      headers: { 'x-user-token': usageToken },
    });
    expect(other.statusCode).toBe(403);
  });

  it('show the audit log to staff admins only, by account', async () => {
    const support = await staffToken(SUPPORT);
    const refused = await ctx.app.inject({
      method: 'GET',
      url: `${apiPaths.staffAudit}?accountid=100001`,
      headers: { 'x-staff-token': support },
    });
    expect(refused.statusCode).toBe(403);
    const admin = await staffToken(ADMIN);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${apiPaths.staffAudit}?accountid=100001&limit=500`,
      headers: { 'x-staff-token': admin },
    });
    expect(res.statusCode).toBe(200);
    const entries = res.json().data as { accountid: number; staff: string; action: string }[];
    expect(entries.length).toBeGreaterThan(3);
    expect(entries.every((e) => e.accountid === 100001)).toBe(true);
    expect(entries.map((e) => e.staff)).toContain('Sam Support');
  });
});

describe('/xd auto-login', () => {
  const xd = (
    accountid: number,
    headers: Record<string, string> = {},
    remoteAddress = '127.0.0.1',
  ) =>
    ctx.app.inject({
      method: 'POST',
      url: apiPaths.debugIntegrate,
      headers,
      payload: { method: 'auto-login-acct-holder', accountid },
      remoteAddress,
    });

  /** A staff-assisted session of the account's holder, opened with a signed link. */
  async function assistedToken(
    staff: string,
    accountid: number,
    remoteAddress = '127.0.0.1',
  ): Promise<string> {
    const { url } = (await link(staff, { purpose: 'login', accountid })).json().data;
    const opened = await verify(tokenOf(url), remoteAddress);
    expect(opened.statusCode).toBe(200);
    return (opened.json().data.tokens as { type: string; token: string }[]).find(
      (t) => t.type === 'USER',
    )!.token;
  }

  it('answers the holder of the same account and a staff-assisted session of it, and looks absent to anyone else', async () => {
    expect((await xd(100001)).statusCode).toBe(404);
    const holder = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.login,
      payload: { username: 'holder', password: DEMO_PASSWORD },
    });
    const holderToken = holder.json().data.tokens[0].token as string;
    const own = await xd(100001, { 'x-user-token': holderToken });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.user.username).toBe('holder');
    expect((await xd(100003, { 'x-user-token': holderToken })).statusCode).toBe(404);
    const contact = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.login,
      payload: { username: 'billing', password: DEMO_PASSWORD },
    });
    expect(
      (await xd(100001, { 'x-user-token': contact.json().data.tokens[0].token })).statusCode,
    ).toBe(404);
    const staff = await staffToken(SUPPORT);
    const assisted = await assistedToken(staff, 100003);
    const byStaff = await xd(100003, { 'x-user-token': assisted });
    expect(byStaff.statusCode).toBe(200);
    expect(byStaff.json().data.user.username).toBe('other');
    // The new session is staff-assisted too: read-only for a support role.
    const nickname = await ctx.app.inject({
      method: 'POST',
      url: buildPath(apiPaths.setNicknamePrepare, { serviceid: 200301 }),
      headers: { 'x-user-token': byStaff.json().data.tokens[0].token },
      payload: { nickname: 'Staff was here' },
    });
    expect(nickname.statusCode).toBe(403);
    const [row] = await queryRows<{ n: number; by_staff: number }>(
      ctx.database.db,
      sql`select count(*)::int as n, count(staff_id)::int as by_staff
            from staff_audit where action = 'xd-login'`,
    );
    expect(row).toEqual({ n: 2, by_staff: 1 });
  });

  it('refuses a staff session alone, and a staff-assisted session of another account', async () => {
    const staff = await staffToken(ADMIN);
    const from = '192.0.2.10';
    // A plain staff session, with no staff-assisted customer session: absent.
    const plain = await xd(100003, { 'x-staff-token': staff }, from);
    expect(plain.statusCode).toBe(404);
    expect(errorOf(plain)).toBe('Invalid request: not found.');
    // Assisting account 100001 does not open account 100003's holder.
    const assisted = await assistedToken(staff, 100001, from);
    const foreign = await xd(100003, { 'x-user-token': assisted, 'x-staff-token': staff }, from);
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign)).toBe('Invalid request: not found.');
    // A usage-only staff token of a service of that account: absent too.
    const { url } = (await link(staff, { purpose: 'usage', serviceid: 200101 })).json().data;
    const usage = await ctx.app.inject({
      method: 'POST',
      url: buildPath(apiPaths.staffUsageVerify, { serviceid: 200101 }),
      payload: { token: tokenOf(url) },
      remoteAddress: from,
    });
    expect(usage.statusCode).toBe(200);
    expect(
      (await xd(100001, { 'x-user-token': usage.json().data.tokens[0].token }, from)).statusCode,
    ).toBe(404);
  });

  it('in production answers a staff-assisted session of that account only', async () => {
    const app = await buildApp({
      config: { ...ctx.config, env: 'production' },
      database: ctx.database,
      clock: time.clock,
    });
    try {
      const call = (accountid: number, headers: Record<string, string>) =>
        app.inject({
          method: 'POST',
          url: apiPaths.debugIntegrate,
          headers,
          payload: { method: 'auto-login-acct-holder', accountid },
          remoteAddress: '192.0.2.11',
        });
      const holder = await ctx.app.inject({
        method: 'POST',
        url: apiPaths.login,
        payload: { username: 'holder', password: DEMO_PASSWORD },
      });
      const holderToken = holder.json().data.tokens[0].token as string;
      expect((await call(100001, { 'x-user-token': holderToken })).statusCode).toBe(404);
      const staff = await staffToken(SUPPORT);
      expect((await call(100001, { 'x-staff-token': staff })).statusCode).toBe(404);
      const assisted = await assistedToken(staff, 100001, '192.0.2.11');
      expect((await call(100003, { 'x-user-token': assisted })).statusCode).toBe(404);
      const ok = await call(100001, { 'x-user-token': assisted });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data.user.username).toBe('holder');
    } finally {
      await app.close();
    }
  });

  it('is absent when not enabled, and in production without a staff session', async () => {
    const off = await createTestContext();
    try {
      const res = await off.app.inject({
        method: 'POST',
        url: apiPaths.debugIntegrate,
        payload: { method: 'auto-login-acct-holder', accountid: 100001 },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});

it('places every changing customer route in the staff rules', () => {
  const changing = apiRoutes
    .filter((r) => r.method !== 'GET' && (r.access === 'user' || r.access === 'usage'))
    .map((r) => r.id);
  expect(changing.filter((id) => !STAFF_PLACED.has(id))).toEqual([]);
});

describe('a customer who has not accepted their invitation yet', () => {
  it("opens in a staff-assisted session (the desk helps them), while their own sign-in still can't", async () => {
    const admin = await staffToken(ADMIN);
    const made = await ctx.app.inject({
      method: 'POST',
      url: adminPaths.adminAccounts,
      headers: { 'x-staff-token': admin, 'idempotency-key': 'invited-holder-0001' },
      payload: {
        name: 'Invited Station',
        holder: {
          title: 'Mr',
          given_names: 'Ira',
          surname: 'Invited',
          email: 'ira.invited@example.net',
          mobile: '0499000111',
          date_of_birth: '1970-05-05',
        },
      },
    });
    expect(made.statusCode, made.body).toBe(200);
    const accountid = made.json().data.account.accountid as number;
    expect(made.json().data.account.contacts[0].status).toBe('Invited');

    const issued = await link(admin, { purpose: 'login', accountid });
    const opened = await verify(tokenOf(issued.json().data.url), '10.9.9.1');
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().data.customer).toBe('Ira Invited');
    const userToken = opened.json().data.tokens.find((t: { type: string }) => t.type === 'USER')
      .token as string;
    const services = await ctx.app.inject({
      method: 'GET',
      url: apiPaths.services,
      headers: { 'x-user-token': userToken },
    });
    expect(services.statusCode, services.body).toBe(200);

    // The holder's own sign-in stays closed until they set a password from the invitation.
    const own = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.login,
      payload: { username: 'ira.invited@example.net', password: 'anything-at-all-1' },
      remoteAddress: '10.9.9.2',
    });
    expect(own.statusCode).toBe(401);
  });
});
