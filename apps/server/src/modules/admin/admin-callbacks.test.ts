import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallbackSchedule, ScheduleBooking } from '@outpost/contracts/admin-callbacks';
import { adminPaths, apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { Callback, CallbackTimes } from '@outpost/contracts/callbacks';
import { queryRows } from '../../db/client';
import { mintSession, mintStaffSession } from '../../test/sessions';
import type { TestContext } from '../../test/test-app';
import {
  createTestContext,
  errorOf,
  manualClock,
  QUEENSLAND_BUSINESS_FILE,
} from '../../test/test-app';
import { callbacksErrors } from '../callbacks/callbacks.errors';
import { callbackSlotSeats } from '../callbacks/callbacks.schema';
import { ticketMessages, ticketNotes, tickets } from '../tickets/tickets.schema';
import { adminErrors } from './admin.errors';
import { createApiKey } from './api-keys.service';

// Tuesday 24 November 2026, 10:00 am AEST.
const T0 = new Date('2026-11-24T00:00:00Z');
const time = manualClock(T0);
let ctx: TestContext;

const ACCOUNT = 100001;
const HOLDER = 5001;
const OTHER_HOLDER = 5006; // account 100003
/** Contacts of the holder's account made for this file (5801-5830). */
const CROWD = Array.from({ length: 30 }, (_, i) => 5801 + i);
const sam: Record<string, string> = {};
const ada: Record<string, string> = {};

/** An AEST wall time as the ISO UTC a client sends. */
const aest = (local: string) => new Date(`${local}:00+10:00`).toISOString();

beforeAll(async () => {
  ctx = await createTestContext({
    clock: time.clock,
    env: { BUSINESS_FILE: QUEENSLAND_BUSINESS_FILE },
  });
  const db = ctx.database.db;
  sam['x-staff-token'] = await mintStaffSession(db, 'sam.support@outpost.example', T0);
  ada['x-staff-token'] = await mintStaffSession(db, 'ada.admin@outpost.example', T0);
  for (const id of CROWD) {
    await queryRows(
      db,
      sql`insert into users (id, account_id, username, given_names, surname, email, role_id, relationship_id)
          select ${id}, ${ACCOUNT}, ${`desk-crowd-${id}`}, 'Crowd', ${`Member ${id}`}, ${`desk-crowd-${id}@example.com`}, r.id, rel.id
            from roles r join relationships rel on rel.role_id = r.id
           where r.role = 'General Contact' and rel.relationship = 'Tenant'`,
    );
  }
});
afterAll(async () => ctx.close());

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

type Booking = {
  userid: number;
  team: 'technical' | 'sales';
  slot: string;
  phone: string;
  reason: string;
  time_zone?: string;
};
const booking = (overrides: Partial<Booking> = {}): Booking => ({
  userid: HOLDER,
  team: 'technical',
  slot: aest('2026-11-25T10:30'),
  phone: '0491570006',
  reason: 'The modem light is orange.',
  ...overrides,
});

const bookFor = (body: Booking, key: string = randomUUID(), accountid = ACCOUNT) =>
  call(
    'POST',
    buildPath(adminPaths.adminAccountCallbacks, { accountid }),
    { ...sam, 'idempotency-key': key },
    body,
  );

async function booked(body: Booking): Promise<Callback> {
  const res = await bookFor(body);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Callback }).data;
}

const outcome = (callbackid: number, body: object, headers = sam) =>
  call('POST', buildPath(adminPaths.adminCallbackOutcome, { callbackid }), headers, body);

async function schedule(query: string): Promise<CallbackSchedule> {
  const res = await call('GET', `${adminPaths.adminCallbackSchedule}?${query}`, sam);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: CallbackSchedule }).data;
}

async function seats(team: string, slot: string) {
  const [row] = await ctx.database.db
    .select({ booked: callbackSlotSeats.booked })
    .from(callbackSlotSeats)
    .where(and(eq(callbackSlotSeats.team, team), eq(callbackSlotSeats.slotStart, new Date(slot))));
  return row?.booked ?? 0;
}

async function customerList(userId: number): Promise<Callback[]> {
  const token = (await mintSession(ctx.database.db, userId, 'live', time.clock())).userToken;
  const res = await call('GET', apiPaths.callbacks, { 'x-user-token': token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Callback[] }).data;
}

async function ticketOf(ticketid: number) {
  const db = ctx.database.db;
  const [ticket] = await db.select().from(tickets).where(eq(tickets.id, ticketid));
  const messages = await db
    .select({ body: ticketMessages.body, author: ticketMessages.authorName })
    .from(ticketMessages)
    .where(eq(ticketMessages.ticketId, ticketid))
    .orderBy(ticketMessages.id);
  const notes = await db
    .select({ body: ticketNotes.body })
    .from(ticketNotes)
    .where(eq(ticketNotes.ticketId, ticketid));
  return { status: ticket!.status, messages, notes: notes.map((n) => n.body) };
}

const auditOf = (action: string) =>
  queryRows<{ staff: string; account_id: number | null; detail: string }>(
    ctx.database.db,
    sql`select s.name as staff, a.account_id, a.detail from staff_audit a
          join staff_members s on s.id = a.staff_id
         where a.action = ${action} order by a.id`,
  );

describe('the schedule', () => {
  it("shows a team's slots with capacity, seats and bookings, the customer's time beside AEST", async () => {
    const made = await booked(booking({ userid: CROWD[0]!, time_zone: 'Australia/Perth' }));
    expect(made.summary).toBe('Technical Support, Wed 25/11/26 10:30 am AEST');
    const data = await schedule('team=technical&from=2026-11-25');
    expect(data).toMatchObject({
      team: 'technical',
      name: 'Technical Support',
      capacity: 2,
      default_capacity: 2,
    });
    expect(data.days).toHaveLength(1);
    const day = data.days[0]!;
    expect(day).toMatchObject({ date: '2026-11-25', label: 'Wed 25/11/26', closed: false });
    // Monday to Friday 8am-8pm: 24 half-hour slots, the first at 8:00 am.
    expect(day.slots).toHaveLength(24);
    expect(day.slots[0]).toMatchObject({
      aest: '8:00 am',
      zone: 'AEST',
      capacity: 2,
      booked: 0,
      offered: true,
      bookings: [],
    });
    const slot = day.slots.find((s) => s.start === made.slot)!;
    expect(slot).toMatchObject({
      aest: '10:30 am',
      capacity: 2,
      capacity_override: null,
      booked: 1,
    });
    expect(slot.bookings).toEqual([
      {
        callbackid: made.callbackid,
        accountid: ACCOUNT,
        account_name: expect.any(String),
        userid: CROWD[0]!,
        customer_name: `Crowd Member ${CROWD[0]}`,
        phone: '0491570006',
        reason: 'The modem light is orange.',
        ticketid: made.ticketid,
        ticket_number: made.ticket_number,
        status: 'booked',
        outcome: null,
        outcome_label: null,
        outcome_note: null,
        outcome_at: null,
        outcome_by: null,
        rebooked_to: null,
        booked_by: 'Sam Support',
        customer_time_zone: 'Australia/Perth',
        customer_local: '8:30 am',
        customer_zone: 'AWST',
        same: false,
      } satisfies ScheduleBooking,
    ]);
  });

  it('shows a week, with the days a team is closed', async () => {
    const data = await schedule('team=sales&from=2026-11-24&days=7');
    expect(data.days.map((d) => [d.label, d.closed, d.slots.length])).toEqual([
      ['Tue 24/11/26', false, 20],
      ['Wed 25/11/26', false, 20],
      ['Thu 26/11/26', false, 20],
      ['Fri 27/11/26', false, 20],
      ['Sat 28/11/26', false, 16],
      ['Sun 29/11/26', true, 0],
      ['Mon 30/11/26', false, 20],
    ]);
  });

  it('answers billing (Sales & Accounts calls are theirs), 403 to a key and 400 to a bad query', async () => {
    const bea = {
      'x-staff-token': await mintStaffSession(ctx.database.db, 'bea.billing@outpost.example', T0),
    };
    const billing = await call('GET', `${adminPaths.adminCallbackSchedule}?team=sales`, bea);
    expect(billing.statusCode, billing.body).toBe(200);
    // The scope `tickets` is a person's: no key holds it (decision 057).
    const made = await createApiKey(
      ctx.database.db,
      { name: 'Callbacks', scopes: ['read', 'provisioning'] },
      null,
      T0,
    );
    const refused = await call('GET', `${adminPaths.adminCallbackSchedule}?team=sales`, {
      authorization: `Bearer ${made.key}`,
    });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toBe(adminErrors.adminScopeMissing);
    const bad = await call('GET', `${adminPaths.adminCallbackSchedule}?team=technical&days=3`, sam);
    expect(bad.statusCode).toBe(400);
  });
});

describe('outcomes', () => {
  it('records Called once: a message to the customer, the note kept internal, the ticket resolved', async () => {
    const made = await booked(booking({ userid: CROWD[1]!, slot: aest('2026-11-25T11:00') }));
    const res = await outcome(made.callbackid, {
      outcome: 'called',
      note: 'Restarted the modem together.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { booking: view } = (res.json() as { data: { booking: ScheduleBooking } }).data;
    expect(view).toMatchObject({
      status: 'ended',
      outcome: 'called',
      outcome_label: 'Called',
      outcome_note: 'Restarted the modem together.',
      outcome_by: 'Sam Support',
    });
    const ticket = await ticketOf(made.ticketid);
    expect(ticket.status).toBe('Resolved');
    expect(ticket.messages.at(-1)).toEqual({
      body: 'We called you on 0491 570 006 at Technical Support, Wed 25/11/26 11:00 am AEST.',
      author: 'Sam Support',
    });
    expect(ticket.notes).toEqual(['Callback Called: Restarted the modem together.']);
    // Called keeps its seat: the slot was used.
    expect(await seats('technical', made.slot)).toBe(1);
    expect((await customerList(CROWD[1]!)).map((c) => [c.callbackid, c.outcome_label])).toEqual([
      [made.callbackid, 'Called'],
    ]);
    expect((await auditOf('callback-outcome')).at(-1)).toEqual({
      staff: 'Sam Support',
      account_id: ACCOUNT,
      detail: `${made.ticket_number}: callback ${made.callbackid} (Technical Support, Wed 25/11/26 11:00 am AEST) -> Called`,
    });

    // The identical repeat answers 200 and changes nothing; any other outcome is 409.
    const again = await outcome(made.callbackid, {
      outcome: 'called',
      note: 'Restarted the modem together.',
    });
    expect(again.statusCode).toBe(200);
    expect((await ticketOf(made.ticketid)).notes).toHaveLength(1);
    const other = await outcome(made.callbackid, { outcome: 'no_answer' }, ada);
    expect(other.statusCode).toBe(409);
    expect(errorOf(other)).toBe(
      'Invalid request: this callback is already marked Called by Sam Support; look again before changing it.',
    );
    const otherNote = await outcome(made.callbackid, { outcome: 'called', note: 'Something else' });
    expect(otherNote.statusCode).toBe(409);
  });

  it('of two different outcomes at once, records one and refuses the other', async () => {
    const made = await booked(booking({ userid: CROWD[2]!, slot: aest('2026-11-25T11:30') }));
    const results = await Promise.all([
      outcome(made.callbackid, { outcome: 'no_answer' }),
      outcome(made.callbackid, { outcome: 'called' }, ada),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await ticketOf(made.ticketid)).messages).toHaveLength(2);
  });

  it('No answer asks the customer (Waiting) and shows on their list', async () => {
    const made = await booked(booking({ userid: CROWD[3]!, slot: aest('2026-11-25T12:00') }));
    expect((await outcome(made.callbackid, { outcome: 'no_answer' })).statusCode).toBe(200);
    const ticket = await ticketOf(made.ticketid);
    expect(ticket.status).toBe('Waiting');
    expect(ticket.messages.at(-1)!.body).toBe(
      'We called you on 0491 570 006 at Technical Support, Wed 25/11/26 12:00 pm AEST but could not reach you. Reply here, or book another callback, if you still need us.',
    );
    expect(ticket.notes).toEqual([]);
    expect((await customerList(CROWD[3]!))[0]!.outcome_label).toBe('No answer');
  });

  it('Cancelled frees the seat as the customer cancel does, and the customer can no longer cancel it', async () => {
    const made = await booked(booking({ userid: CROWD[4]!, slot: aest('2026-11-25T12:30') }));
    expect(await seats('technical', made.slot)).toBe(1);
    const res = await outcome(made.callbackid, { outcome: 'cancelled', note: 'Asked by phone.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await seats('technical', made.slot)).toBe(0);
    const ticket = await ticketOf(made.ticketid);
    expect(ticket.status).toBe('Resolved');
    expect(ticket.messages.at(-1)!.body).toBe(
      'We have cancelled your callback at Technical Support, Wed 25/11/26 12:30 pm AEST.',
    );
    expect((await customerList(CROWD[4]!))[0]).toMatchObject({
      outcome: 'cancelled',
      outcome_label: 'Cancelled',
      cancellable: false,
    });
    // The same again frees nothing twice.
    expect(
      (await outcome(made.callbackid, { outcome: 'cancelled', note: 'Asked by phone.' }))
        .statusCode,
    ).toBe(200);
    expect(await seats('technical', made.slot)).toBe(0);
  });

  it('Rebooked moves the call to a new slot on the same ticket, the old seat freed, the new one taken', async () => {
    const made = await booked(
      booking({
        userid: CROWD[5]!,
        slot: aest('2026-11-25T13:00'),
        time_zone: 'Australia/Adelaide',
      }),
    );
    const missing = await outcome(made.callbackid, { outcome: 'rebooked' });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing)).toBe(callbacksErrors.callbackRebookSlotNeeded);
    const slot = aest('2026-11-26T09:00');
    const res = await outcome(made.callbackid, {
      outcome: 'rebooked',
      slot,
      note: 'Customer at work.',
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = (res.json() as { data: { booking: ScheduleBooking; rebooked: ScheduleBooking } })
      .data;
    expect(data.booking).toMatchObject({
      outcome: 'rebooked',
      rebooked_to: data.rebooked.callbackid,
    });
    expect(data.rebooked).toMatchObject({
      ticketid: made.ticketid,
      status: 'booked',
      booked_by: 'Sam Support',
      customer_time_zone: 'Australia/Adelaide',
      // Adelaide keeps daylight saving: half an hour ahead of Brisbane in November.
      customer_local: '9:30 am',
      customer_zone: 'ACDT',
    });
    expect(await seats('technical', made.slot)).toBe(0);
    expect(await seats('technical', slot)).toBe(1);
    const ticket = await ticketOf(made.ticketid);
    expect(ticket.status).toBe('Open');
    expect(ticket.messages.at(-1)!.body).toBe(
      'We have moved your callback to Technical Support, Thu 26/11/26 9:00 am AEST. We will call you on 0491 570 006 then.',
    );
    const list = await customerList(CROWD[5]!);
    expect(list.map((c) => [c.slot, c.outcome_label, c.cancellable])).toEqual([
      [slot, null, true],
      [made.slot, 'Rebooked', false],
    ]);
    // The customer cannot cancel the one that moved.
    const token = (await mintSession(ctx.database.db, CROWD[5]!, 'live', time.clock())).userToken;
    const cancel = await call(
      'DELETE',
      buildPath(apiPaths.callback, { callbackid: made.callbackid }),
      {
        'x-user-token': token,
      },
    );
    expect(cancel.statusCode).toBe(409);
    expect(errorOf(cancel)).toBe(callbacksErrors.callbackEnded);
  });

  it('answers 404 for a callback that is not there', async () => {
    const res = await outcome(999_999, { outcome: 'called' });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toBe(callbacksErrors.callbackMissing);
  });
});

describe('capacity', () => {
  it("sets a team's capacity and a slot's own, which the customer's times follow", async () => {
    const slot = aest('2026-11-25T14:00');
    await booked(booking({ userid: CROWD[6]!, slot }));
    await booked(booking({ userid: CROWD[7]!, slot }));
    const token = (await mintSession(ctx.database.db, HOLDER, 'live', time.clock())).userToken;
    const offered = async () => {
      const res = await call('GET', `${apiPaths.callbackTimes}?team=technical`, {
        'x-user-token': token,
      });
      const data = (res.json() as { data: CallbackTimes }).data;
      return data.teams[0]!.days.flatMap((d) => d.slots.map((s) => s.start)).includes(slot);
    };
    expect(await offered()).toBe(false);

    const put = (body: object) => call('PUT', adminPaths.adminCallbackCapacity, sam, body);
    const team = await put({ team: 'technical', capacity: 3 });
    expect(team.statusCode, team.body).toBe(200);
    expect(team.json()).toEqual({
      data: { team: 'technical', capacity: 3, slot: null, slot_capacity: null },
    });
    expect(await offered()).toBe(true);
    expect((await schedule('team=technical&from=2026-11-25')).capacity).toBe(3);

    const closed = await put({ team: 'technical', slot, capacity: 0 });
    expect(closed.json()).toEqual({
      data: { team: 'technical', capacity: 3, slot, slot_capacity: 0 },
    });
    expect(await offered()).toBe(false);
    const day = (await schedule('team=technical&from=2026-11-25')).days[0]!;
    expect(day.slots.find((s) => s.start === slot)).toMatchObject({
      capacity: 0,
      capacity_override: 0,
      booked: 2,
      offered: false,
    });

    await put({ team: 'technical', slot, capacity: null });
    expect(await offered()).toBe(true);
    expect((await auditOf('callback-capacity-changed')).map((a) => a.detail)).toEqual([
      'Technical Support: 2 -> 3 per slot',
      "Technical Support, Wed 25/11/26 2:00 pm AEST: team's 3 -> 0",
      "Technical Support, Wed 25/11/26 2:00 pm AEST: 0 -> team's 3",
    ]);
    const zero = await put({ team: 'technical', capacity: 0 });
    expect(zero.statusCode).toBe(400);
    expect(errorOf(zero)).toBe(callbacksErrors.callbackTeamCapacityMin);
    await put({ team: 'technical', capacity: 2 });
  });
});

describe('booking for a customer', () => {
  it("books through the customer's rules, once per Idempotency-Key, audited under the staff member", async () => {
    const key = randomUUID();
    const body = booking({ userid: CROWD[8]!, team: 'sales', slot: aest('2026-11-26T10:00') });
    const first = await bookFor(body, key);
    expect(first.statusCode, first.body).toBe(200);
    const made = (first.json() as { data: Callback }).data;
    expect(made).toMatchObject({
      summary: 'Sales & Accounts, Thu 26/11/26 10:00 am AEST',
      cancellable: true,
      outcome: null,
    });
    const repeat = await bookFor(body, key);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect((repeat.json() as { data: Callback }).data.callbackid).toBe(made.callbackid);
    expect(await seats('sales', body.slot)).toBe(1);
    const ticket = await ticketOf(made.ticketid);
    expect(ticket.messages).toEqual([
      {
        body: `Callback booked for Crowd Member ${CROWD[8]} on 0491 570 006 at Sales & Accounts, Thu 26/11/26 10:00 am AEST.\n\nThe modem light is orange.`,
        author: 'Sam Support',
      },
    ]);
    expect((await auditOf('callback-booked')).at(-1)).toEqual({
      staff: 'Sam Support',
      account_id: ACCOUNT,
      detail: `${made.ticket_number}: callback ${made.callbackid} (Sales & Accounts, Thu 26/11/26 10:00 am AEST) for Crowd Member ${CROWD[8]}, booked by Sam Support`,
    });
    // The contact sees it as their own.
    expect((await customerList(CROWD[8]!)).map((c) => c.callbackid)).toEqual([made.callbackid]);

    // One open callback per team, as for the customer.
    const second = await bookFor({ ...body, slot: aest('2026-11-26T11:00') });
    expect(second.statusCode).toBe(409);
    expect(errorOf(second)).toBe(
      callbacksErrors.callbackAlreadyBooked('Sales & Accounts, Thu 26/11/26 10:00 am AEST'),
    );
    // Another account's contact, and a slot not offered.
    const foreign = await bookFor(booking({ userid: OTHER_HOLDER }));
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign)).toBe(adminErrors.contactMissing);
    const sunday = await bookFor(
      booking({ userid: CROWD[9]!, team: 'sales', slot: aest('2026-11-29T10:00') }),
    );
    expect(sunday.statusCode).toBe(409);
    expect(errorOf(sunday)).toBe(callbacksErrors.callbackSlotNotOffered);
  });

  it('of 20 bookings at once for the last seat, books exactly one; the others hear the slot is taken', async () => {
    const slot = aest('2026-11-27T15:00');
    await booked(booking({ userid: CROWD[9]!, slot }));
    const rush = CROWD.slice(10, 30);
    const results = await Promise.all(rush.map((userid) => bookFor(booking({ userid, slot }))));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const res of results.filter((r) => r.statusCode === 409))
      expect(errorOf(res)).toBe(callbacksErrors.callbackSlotTaken);
    expect(await seats('technical', slot)).toBe(2);
    const day = (await schedule('team=technical&from=2026-11-27')).days[0]!;
    expect(day.slots.find((s) => s.start === slot)).toMatchObject({ capacity: 2, booked: 2 });
    expect(day.slots.find((s) => s.start === slot)!.bookings).toHaveLength(2);
  });
});
