import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminPaths, apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { DeskNotice } from '@outpost/contracts/admin';
import { queryRows, withTransaction } from '../../db/client';
import { mintSession, mintStaffSession } from '../../test/sessions';
import type { TestContext } from '../../test/test-app';
import { createTestContext, manualClock } from '../../test/test-app';
import { createApiKey } from '../admin/api-keys.service';
import { createTicket } from './tickets.service';
import type { DeskDigestDeps } from './desk-notices';
import { sendDeskDigests } from './desk-notices';

/** Telling the desk (docs/decisions/060): notices in the business transaction, digests by team. */

const T0 = new Date('2027-06-01T00:00:00Z');
const time = manualClock(T0);
const MINUTE = 60_000;
const SUPPORT = 'desk@provider.example';
const BILLING = 'accounts@provider.example';
let ctx: TestContext;
let holderToken: string;
let support: Record<string, string>;
let billing: Record<string, string>;
let deps: DeskDigestDeps;

beforeAll(async () => {
  ctx = await createTestContext({
    clock: time.clock,
    env: { PUBLIC_URL: 'https://portal.example.net' },
  });
  const db = ctx.database.db;
  support = { 'x-staff-token': await mintStaffSession(db, 'sam.support@outpost.example', T0) };
  billing = { 'x-staff-token': await mintStaffSession(db, 'bea.billing@outpost.example', T0) };
  holderToken = (await mintSession(db, 5001, 'live', T0)).userToken;
  deps = {
    db,
    brandName: 'Outpost',
    publicUrl: 'https://portal.example.net',
    emails: { support: SUPPORT, billing: BILLING },
    digestMinutes: 5,
  };
});
afterAll(async () => ctx.close());

beforeEach(async () => {
  // Each test counts only its own notices and mail.
  const db = ctx.database.db;
  await db.execute(sql`update desk_notices set digested_at = ${T0} where digested_at is null`);
  await db.execute(sql`delete from outbox where "to" in (${SUPPORT}, ${BILLING})`);
});

async function openTicket(
  subject: string,
  category = 'Technical fault',
  source: 'customer' | 'order' = 'customer',
) {
  const made = await withTransaction(ctx.database.db, (tx) =>
    createTicket(tx, {
      accountId: 100001,
      userId: 5001,
      authorName: 'Jordan Citizen',
      category,
      subject,
      body: `About: ${subject}`,
      source,
      now: time.clock(),
    }),
  );
  return made.ticketid;
}

const customerReply = (ticketid: number, message: string) =>
  ctx.app.inject({
    method: 'POST',
    url: buildPath(apiPaths.supportTicketReply, { ticketid }),
    headers: { 'x-user-token': holderToken },
    payload: { message },
  });

const staffReply = (ticketid: number, message: string) =>
  ctx.app.inject({
    method: 'POST',
    url: buildPath(adminPaths.adminTicketReplies, { ticketid }),
    headers: { ...support, 'idempotency-key': randomUUID() },
    payload: { message },
  });

const mailTo = (address: string) =>
  queryRows<{ subject: string; body: string }>(
    ctx.database.db,
    sql`select subject, body from outbox where "to" = ${address} order by id`,
  );

describe('the desk digests', () => {
  it("mails a ticket's notices to its team once, then at most once per five minutes", async () => {
    const ticketid = await openTicket('No internet since the storm');
    time.advance(MINUTE);
    expect((await customerReply(ticketid, 'The modem light is red.')).statusCode).toBe(200);
    // The desk's own reply tells nobody.
    expect((await staffReply(ticketid, 'We are looking at it.')).statusCode).toBe(200);

    time.advance(MINUTE);
    expect(await sendDeskDigests(deps, time.clock())).toEqual({ tickets: 1, emails: 1 });
    const [first] = await mailTo(SUPPORT);
    expect(first!.subject).toBe(
      `Outpost desk: T${ticketid} 2 updates: No internet since the storm`,
    );
    expect(first!.body).toBe(
      [
        `Ticket T${ticketid}: No internet since the storm`,
        'Customer: Citizen Family (account 100001)',
        '',
        '- Tue 01/06/27 10:00 am AEST: New ticket',
        '- Tue 01/06/27 10:01 am AEST: The customer replied',
        '',
        'Open it in the console:',
        `https://portal.example.net/console/tickets/${ticketid}`,
      ].join('\n'),
    );
    expect(await mailTo(BILLING)).toEqual([]);

    // Two more replies within the five minutes wait for one digest.
    time.advance(MINUTE);
    await customerReply(ticketid, 'Still red.');
    time.advance(MINUTE);
    await customerReply(ticketid, 'Now it is flashing.');
    expect(await sendDeskDigests(deps, time.clock())).toEqual({ tickets: 0, emails: 0 });
    time.advance(3 * MINUTE);
    expect(await sendDeskDigests(deps, time.clock())).toEqual({ tickets: 1, emails: 1 });
    const mails = await mailTo(SUPPORT);
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toBe(
      `Outpost desk: T${ticketid} 2 updates: No internet since the storm`,
    );
    expect(await sendDeskDigests(deps, time.clock())).toEqual({ tickets: 0, emails: 0 });
  });

  it('sends a billing question to the billing address and an order as a new order', async () => {
    const question = await openTicket('Charged twice', 'Billing question');
    const order = await openTicket('Order: Wi-Fi extender', 'Product order', 'order');
    time.advance(MINUTE);
    expect(await sendDeskDigests(deps, time.clock())).toEqual({ tickets: 2, emails: 2 });
    expect((await mailTo(BILLING)).map((m) => m.subject)).toEqual([
      `Outpost desk: T${question} New ticket: Charged twice`,
    ]);
    expect((await mailTo(SUPPORT)).map((m) => m.subject)).toEqual([
      `Outpost desk: T${order} New order: Order: Wi-Fi extender`,
    ]);
  });

  it('without a team address marks the notices digested and mails nobody', async () => {
    await openTicket('Slow in the evening');
    time.advance(MINUTE);
    expect(await sendDeskDigests({ ...deps, emails: {} }, time.clock())).toEqual({
      tickets: 1,
      emails: 0,
    });
    expect(await mailTo(SUPPORT)).toEqual([]);
    expect(await sendDeskDigests(deps, time.clock())).toEqual({ tickets: 0, emails: 0 });
  });

  it('a burst of 30 replies on one ticket is one email; runs at once send it once', async () => {
    const ticketid = await openTicket('Dropouts');
    for (let i = 0; i < 30; i++) await customerReply(ticketid, `Dropout number ${i + 1}.`);
    time.advance(MINUTE);
    const runs = await Promise.all(
      Array.from({ length: 5 }, () => sendDeskDigests(deps, time.clock())),
    );
    expect(runs.reduce((sum, r) => sum + r.emails, 0)).toBe(1);
    const [mail] = await mailTo(SUPPORT);
    expect(mail!.subject).toBe(`Outpost desk: T${ticketid} 31 updates: Dropouts`);
    expect(mail!.body.split('\n').filter((l) => l.endsWith('The customer replied'))).toHaveLength(
      30,
    );
  });
});

describe('the console reads the notices', () => {
  it('newest first, only newer than the last seen, for staff who work tickets only', async () => {
    const ticketid = await openTicket('Phone line crackles');
    time.advance(MINUTE);
    await customerReply(ticketid, 'Worse when it rains.');
    const res = await ctx.app.inject({
      method: 'GET',
      url: `${adminPaths.adminDeskNotices}?limit=2`,
      headers: support,
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as DeskNotice[];
    expect(data.map((n) => [n.number, n.kind, n.label, n.subject, n.customer, n.team])).toEqual([
      [
        `T${ticketid}`,
        'reply',
        'The customer replied',
        'Phone line crackles',
        'Citizen Family',
        'support',
      ],
      [`T${ticketid}`, 'ticket', 'New ticket', 'Phone line crackles', 'Citizen Family', 'support'],
    ]);
    const newer = await ctx.app.inject({
      method: 'GET',
      url: `${adminPaths.adminDeskNotices}?after=${data[0]!.id}`,
      headers: support,
    });
    expect(newer.json().data).toEqual([]);
    // Billing staff work tickets too (scope `tickets`, decision 057); a key never does.
    const bea = await ctx.app.inject({
      method: 'GET',
      url: `${adminPaths.adminDeskNotices}?limit=2`,
      headers: billing,
    });
    expect(bea.statusCode, bea.body).toBe(200);
    expect(bea.json().data).toEqual(data);
    const made = await createApiKey(
      ctx.database.db,
      { name: 'Notices', scopes: ['read', 'provisioning'] },
      null,
      T0,
    );
    const refused = await ctx.app.inject({
      method: 'GET',
      url: adminPaths.adminDeskNotices,
      headers: { authorization: `Bearer ${made.key}` },
    });
    expect(refused.statusCode).toBe(403);
  });
});
