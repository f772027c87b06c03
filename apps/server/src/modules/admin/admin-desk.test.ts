import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPaths, apiPaths, buildPath } from '@outpost/contracts/api-paths';
import { queryRows, withTransaction } from '../../db/client';
import { mintSession, mintStaffSession } from '../../test/sessions';
import type { TestContext } from '../../test/test-app';
import { createTestContext, errorOf, manualClock } from '../../test/test-app';
import { issueInvoice } from '../billing/invoices.service';
import { adminErrors } from './admin.errors';

const time = manualClock(new Date('2027-05-01T00:00:00Z'));
let ctx: TestContext;
const as: Record<'admin' | 'support' | 'billing', Record<string, string>> = {
  admin: {},
  support: {},
  billing: {},
};

beforeAll(async () => {
  ctx = await createTestContext({ clock: time.clock });
  for (const [role, email] of [
    ['admin', 'ada.admin@outpost.example'],
    ['support', 'sam.support@outpost.example'],
    ['billing', 'bea.billing@outpost.example'],
  ] as const) {
    as[role] = { 'x-staff-token': await mintStaffSession(ctx.database.db, email, time.clock()) };
  }
});
afterAll(async () => ctx.close());

const post = (url: string, headers: Record<string, string>, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
const messagesTo = (email: string) =>
  queryRows<{ subject: string; body: string }>(
    ctx.database.db,
    sql`select subject, body from outbox where "to" = ${email} order by id`,
  );
const auditOf = (accountId: number) =>
  queryRows<{ action: string; staff_id: number | null; detail: string | null }>(
    ctx.database.db,
    sql`select action, staff_id, detail from staff_audit
         where account_id = ${accountId} and action <> 'admin-request' order by id`,
  );

async function newCustomer(email: string): Promise<{ accountid: number; userid: number }> {
  const res = await post(
    adminPaths.adminAccounts,
    { ...as.admin, 'idempotency-key': `desk-${email}` },
    {
      name: 'Desk Station',
      holder: {
        title: 'Ms',
        given_names: 'Dee',
        surname: 'Desk',
        email,
        mobile: `04${String(Math.abs(hash(email)) % 100_000_000).padStart(8, '0')}`,
        date_of_birth: '1965-02-03',
      },
    },
  );
  expect(res.statusCode, res.body).toBe(200);
  const account = res.json().data.account;
  return { accountid: account.accountid, userid: account.contacts[0].userid };
}
const hash = (s: string) => [...s].reduce((h, c) => (h * 31 + c.charCodeAt(0)) | 0, 7);

describe('resending an invitation', () => {
  it('sends a new link by email, the earlier one stops working, and the audit says who', async () => {
    const { accountid, userid } = await newCustomer('dee.desk@example.net');
    const url = buildPath(adminPaths.adminResendInvitation, { accountid, userid });
    const res = await post(url, as.support);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      sent_to: 'dee.desk@example.net',
      expires: '2027-05-08T00:00:00.000Z',
    });
    const mail = await messagesTo('dee.desk@example.net');
    expect(mail.map((m) => m.subject)).toEqual([
      'Your Outpost Demo Broadband account is ready',
      'Your Outpost Demo Broadband invitation',
    ]);
    const code = (body: string) => /code=([0-9]{6})/.exec(body)![1]!;
    expect(code(mail[1]!.body)).not.toBe(code(mail[0]!.body));
    // One live invitation code: the first was retired by the second.
    const [live] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from verification_codes
           where user_id = ${userid} and purpose = 'invite' and consumed_at is null`,
    );
    expect(live!.n).toBe(1);
    expect(await auditOf(accountid)).toContainEqual({
      action: 'invitation-resent',
      staff_id: 1,
      detail: 'to dee.desk@example.net',
    });
  });

  it('refuses a contact who has set a password, and a contact of another account', async () => {
    const active = await post(
      buildPath(adminPaths.adminResendInvitation, { accountid: 100001, userid: 5001 }),
      as.support,
    );
    expect(active.statusCode).toBe(409);
    expect(errorOf(active)).toBe(adminErrors.contactNotInvited);
    const elsewhere = await post(
      buildPath(adminPaths.adminResendInvitation, { accountid: 100002, userid: 5001 }),
      as.support,
    );
    expect(elsewhere.statusCode).toBe(404);
    expect(errorOf(elsewhere)).toBe(adminErrors.contactMissing);
    // Billing may not (the desk's scope).
    const billing = await post(
      buildPath(adminPaths.adminResendInvitation, { accountid: 100001, userid: 5001 }),
      as.billing,
    );
    expect(billing.statusCode).toBe(403);
  });
});

describe("ending a contact's sessions", () => {
  it('signs them out everywhere, answers how many, and records it', async () => {
    const first = await mintSession(ctx.database.db, 5002, 'live', time.clock());
    const second = await mintSession(ctx.database.db, 5002, 'live', time.clock());
    await ctx.database.db.execute(
      sql`insert into sessions (family_id, user_id) values (${first.familyId}, 5002), (${second.familyId}, 5002)`,
    );
    const res = await post(
      buildPath(adminPaths.adminEndContactSessions, { accountid: 100001, userid: 5002 }),
      as.support,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.ended).toBeGreaterThanOrEqual(2);
    for (const session of [first, second]) {
      const call = await ctx.app.inject({
        method: 'GET',
        url: apiPaths.services,
        headers: { 'x-user-token': session.userToken },
      });
      expect(call.statusCode).toBe(401);
    }
    const again = await post(
      buildPath(adminPaths.adminEndContactSessions, { accountid: 100001, userid: 5002 }),
      as.support,
    );
    expect(again.json().data.ended).toBe(0);
    expect((await auditOf(100001)).filter((a) => a.action === 'sessions-ended')).toHaveLength(2);
  });
});

describe('credits and charges', () => {
  const url = buildPath(adminPaths.adminAdjustments, { accountid: 100003 });

  it('puts a credit with its reason on the next invoice, once per Idempotency-Key', async () => {
    const body = {
      kind: 'credit',
      amount_cents: 1500,
      description: 'Credit for the outage of 3 March',
    };
    const res = await post(url, { ...as.billing, 'idempotency-key': 'credit-0001' }, body);
    expect(res.statusCode, res.body).toBe(200);
    const credit = res.json().data;
    expect(credit).toEqual({
      chargeid: expect.any(Number),
      kind: 'adjustment',
      description: 'Credit for the outage of 3 March',
      amount_cents: -1500,
      created: '2027-05-01T00:00:00.000Z',
      invoice_id: null,
    });
    const repeat = await post(url, { ...as.billing, 'idempotency-key': 'credit-0001' }, body);
    expect(repeat.json().data.chargeid).toBe(credit.chargeid);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    const list = await ctx.app.inject({ method: 'GET', url, headers: as.support });
    expect(
      list.json().data.filter((c: { chargeid: number }) => c.chargeid === credit.chargeid),
    ).toHaveLength(1);
    expect(await auditOf(100003)).toContainEqual({
      action: 'credit-added',
      staff_id: 2,
      detail: '$15.00: Credit for the outage of 3 March',
    });

    // The next invoice carries it as a line the customer reads, the amount taken off.
    const periodStart = new Date(time.clock().getTime() + 60_000);
    const invoice = await withTransaction(ctx.database.db, (tx) =>
      issueInvoice(tx, 100003, periodStart, time.clock()),
    );
    const lines = await queryRows<{ description: string; amount_cents: number }>(
      ctx.database.db,
      sql`select description, amount_cents from invoice_lines where invoice_id = ${invoice!.id}`,
    );
    expect(lines).toContainEqual({
      description: 'Credit for the outage of 3 March',
      amount_cents: -1500,
    });
    const billed = await ctx.app.inject({ method: 'GET', url, headers: as.support });
    expect(
      billed.json().data.find((c: { chargeid: number }) => c.chargeid === credit.chargeid)
        .invoice_id,
    ).toBe(invoice!.id);
  });

  it('refuses support, a zero or huge amount, and an account that is not there', async () => {
    const body = { kind: 'charge', amount_cents: 2000, description: 'Technician call-out' };
    const support = await post(url, { ...as.support, 'idempotency-key': 'charge-0001' }, body);
    expect(support.statusCode).toBe(403);
    for (const amount_cents of [0, -5, 500_001]) {
      const bad = await post(
        url,
        { ...as.billing, 'idempotency-key': `charge-bad-${amount_cents}` },
        { ...body, amount_cents },
      );
      expect(bad.statusCode).toBe(400);
    }
    const missing = await post(
      buildPath(adminPaths.adminAdjustments, { accountid: 999_999 }),
      { ...as.admin, 'idempotency-key': 'charge-0002' },
      body,
    );
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toBe(adminErrors.accountMissing);
  });
});

describe("the customer view's activity", () => {
  it('lists the latest ledger entries, invoices, tickets, live sessions and messages sent', async () => {
    const session = await mintSession(ctx.database.db, 5001, 'live', time.clock());
    await ctx.database.db.execute(
      sql`insert into sessions (family_id, user_id, user_agent) values (${session.familyId}, 5001, 'Mozilla/5.0 (Android 14) Chrome/130')`,
    );
    const res = await ctx.app.inject({
      method: 'GET',
      url: buildPath(adminPaths.adminAccountActivity, { accountid: 100001 }),
      headers: as.support,
    });
    expect(res.statusCode, res.body).toBe(200);
    const activity = res.json().data;
    const [ledger] = await queryRows<{ n: number; newest: Date; balance: number }>(
      ctx.database.db,
      sql`select count(*)::int as n, max(created_at) as newest,
                 (select balance_cents from transactions where account_id = 100001
                   order by created_at desc, id desc limit 1) as balance
            from transactions where account_id = 100001`,
    );
    expect(activity.transactions).toHaveLength(Math.min(20, ledger!.n));
    expect(activity.transactions[0].at).toBe(new Date(ledger!.newest).toISOString());
    expect(activity.transactions[0].balance_cents).toBe(ledger!.balance);
    expect(activity.invoices).toHaveLength(12);
    expect(activity.invoices[0].number).toMatch(/^[A-Z0-9-]+$/);
    expect(activity.tickets.length).toBeGreaterThan(0);
    expect(activity.sessions).toContainEqual({
      userid: 5001,
      contact: expect.any(String),
      user_agent: 'Mozilla/5.0 (Android 14) Chrome/130',
      started: expect.stringMatching(/Z$/),
      last_used: expect.stringMatching(/Z$/),
    });

    // The invited holder of the desk's customer: both invitations are in their messages.
    const desk = await queryRows<{ account_id: number }>(
      ctx.database.db,
      sql`select account_id from users where email = 'dee.desk@example.net'`,
    );
    const theirs = await ctx.app.inject({
      method: 'GET',
      url: buildPath(adminPaths.adminAccountActivity, { accountid: desk[0]!.account_id }),
      headers: as.support,
    });
    expect(theirs.json().data.messages.map((m: { subject: string }) => m.subject)).toEqual([
      'Your Outpost Demo Broadband invitation',
      'Your Outpost Demo Broadband account is ready',
    ]);
    const missing = await ctx.app.inject({
      method: 'GET',
      url: buildPath(adminPaths.adminAccountActivity, { accountid: 999_999 }),
      headers: as.support,
    });
    expect(missing.statusCode).toBe(404);
  });
});
