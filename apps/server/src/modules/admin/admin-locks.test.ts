import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPaths, apiPaths, buildPath } from '@outpost/contracts/api-paths';
import { serverErrors } from '@outpost/contracts/messages';
import { recoveryServerMessages } from '@outpost/contracts/recovery';
import { queryRows } from '../../db/client';
import { DEMO_PASSWORD } from '../../seed/demo';
import { mintStaffSession } from '../../test/sessions';
import type { TestContext } from '../../test/test-app';
import { createTestContext, errorOf } from '../../test/test-app';
import { adminErrors } from './admin.errors';

// A contact locked out by too many tries, and the desk clearing exactly that person's locks
// (docs/decisions/054). The counters run on the database's clock, so this file uses real time.
const ACCOUNT = 100001;
const HOLDER = 5001; // 'holder'
const BILLING = 5002; // 'billing', same account
const OTHER = 5005; // 'twofactor', account 100002

let ctx: TestContext;
let support: Record<string, string>;
let billing: Record<string, string>;
let supportId: number;
let ip = 0;
const nextIp = () => `198.51.100.${++ip}`;

beforeAll(async () => {
  ctx = await createTestContext();
  support = {
    'x-staff-token': await mintStaffSession(ctx.database.db, 'sam.support@outpost.example'),
  };
  billing = {
    'x-staff-token': await mintStaffSession(ctx.database.db, 'bea.billing@outpost.example'),
  };
  const [sam] = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`select id from staff_members where email = 'sam.support@outpost.example'`,
  );
  supportId = sam!.id;
});
afterAll(async () => ctx.close());

const login = (username: string, password: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/portal/users/login/',
    payload: { username, password },
    remoteAddress: nextIp(),
  });
const askForCode = (username: string) =>
  ctx.app.inject({
    method: 'POST',
    url: apiPaths.recoverRequestPrepare,
    payload: { method: 'username', username },
    remoteAddress: nextIp(),
  });
const locks = async () => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: buildPath(adminPaths.adminContactLocks, { accountid: ACCOUNT }),
    headers: billing,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { userid: number; lock: string; label: string; until: string }[];
};
const clear = (userid: number, headers = support, accountid = ACCOUNT) =>
  ctx.app.inject({
    method: 'POST',
    url: buildPath(adminPaths.adminClearContactLock, { accountid, userid }),
    headers,
  });

/** Six wrong passwords: the sixth is refused whatever the password (the username's limit, 5). */
async function lockSignIn(username: string) {
  for (let i = 0; i < 5; i++)
    expect((await login(username, 'wrong-password')).statusCode).toBe(401);
  const refused = await login(username, DEMO_PASSWORD);
  expect(refused.statusCode).toBe(429);
  expect(errorOf(refused)).toBe(serverErrors.loginRateLimited);
}

describe("a contact's locks", () => {
  it('shows who is locked out of what and until when, then clears only that person', async () => {
    const start = Date.now();
    await lockSignIn('holder');
    await lockSignIn('billing');
    await lockSignIn('twofactor');
    for (let i = 0; i < 5; i++) expect((await askForCode('holder')).statusCode).toBe(200);
    const sixth = await askForCode('holder');
    expect(sixth.statusCode).toBe(429);
    expect(errorOf(sixth)).toBe(recoveryServerMessages.tooManyRequests);

    const shown = await locks();
    expect(shown.map(({ userid, lock, label }) => ({ userid, lock, label }))).toEqual([
      { userid: HOLDER, lock: 'sign-in', label: 'Sign-in (too many wrong passwords)' },
      {
        userid: HOLDER,
        lock: 'recovery-requests',
        label: 'Access recovery (too many codes asked for)',
      },
      { userid: BILLING, lock: 'sign-in', label: 'Sign-in (too many wrong passwords)' },
    ]);
    // Each ends by itself 15 minutes after its first try.
    for (const l of shown) {
      const until = new Date(l.until).getTime();
      expect(until).toBeGreaterThan(start + 14 * 60_000);
      expect(until).toBeLessThanOrEqual(Date.now() + 15 * 60_000 + 1000);
    }

    const res = await clear(HOLDER);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ cleared: ['sign-in', 'recovery-requests'] });
    expect((await locks()).map((l) => [l.userid, l.lock])).toEqual([[BILLING, 'sign-in']]);

    // The holder may try again at once; the others are still locked.
    expect((await login('holder', DEMO_PASSWORD)).statusCode).toBe(200);
    expect((await askForCode('holder')).statusCode).toBe(200);
    expect((await login('billing', DEMO_PASSWORD)).statusCode).toBe(429);
    expect((await login('twofactor', DEMO_PASSWORD)).statusCode).toBe(429);

    let audit: { staff_id: number | null; user_id: number | null; detail: string | null }[] = [];
    for (let i = 0; i < 50 && audit.length === 0; i++) {
      audit = await queryRows(
        ctx.database.db,
        sql`select staff_id, user_id, detail from staff_audit
             where account_id = ${ACCOUNT} and action = 'lock-cleared' order by id`,
      );
      if (audit.length === 0) await new Promise((r) => setTimeout(r, 20));
    }
    expect(audit).toEqual([
      { staff_id: supportId, user_id: HOLDER, detail: 'holder: sign-in, recovery-requests' },
    ]);
  });

  it("refuses another account's contact, and a role without the desk's scope", async () => {
    const elsewhere = await clear(OTHER);
    expect(elsewhere.statusCode).toBe(404);
    expect(errorOf(elsewhere)).toBe(adminErrors.contactMissing);
    expect((await login('twofactor', DEMO_PASSWORD)).statusCode).toBe(429);
    const refused = await clear(BILLING, billing);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toBe(adminErrors.adminScopeMissing);
    expect((await locks()).map((l) => [l.userid, l.lock])).toEqual([[BILLING, 'sign-in']]);
  });

  it('clears nothing when nothing is locked, and says so', async () => {
    const res = await clear(HOLDER);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ cleared: [] });
  });
});
