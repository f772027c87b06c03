import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { Callback, CallbackTimes } from '@outpost/contracts/callbacks';
import { serverErrors } from '@outpost/contracts/messages';
import { outbox } from '../../adapters/messaging.schema';
import { queryRows } from '../../db/client';
import { MESSAGE_LIMITS } from '../../lib/message-limits';
import { mintSession } from '../../test/sessions';
import type { TestContext } from '../../test/test-app';
import { createTestContext, manualClock, QUEENSLAND_BUSINESS_FILE } from '../../test/test-app';
import { ticketMessages, tickets } from '../tickets/tickets.schema';
import { callbacksErrors } from './callbacks.errors';
import { callbackBookings, callbackSlotSeats } from './callbacks.schema';
import { callbackTimes } from './callbacks.service';

// Tuesday 24 November 2026, 10:00 am AEST.
const time = manualClock(new Date('2026-11-24T00:00:00Z'));
let ctx: TestContext;

const HOLDER = 5001; // account 100001, Queensland services
const OTHER_HOLDER = 5006; // account 100003, New South Wales services
/** Contacts of the holder's account made for the capacity test (this suite's ids 5701-5720). */
const CROWD = Array.from({ length: 20 }, (_, i) => 5701 + i);
/** More contacts for the other cases, none of whom took part in the rush (5721-5725). */
const [ANNE, BEN, CARA, DAN, EVE] = [5721, 5722, 5723, 5724, 5725];

/** An AEST wall time as the ISO UTC a client sends. */
const aest = (local: string) => new Date(`${local}:00+10:00`).toISOString();

beforeAll(async () => {
  ctx = await createTestContext({
    clock: time.clock,
    env: { BUSINESS_FILE: QUEENSLAND_BUSINESS_FILE },
  });
  for (const id of [...CROWD, ANNE, BEN, CARA, DAN, EVE]) {
    await queryRows(
      ctx.database.db,
      sql`insert into users (id, account_id, username, given_names, surname, email, role_id, relationship_id)
          select ${id}, 100001, ${`crowd-${id}`}, 'Crowd', ${`Member ${id}`}, ${`crowd-${id}@example.com`}, r.id, rel.id
            from roles r join relationships rel on rel.role_id = r.id
           where r.role = 'General Contact' and rel.relationship = 'Tenant'`,
    );
  }
});
afterAll(async () => ctx.close());

async function tokenOf(userId: number) {
  return (await mintSession(ctx.database.db, userId, 'live', time.clock())).userToken;
}

function call(method: 'GET' | 'POST' | 'DELETE', url: string, token: string, payload?: object) {
  return ctx.app.inject({
    method,
    url,
    headers: { 'x-user-token': token },
    ...(payload ? { payload } : {}),
  });
}

type Request = { team: 'technical' | 'sales'; slot: string; phone: string; reason: string };
const request = (overrides: Partial<Request> = {}): Request => ({
  team: 'technical',
  slot: aest('2026-11-25T10:30'),
  phone: '0491570006',
  reason: 'The modem light is orange.',
  ...overrides,
});

async function prepare(token: string, body: Request) {
  return call('POST', apiPaths.requestCallbackPrepare, token, body);
}

async function book(token: string, body: Request) {
  const prepared = await prepare(token, body);
  expect(prepared.statusCode, prepared.body).toBe(200);
  const { csrf } = (prepared.json() as { data: { csrf: string } }).data;
  return {
    csrf,
    res: await call('POST', apiPaths.requestCallbackCommit, token, { ...body, csrf }),
  };
}

async function times(token: string, query: string): Promise<CallbackTimes> {
  const res = await call('GET', `${apiPaths.callbackTimes}?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: CallbackTimes }).data;
}

async function seats(team: string, slot: string) {
  const [row] = await ctx.database.db
    .select({ booked: callbackSlotSeats.booked })
    .from(callbackSlotSeats)
    .where(and(eq(callbackSlotSeats.team, team), eq(callbackSlotSeats.slotStart, new Date(slot))));
  return row?.booked ?? 0;
}

describe('callback times', () => {
  it("offers each team's next 5 open days, labelled in the caller's zone beside AEST", async () => {
    const token = await tokenOf(HOLDER);
    const data = await times(token, 'tz=Australia/Perth');
    expect(data.time_zone).toBe('Australia/Perth');
    expect(data.teams.map((t) => t.name)).toEqual(['Technical Support', 'Sales & Accounts']);
    const technical = data.teams[0]!;
    expect(technical.days.map((d) => d.label)).toEqual([
      'Tue 24/11/26',
      'Wed 25/11/26',
      'Thu 26/11/26',
      'Fri 27/11/26',
      'Sat 28/11/26',
    ]);
    // Now is 10:00 am AEST: 10:30 is the first slot at least 30 minutes away.
    expect(technical.days[0]!.slots[0]).toEqual({
      start: '2026-11-24T00:30:00.000Z',
      aest: '10:30 am',
      zone: 'AEST',
      local: '8:30 am',
      same: false,
    });
    const sales = data.teams[1]!;
    // Sales & Accounts: closed Sundays, Saturday 9 to 5.
    expect(sales.days.map((d) => d.date)).toEqual([
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
    ]);
    expect(sales.days[4]!.slots.map((s) => s.aest)).toHaveLength(16);
    expect(sales.days[4]!.slots[0]!.aest).toBe('9:00 am');
    expect(sales.hours).toBe(
      'Monday to Friday 8am-6pm; Saturdays (sales only) 9am-5pm; public holidays closed',
    );
  });

  it("labels by the account's service state when the client sends no zone (NSW in daylight saving)", async () => {
    const data = await times(await tokenOf(OTHER_HOLDER), 'team=sales');
    expect(data.time_zone).toBe('Australia/Sydney');
    expect(data.teams).toHaveLength(1);
    expect(data.teams[0]!.days[1]!.slots[0]).toMatchObject({ aest: '8:00 am', local: '9:00 am' });
    const queensland = await times(await tokenOf(HOLDER), 'team=sales');
    expect(queensland.time_zone).toBe('Australia/Brisbane');
    expect(queensland.teams[0]!.days[1]!.slots[0]).toMatchObject({ local: '8:00 am', same: true });
  });

  it('falls back to the service state for a zone the server does not know', async () => {
    const data = await times(await tokenOf(HOLDER), 'tz=Mars/Olympus_Mons');
    expect(data.time_zone).toBe('Australia/Brisbane');
  });

  it('leaves out the Christmas public holidays', async () => {
    const data = await callbackTimes(ctx.database.db, {
      accountId: 100001,
      team: 'technical',
      tz: 'Australia/Darwin',
      now: new Date(aest('2026-12-23T21:00')),
      settings: ctx.config.business.callbacks,
    });
    expect(data.teams[0]!.days.map((d) => d.label)).toEqual([
      'Thu 24/12/26',
      'Sun 27/12/26',
      'Tue 29/12/26',
      'Wed 30/12/26',
      'Thu 31/12/26',
    ]);
    // Christmas Eve closes at 6 pm; Darwin is half an hour behind.
    expect(data.teams[0]!.days[0]!.slots.at(-1)).toMatchObject({
      aest: '5:30 pm',
      local: '5:00 pm',
    });
  });

  it('refuses an unknown team', async () => {
    const res = await call('GET', `${apiPaths.callbackTimes}?team=billing`, await tokenOf(HOLDER));
    expect(res.statusCode).toBe(400);
  });
});

describe('request callback', () => {
  it('books the slot, opens its ticket in the same transaction and emails the caller', async () => {
    const token = await tokenOf(HOLDER);
    const body = { ...request({ slot: aest('2026-11-26T14:00') }), time_zone: 'Australia/Perth' };
    const prepared = await call('POST', apiPaths.requestCallbackPrepare, token, body);
    const { csrf } = (prepared.json() as { data: { csrf: string } }).data;
    const res = await call('POST', apiPaths.requestCallbackCommit, token, { ...body, csrf });
    expect(res.statusCode, res.body).toBe(200);
    const callback = (res.json() as { data: Callback }).data;
    expect(callback).toMatchObject({
      team: 'technical',
      slot: '2026-11-26T04:00:00.000Z',
      summary: 'Technical Support, Thu 26/11/26 2:00 pm AEST',
      phone: '0491570006',
      reason: 'The modem light is orange.',
      cancellable: true,
    });
    expect(callback.ticket_number).toBe(`T${callback.ticketid}`);

    const [ticket] = await ctx.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.id, callback.ticketid));
    expect(ticket).toMatchObject({
      accountId: 100001,
      createdBy: HOLDER,
      category: 'Callback',
      subject: 'Callback: Technical Support, Thu 26/11/26 2:00 pm AEST',
      source: 'callback',
      status: 'New',
    });
    const [message] = await ctx.database.db
      .select()
      .from(ticketMessages)
      .where(eq(ticketMessages.ticketId, callback.ticketid));
    expect(message!.body).toBe(
      'Please call me on 0491 570 006 at Technical Support, Thu 26/11/26 2:00 pm AEST.\n\nThe modem light is orange.',
    );

    const [mail] = await ctx.database.db
      .select()
      .from(outbox)
      .where(sql`${outbox.subject} like 'Callback booked:%' and ${outbox.body} like '%2:00 pm%'`);
    expect(mail!.subject).toBe(
      `Callback booked: Technical Support, Thu 26/11/26 2:00 pm AEST (${callback.ticket_number})`,
    );
    expect(mail!.body).toContain('That is 12:00 pm your time · 2:00 pm AEST.');

    const list = await call('GET', apiPaths.callbacks, token);
    expect((list.json() as { data: Callback[] }).data).toEqual([callback]);
  });

  it('applies the same csrf once and answers a repeat with the first booking', async () => {
    const token = await tokenOf(HOLDER);
    const body = request({ team: 'sales', slot: aest('2026-11-27T09:00') });
    const { csrf, res } = await book(token, body);
    expect(res.statusCode).toBe(200);
    const again = await call('POST', apiPaths.requestCallbackCommit, token, { ...body, csrf });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(res.json());
    const rows = await ctx.database.db
      .select()
      .from(callbackBookings)
      .where(and(eq(callbackBookings.userId, HOLDER), eq(callbackBookings.team, 'sales')));
    expect(rows).toHaveLength(1);
    expect(await seats('sales', body.slot)).toBe(1);
  });

  it('books once when the same csrf is committed twice at once (a double click)', async () => {
    const token = await tokenOf(EVE);
    const body = request({ slot: aest('2026-11-27T15:00') });
    const prepared = await prepare(token, body);
    const { csrf } = (prepared.json() as { data: { csrf: string } }).data;
    const [a, b] = await Promise.all(
      [1, 2].map(() => call('POST', apiPaths.requestCallbackCommit, token, { ...body, csrf })),
    );
    expect([a!.statusCode, b!.statusCode]).toEqual([200, 200]);
    expect(a!.json()).toEqual(b!.json());
    expect(await seats('technical', body.slot)).toBe(1);
  });

  it('lets 2 of 20 contacts committing one slot at once book it; the others are told it is taken', async () => {
    const slot = aest('2026-11-25T16:00');
    const prepared = await Promise.all(
      CROWD.map(async (userId) => {
        const token = await tokenOf(userId);
        const res = await prepare(token, request({ slot }));
        expect(res.statusCode, res.body).toBe(200);
        return { token, csrf: (res.json() as { data: { csrf: string } }).data.csrf };
      }),
    );
    const results = await Promise.all(
      prepared.map(({ token, csrf }) =>
        call('POST', apiPaths.requestCallbackCommit, token, { ...request({ slot }), csrf }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(2);
    expect(codes.filter((c) => c === 409)).toHaveLength(18);
    for (const refused of results.filter((r) => r.statusCode === 409)) {
      expect(refused.json()).toEqual({ data: { error: callbacksErrors.callbackSlotTaken } });
    }
    expect(await seats('technical', slot)).toBe(2);
    const [booked] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from callback_bookings where slot_start = ${slot}`,
    );
    expect(booked!.n).toBe(2);
    const [opened] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from tickets where subject = 'Callback: Technical Support, Wed 25/11/26 4:00 pm AEST'`,
    );
    expect(opened!.n).toBe(2);

    // The full slot is no longer offered, and a new prepare for it is refused at once.
    const data = await times(await tokenOf(HOLDER), 'team=technical');
    const wednesday = data.teams[0]!.days.find((d) => d.date === '2026-11-25')!;
    expect(wednesday.slots.map((s) => s.start)).not.toContain(slot);
    expect(wednesday.slots.map((s) => s.aest)).toContain('3:30 pm');
    const late = await prepare(await tokenOf(OTHER_HOLDER), request({ team: 'technical', slot }));
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({ data: { error: callbacksErrors.callbackSlotTaken } });
  });

  it('keeps a contact to one open callback per team', async () => {
    const token = await tokenOf(HOLDER);
    const res = await prepare(token, request({ slot: aest('2026-11-27T11:00') }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      data: {
        error: callbacksErrors.callbackAlreadyBooked(
          'Technical Support, Thu 26/11/26 2:00 pm AEST',
        ),
      },
    });
  });

  it.each([
    ['in the past', '2026-11-24T09:00'],
    ['less than 30 minutes away', '2026-11-24T10:00'],
    ['off the half-hour', '2026-11-25T10:15'],
    ['after closing', '2026-11-25T20:00'],
    ['on a day beyond the 5 offered', '2026-12-03T10:00'],
  ])('refuses a slot %s', async (_why, local) => {
    const res = await prepare(await tokenOf(ANNE), request({ team: 'sales', slot: aest(local) }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ data: { error: callbacksErrors.callbackSlotNotOffered } });
  });

  it('refuses a Sales & Accounts slot on Sunday and a phone number that is not 8 to 15 digits', async () => {
    const token = await tokenOf(BEN);
    const sunday = await prepare(token, request({ team: 'sales', slot: aest('2026-11-29T10:00') }));
    expect(sunday.statusCode).toBe(409);
    const phone = await prepare(token, request({ phone: '0491 570 006' }));
    expect(phone.statusCode).toBe(400);
    const reason = await prepare(token, request({ reason: '   ' }));
    expect(reason.statusCode).toBe(400);
  });
});

describe('cancel a callback', () => {
  it('frees the seat, closes the ticket and shows it as Cancelled on the list', async () => {
    const token = await tokenOf(CARA);
    const slot = aest('2026-11-25T16:30');
    const { res } = await book(token, request({ slot }));
    const callback = (res.json() as { data: Callback }).data;
    expect(await seats('technical', slot)).toBe(1);

    const cancel = await call(
      'DELETE',
      buildPath(apiPaths.callback, { callbackid: callback.callbackid }),
      token,
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toEqual({ data: { cancelled: true } });
    expect(await seats('technical', slot)).toBe(0);
    const [ticket] = await ctx.database.db
      .select({ status: tickets.status })
      .from(tickets)
      .where(eq(tickets.id, callback.ticketid));
    expect(ticket!.status).toBe('Resolved');
    const list = await call('GET', apiPaths.callbacks, token);
    expect(
      (list.json() as { data: Callback[] }).data.map((c) => [c.callbackid, c.outcome_label]),
    ).toEqual([[callback.callbackid, 'Cancelled']]);

    // Cancelling again changes nothing (the seat is not given back twice).
    const again = await call(
      'DELETE',
      buildPath(apiPaths.callback, { callbackid: callback.callbackid }),
      token,
    );
    expect(again.statusCode).toBe(200);
    expect(await seats('technical', slot)).toBe(0);
    // The contact may book with the team again.
    const rebook = await book(token, request({ slot }));
    expect(rebook.res.statusCode).toBe(200);
  });

  it("answers 404 for another account's callback and another contact's", async () => {
    const token = await tokenOf(DAN);
    const { res } = await book(token, request({ team: 'sales', slot: aest('2026-11-26T15:00') }));
    const url = buildPath(apiPaths.callback, {
      callbackid: (res.json() as { data: Callback }).data.callbackid,
    });
    for (const intruder of [OTHER_HOLDER, HOLDER]) {
      const attempt = await call('DELETE', url, await tokenOf(intruder));
      expect(attempt.statusCode).toBe(404);
      expect(attempt.json()).toEqual({ data: { error: serverErrors.notFound } });
    }
    expect(await seats('sales', aest('2026-11-26T15:00'))).toBe(1);
  });

  it('refuses once the slot has started', async () => {
    const token = await tokenOf(EVE);
    const slot = aest('2026-11-24T12:00');
    const { res } = await book(token, request({ team: 'sales', slot }));
    const callback = (res.json() as { data: Callback }).data;
    time.advance(2 * 3_600_000); // 12:00 pm AEST: the call is due now
    const list = await call('GET', apiPaths.callbacks, await tokenOf(EVE));
    expect((list.json() as { data: Callback[] }).data[0]).toMatchObject({
      callbackid: callback.callbackid,
      cancellable: false,
    });
    const cancel = await call(
      'DELETE',
      buildPath(apiPaths.callback, { callbackid: callback.callbackid }),
      await tokenOf(EVE),
    );
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json()).toEqual({ data: { error: callbacksErrors.callbackStarted } });
    expect(await seats('sales', slot)).toBe(1);
  });
});

describe('message limits (docs/decisions/036)', () => {
  /** A contact of this suite's range of its own (5726), so other cases' bookings do not count. */
  const FRANK = 5726;
  const clearCounters = () =>
    ctx.database.db.execute(sql`delete from rate_limits where key like 'msg:%'`);
  beforeAll(async () => {
    await queryRows(
      ctx.database.db,
      sql`insert into users (id, account_id, username, given_names, surname, email, role_id, relationship_id)
          select ${FRANK}, 100001, 'crowd-frank', 'Frank', 'Member', 'frank.member@example.com', r.id, rel.id
            from roles r join relationships rel on rel.role_id = r.id
           where r.role = 'General Contact' and rel.relationship = 'Tenant'`,
    );
  });
  beforeEach(clearCounters);
  afterEach(clearCounters);

  it('books and cancels at most 5 times an hour: the 6th booking is refused at commit, unbooked and unmailed', async () => {
    const token = await tokenOf(FRANK);
    const slot = aest('2026-11-26T11:30');
    for (let i = 1; i <= MESSAGE_LIMITS.callbackBooking.perUser; i += 1) {
      const { res } = await book(token, request({ slot }));
      expect(res.statusCode, `${i}: ${res.body}`).toBe(200);
      const { callbackid } = (res.json() as { data: Callback }).data;
      const cancel = await call('DELETE', buildPath(apiPaths.callback, { callbackid }), token);
      expect(cancel.statusCode, cancel.body).toBe(200);
    }
    const { res } = await book(token, request({ slot }));
    expect(res.statusCode).toBe(429);
    expect((res.json() as { data: { error: string } }).data.error).toBe(
      'Too many requests. Please wait an hour and try again.',
    );
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(await seats('technical', slot)).toBe(0);
    const mails = await ctx.database.db
      .select({ subject: outbox.subject })
      .from(outbox)
      .where(eq(outbox.to, 'frank.member@example.com'));
    expect(mails).toHaveLength(5);
    const bookings = await ctx.database.db
      .select({ id: callbackBookings.id })
      .from(callbackBookings)
      .where(eq(callbackBookings.userId, FRANK));
    expect(bookings).toHaveLength(5);
  });
});
