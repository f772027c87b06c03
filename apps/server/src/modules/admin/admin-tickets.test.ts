import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPaths, apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { DeskTicket } from '@outpost/contracts/admin';
import { ticketTexts } from '@outpost/domain/tickets-rules';
import { queryRows, withTransaction } from '../../db/client';
import { mintSession, mintStaffSession } from '../../test/sessions';
import type { TestContext } from '../../test/test-app';
import {
  createTestContext,
  errorOf,
  manualClock,
  QUEENSLAND_BUSINESS_FILE,
} from '../../test/test-app';
import { createTicket } from '../tickets/tickets.service';
import { createEndpoint } from '../webhooks/webhooks.service';
import { adminErrors } from './admin.errors';

const T0 = new Date('2027-05-01T00:00:00Z');
const time = manualClock(T0);
const HOUR = 3_600_000;
let ctx: TestContext;
const as: Record<'admin' | 'support', Record<string, string>> = { admin: {}, support: {} };
const staffIds: Record<'admin' | 'support', number> = { admin: 0, support: 0 };
let holderToken: string;

beforeAll(async () => {
  ctx = await createTestContext({
    clock: time.clock,
    // Due times count Queensland's team hours (the demo's), whichever provider the suite runs as.
    env: { PUBLIC_URL: 'https://portal.example.net', BUSINESS_FILE: QUEENSLAND_BUSINESS_FILE },
  });
  const db = ctx.database.db;
  for (const [role, email] of [
    ['admin', 'ada.admin@outpost.example'],
    ['support', 'sam.support@outpost.example'],
  ] as const) {
    as[role] = { 'x-staff-token': await mintStaffSession(db, email, T0) };
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`select id from staff_members where email = ${email}`,
    );
    staffIds[role] = row!.id;
  }
  holderToken = (await mintSession(db, 5001, 'live', T0)).userToken;
  // The demo's tickets and advisories out of the way: the views below hold only this file's.
  await db.execute(sql`update tickets set status = 'Resolved'`);
  await db.execute(sql`update advisories set status = 'Resolved'`);
});
afterAll(async () => ctx.close());

/** A ticket of the holder's account opened `hoursAgo` before T0. */
async function openTicket(
  subject: string,
  hoursAgo: number,
  extra: { category?: string; serviceId?: number } = {},
): Promise<number> {
  const made = await withTransaction(ctx.database.db, (tx) =>
    createTicket(tx, {
      accountId: 100001,
      serviceId: extra.serviceId ?? null,
      userId: 5001,
      authorName: 'Jordan Citizen',
      category: extra.category ?? 'Technical fault',
      subject,
      body: `About: ${subject}`,
      source: 'customer',
      now: new Date(T0.getTime() - hoursAgo * HOUR),
    }),
  );
  return made.ticketid;
}

const ticketPath = (ticketid: number) => buildPath(adminPaths.adminTicket, { ticketid });
const call = (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const withKey = (headers: Record<string, string>, key: string = randomUUID()) => ({
  ...headers,
  'idempotency-key': key,
});
const reply = (ticketid: number, headers: Record<string, string>, body: object, key?: string) =>
  call('POST', buildPath(adminPaths.adminTicketReplies, { ticketid }), withKey(headers, key), body);
const assign = (ticketid: number, assignee: number | null, expected: number | null) =>
  call('POST', buildPath(adminPaths.adminTicketAssign, { ticketid }), as.admin, {
    assignee,
    expected_assignee: expected,
  });
const queue = async (query: string, headers = as.support) => {
  const res = await call('GET', `${adminPaths.adminTickets}?${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: DeskTicket[]; has_more: boolean };
};
const ids = (page: { data: DeskTicket[] }) => page.data.map((t) => t.ticketid);
const customerTicket = (ticketid: number) =>
  call('GET', buildPath(apiPaths.supportTicket, { ticketid }), { 'x-user-token': holderToken });
/** The ticket.assigned events recorded for a ticket, oldest first (their data). */
const assignedEvents = async (ticketid: number) =>
  (
    await queryRows<{ payload: { data: Record<string, unknown> } }>(
      ctx.database.db,
      sql`select payload from webhook_deliveries where event = 'ticket.assigned'
           and payload->'data'->>'ticket_id' = ${String(ticketid)} order by id`,
    )
  ).map((r) => r.payload.data);
const auditOf = (action: string) =>
  queryRows<{ staff_id: number | null; account_id: number | null; detail: string }>(
    ctx.database.db,
    sql`select staff_id, account_id, detail from staff_audit where action = ${action} order by id`,
  );

describe('the queue', () => {
  let overdue: number;
  let billing: number;
  let waiting: number;
  let technology: string;

  beforeAll(async () => {
    const [service] = await queryRows<{ technology: string }>(
      ctx.database.db,
      sql`select technology from services where id = 200101`,
    );
    technology = service!.technology;
    // Opened Wednesday 10am in Brisbane: 24 business hours of support (to 8pm, Thursday 8am to
    // 8pm, Friday from 8am) make it due Friday 10am, a day before T0 (Saturday 10am).
    overdue = await openTicket('Red light for three days', 72, { serviceId: 200101 });
    billing = await openTicket('Charged twice', 1, { category: 'Billing question' });
    waiting = await openTicket('Slow in the evening', 3, { category: 'Slow speeds' });
    expect((await assign(waiting, staffIds.support, null)).statusCode).toBe(200);
    const asked = await reply(waiting, as.support, {
      message: 'Which hours is it slow?',
      status: 'Waiting',
    });
    expect(asked.statusCode, asked.body).toBe(200);
  });

  it('answers each saved view, soonest due first', async () => {
    expect(ids(await queue('view=new'))).toEqual([overdue, billing]);
    expect(ids(await queue('view=unassigned'))).toEqual([overdue, billing]);
    expect(ids(await queue('view=waiting'))).toEqual([waiting]);
    expect(ids(await queue('view=overdue'))).toEqual([overdue]);
    expect(ids(await queue('view=mine', as.support))).toEqual([waiting]);
    expect(ids(await queue('view=mine', as.admin))).toEqual([]);
  });

  it('gives each ticket its account, service, owner, due time and the status the customer sees', async () => {
    const page = await queue('view=overdue');
    expect(page).toEqual({
      data: [
        {
          ticketid: overdue,
          number: `T${overdue}`,
          accountid: 100001,
          account_name: expect.any(String),
          subject: 'Red light for three days',
          category: 'Technical fault',
          source: 'customer',
          status: 'New',
          status_label: 'New',
          priority: 'normal',
          team: 'support',
          assignee: null,
          service: { serviceid: 200101, technology, identifier: expect.any(String) },
          created: '2027-04-28T00:00:00.000Z',
          updated: '2027-04-28T00:00:00.000Z',
          due: '2027-04-30T00:00:00.000Z',
          overdue: true,
          merged_into: null,
        },
      ],
      has_more: false,
    });
    const mine = await queue('view=mine');
    expect(mine.data[0]).toMatchObject({
      status: 'Waiting',
      status_label: 'Attention',
      team: 'support',
      assignee: { staffid: staffIds.support, name: 'Sam Support' },
      overdue: false,
    });
  });

  it('filters by status, priority, team, assignee, technology and age, and pages', async () => {
    expect(ids(await queue('status=Waiting'))).toEqual([waiting]);
    expect(ids(await queue('view=unassigned&team=billing'))).toEqual([billing]);
    expect(ids(await queue(`assignee=${staffIds.support}`))).toEqual([waiting]);
    expect(ids(await queue('view=new&assignee=none'))).toEqual([overdue, billing]);
    expect(ids(await queue(`view=new&technology=${encodeURIComponent(technology)}`))).toEqual([
      overdue,
    ]);
    expect(ids(await queue('view=new&older_than_days=1'))).toEqual([overdue]);
    expect(await queue('view=new&limit=1').then((p) => [ids(p), p.has_more])).toEqual([
      [overdue],
      true,
    ]);
    expect(await queue('view=new&limit=1&offset=1').then((p) => [ids(p), p.has_more])).toEqual([
      [billing],
      false,
    ]);
    // A higher priority brings the due time forward: 8 business hours of billing from its opening
    // (Saturday 9am to 5pm), before the others.
    const raised = await call('PATCH', ticketPath(billing), as.support, { priority: 'high' });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json().data).toMatchObject({ priority: 'high', due: '2027-05-01T07:00:00.000Z' });
    expect(ids(await queue('priority=high'))).toEqual([billing]);
    expect(ids(await queue('view=unassigned'))).toEqual([overdue, billing]);
    expect(ids(await queue('view=new&priority=normal'))).toEqual([overdue]);
  });

  it('refuses a view it does not know with the field named', async () => {
    const res = await call('GET', `${adminPaths.adminTickets}?view=everything`, as.support);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatch(/^Invalid request: /);
  });
});

describe('changing a ticket', () => {
  it('sets priority, status and team, and the audit says what changed and who', async () => {
    const ticketid = await openTicket('Dish moved in the wind', 2);
    const res = await call('PATCH', ticketPath(ticketid), as.support, {
      priority: 'urgent',
      status: 'Stalled',
      team: 'billing',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'Stalled',
      status_label: 'In Progress',
      priority: 'urgent',
      team: 'billing',
      // Opened Saturday 8am in Brisbane: 4 hours of billing's, which opens at 9am on Saturdays.
      due: '2027-05-01T03:00:00.000Z',
    });
    expect((await auditOf('ticket-changed')).at(-1)).toEqual({
      staff_id: staffIds.support,
      account_id: 100001,
      detail: `T${ticketid}: priority normal -> urgent; status New -> Stalled; team support -> billing`,
    });
    // What the customer sees: the spec's status, nothing of the desk's fields.
    expect((await customerTicket(ticketid)).json().data).toMatchObject({
      status: 'Stalled',
      status_label: 'In Progress',
    });
  });

  it('answers 404 for a ticket that does not exist', async () => {
    const res = await call('PATCH', ticketPath(999_999), as.support, { priority: 'low' });
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toBe(adminErrors.ticketMissing);
  });
});

describe('assigning', () => {
  beforeAll(async () => {
    await createEndpoint(
      ctx.database.db,
      { url: 'https://crm.example.net/desk-hooks', events: ['ticket.assigned'] },
      null,
      T0,
    );
  });

  it('gives one owner when 20 people click at once; the others are told who has it', async () => {
    const ticketid = await openTicket('Everyone wants this one', 1);
    const candidates = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`insert into staff_members (email, name, role, password_hash, totp_secret)
          select 'desk-' || n || '@outpost.example', 'Desk Person ' || n, 'support',
                 password_hash, totp_secret
            from staff_members, generate_series(1, 20) n
           where email = 'sam.support@outpost.example'
          returning id`,
    );
    const answers = await Promise.all(candidates.map((c) => assign(ticketid, c.id, null)));
    const won = answers.filter((r) => r.statusCode === 200);
    expect(won).toHaveLength(1);
    const owner = won[0]!.json().data.assignee as { staffid: number; name: string };
    expect(owner.name).toMatch(/^Desk Person [0-9]+$/);
    const lost = answers.filter((r) => r.statusCode !== 200);
    expect(lost.map((r) => r.statusCode)).toEqual(Array(19).fill(409));
    for (const r of lost) expect(errorOf(r)).toBe(adminErrors.ticketAssignedElsewhere(owner.name));
    const [row] = await queryRows<{ assignee_staff_id: number }>(
      ctx.database.db,
      sql`select assignee_staff_id from tickets where id = ${ticketid}`,
    );
    expect(row!.assignee_staff_id).toBe(owner.staffid);
    expect(
      (await auditOf('ticket-assigned')).filter((a) => a.detail.startsWith(`T${ticketid}:`)),
    ).toEqual([
      {
        staff_id: staffIds.admin,
        account_id: 100001,
        detail: `T${ticketid}: unassigned -> ${owner.name}`,
      },
    ]);
    // One ticket.assigned, from the winning click's transaction.
    expect(await assignedEvents(ticketid)).toEqual([
      {
        account_id: 100001,
        account_external_id: null,
        ticket_id: ticketid,
        number: `T${ticketid}`,
        assignee: { staff_id: owner.staffid, name: owner.name },
        assigned_by: { staff_id: staffIds.admin, name: 'Ada Admin' },
      },
    ]);
  });

  it('takes a repeat of the winning click, moves on from the owner seen, and refuses an unknown person', async () => {
    const ticketid = await openTicket('Hand over', 1);
    expect((await assign(ticketid, staffIds.support, null)).statusCode).toBe(200);
    expect((await assign(ticketid, staffIds.support, null)).statusCode).toBe(200);
    const stale = await assign(ticketid, staffIds.admin, null);
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale)).toBe(
      'Invalid request: this ticket is now assigned to Sam Support; look again before assigning it.',
    );
    const moved = await assign(ticketid, null, staffIds.support);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.assignee).toBeNull();
    const unknown = await assign(ticketid, 987_654, null);
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown)).toBe(adminErrors.assigneeMissing);
    // ticket.assigned for each change of owner: not for the repeat, nor for the refusals.
    expect((await assignedEvents(ticketid)).map((e) => e.assignee)).toEqual([
      { staff_id: staffIds.support, name: 'Sam Support' },
      null,
    ]);
  });
});

describe('replying', () => {
  it("shows the customer the staff member's name, emails them and sends ticket.replied", async () => {
    const endpoint = await createEndpoint(
      ctx.database.db,
      { url: 'https://crm.example.net/hooks', events: ['ticket.replied'] },
      null,
      T0,
    );
    const ticketid = await openTicket('No dial tone', 1);
    const key = randomUUID();
    const res = await reply(ticketid, as.support, { message: 'A technician comes Tuesday.' }, key);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toEqual({
      ticketid,
      status: 'Open',
      status_label: 'In Progress',
      message: {
        id: expect.any(Number),
        from_customer: false,
        author_name: 'Sam Support',
        on_behalf_of: null,
        body: 'A technician comes Tuesday.',
        created: T0.toISOString(),
        attachments: [],
      },
    });
    const seen = (await customerTicket(ticketid)).json().data;
    expect(seen.messages.at(-1)).toEqual(data.message);
    expect(seen.status_label).toBe('In Progress');
    const mail = await queryRows<{ subject: string; body: string }>(
      ctx.database.db,
      sql`select subject, body from outbox where body like ${`%ticket T${ticketid}:%`} order by id`,
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe(`Outpost Demo Broadband: a reply on ticket T${ticketid}`);
    expect(mail[0]!.body).toContain(`Sam Support replied on ticket T${ticketid}:`);
    const [hook] = await queryRows<{ payload: { data: Record<string, unknown> } }>(
      ctx.database.db,
      sql`select payload from webhook_deliveries where endpoint_id = ${endpoint.endpointid}
           and event = 'ticket.replied' and payload->'data'->>'ticket_id' = ${String(ticketid)}`,
    );
    expect(hook!.payload.data).toMatchObject({
      ticket_id: ticketid,
      message_id: data.message.id,
      from_customer: false,
      status: 'Open',
    });
    // The same key again: the first answer, nothing sent twice.
    const again = await reply(
      ticketid,
      as.support,
      { message: 'A technician comes Tuesday.' },
      key,
    );
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data).toEqual(data);
    expect((await customerTicket(ticketid)).json().data.messages).toHaveLength(2);
    expect((await auditOf('ticket-replied')).at(-1)).toEqual({
      staff_id: staffIds.support,
      account_id: 100001,
      detail: `T${ticketid}: reply ${data.message.id}, status New -> Open`,
    });
  });

  it('refuses a reply when a newer one came after the one the staff member saw', async () => {
    const ticketid = await openTicket('Two hands on one ticket', 1);
    const first = (await customerTicket(ticketid)).json().data.messages[0].id as number;
    const ada = await reply(ticketid, as.admin, { message: 'On it.', after_reply_id: first });
    expect(ada.statusCode, ada.body).toBe(200);
    const sam = await reply(ticketid, as.support, { message: 'Me too.', after_reply_id: first });
    expect(sam.statusCode).toBe(409);
    expect(errorOf(sam)).toBe(
      'Invalid request: Ada Admin replied on this ticket after the reply you saw. Read it, then send yours again.',
    );
    expect(
      (await customerTicket(ticketid)).json().data.messages.map((m: { body: string }) => m.body),
    ).toEqual(['About: Two hands on one ticket', 'On it.']);
  });

  it('lands both of two replies sent at once without a reply seen', async () => {
    const ticketid = await openTicket('Both at once', 1);
    const answers = await Promise.all([
      reply(ticketid, as.admin, { message: 'From Ada.' }),
      reply(ticketid, as.support, { message: 'From Sam.' }),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const bodies = (await customerTicket(ticketid))
      .json()
      .data.messages.map((m: { body: string }) => m.body);
    expect(bodies.slice(1).sort()).toEqual(['From Ada.', 'From Sam.']);
  });

  it("attaches a file by the customer's rules", async () => {
    const ticketid = await openTicket('Photo please', 1);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const res = await reply(ticketid, as.support, {
      message: 'Here is where the cable goes.',
      attachment: { filename: 'cable.png', size: png.length, content: png.toString('base64') },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.message.attachments).toEqual([
      {
        attachmentid: expect.any(Number),
        filename: 'cable.png',
        content_type: 'image/png',
        size: 16,
      },
    ]);
    const text = Buffer.from('just some text');
    const refused = await reply(ticketid, as.support, {
      message: 'And this.',
      attachment: { filename: 'notes.txt', size: text.length, content: text.toString('base64') },
    });
    expect(refused.statusCode).toBe(415);
    expect(errorOf(refused)).toBe(`Bad request: ${ticketTexts.attachmentWrongType}`);
    expect((await customerTicket(ticketid)).json().data.messages).toHaveLength(2);
  });

  it("lets the desk download a ticket's attachments, within that ticket only", async () => {
    const ticketid = await openTicket('Modem photo', 1);
    const other = await openTicket('Another thing', 1);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const sent = await reply(ticketid, as.support, {
      message: 'The diagram.',
      attachment: { filename: 'Modem ✓.png', size: png.length, content: png.toString('base64') },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const attachmentid = sent.json().data.message.attachments[0].attachmentid as number;
    const path = (t: number) =>
      buildPath(adminPaths.adminTicketAttachment, { ticketid: t, attachmentid });
    const file = await call('GET', path(ticketid), as.support);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Modem _.png"; filename*=UTF-8''Modem%20%E2%9C%93.png`,
    );
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(png)).toBe(true);
    const elsewhere = await call('GET', path(other), as.support);
    expect(elsewhere.statusCode).toBe(404);
    expect(errorOf(elsewhere)).toBe(adminErrors.ticketAttachmentMissing);
  });

  it('reopens a ticket waiting on the customer when they reply, due again from then', async () => {
    const ticketid = await openTicket('Waiting on you', 5);
    await reply(ticketid, as.support, { message: 'Is it better now?', status: 'Waiting' });
    expect((await customerTicket(ticketid)).json().data.status_label).toBe('Attention');
    const TEN_MINUTES = 10 * 60_000;
    time.advance(TEN_MINUTES);
    const answered = await call(
      'POST',
      buildPath(apiPaths.supportTicketReply, { ticketid }),
      { 'x-user-token': holderToken },
      { message: 'Still slow at night.' },
    );
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().data).toMatchObject({ status: 'Open', status_label: 'In Progress' });
    const desk = (await call('GET', ticketPath(ticketid), as.support)).json().data;
    time.advance(-TEN_MINUTES);
    // 24 business hours of support from Saturday 10:10am: to 6pm, Sunday 8am to 6pm, Monday
    // (Labour Day) closed, Tuesday from 8am: 2:10pm Tuesday in Brisbane.
    expect(desk.ticket).toMatchObject({ status: 'Open', due: '2027-05-04T04:10:00.000Z' });
  });
});

describe('internal notes and the customer beside the ticket', () => {
  it('shows the desk its notes and never the customer', async () => {
    const ticketid = await openTicket('A note on this', 1, { serviceId: 200101 });
    const note = await call(
      'POST',
      buildPath(adminPaths.adminTicketNotes, { ticketid }),
      withKey(as.support),
      { body: 'Customer was rude on the phone; be patient.' },
    );
    expect(note.statusCode, note.body).toBe(200);
    expect(note.json().data).toEqual({
      noteid: expect.any(Number),
      staffid: staffIds.support,
      author_name: 'Sam Support',
      body: 'Customer was rude on the phone; be patient.',
      created: T0.toISOString(),
    });
    const seen = await customerTicket(ticketid);
    expect(seen.statusCode).toBe(200);
    expect(seen.body).not.toContain('rude');
    expect(seen.json().data.messages).toHaveLength(1);
    const list = await call('GET', apiPaths.supportTickets, { 'x-user-token': holderToken });
    expect(list.body).not.toContain('rude');
    const desk = (await call('GET', ticketPath(ticketid), as.support)).json().data;
    expect(desk.notes).toEqual([note.json().data]);
    expect(desk.messages.map((m: { body: string }) => m.body)).toEqual(['About: A note on this']);
  });

  it('puts the customer, their open advisories and latest payments beside the ticket', async () => {
    const ticketid = await openTicket('What is going on', 1, { serviceId: 200101 });
    const [advisory] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`insert into advisories (title, severity, status, started, message, beams, created_at, updated_at)
          values ('Beam SM-B41 degraded', 'High', 'Investigating', ${T0}, 'Rain fade.',
                  '{SM-B41}', ${T0}, ${T0}) returning id`,
    );
    await ctx.database.db.execute(
      sql`insert into advisories (title, severity, status, started, message, beams, created_at, updated_at)
          values ('Old beam fault', 'Low', 'Resolved', ${T0}, 'Fixed.', '{SM-B41}', ${T0}, ${T0})`,
    );
    await ctx.database.db.execute(
      sql`insert into transactions (account_id, created_at, type, amount_cents, balance_cents, reason, status)
          values (100001, ${new Date(T0.getTime() - HOUR)}, 'Payment', -4321, 0, 'Card payment', 'Successful')`,
    );
    const res = await call('GET', ticketPath(ticketid), as.support);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json().data;
    expect(view.customer).toMatchObject({ accountid: 100001 });
    expect(view.customer.services.map((s: { serviceid: number }) => s.serviceid)).toContain(200101);
    expect(view.advisories).toEqual([
      {
        advisoryid: advisory!.id,
        title: 'Beam SM-B41 degraded',
        severity: 'High',
        status: 'Investigating',
        started: T0.toISOString(),
        affects: 'Affects your service at 12 Wattle Rd',
      },
    ]);
    expect(view.payments).toHaveLength(5);
    expect(view.payments[0]).toEqual({
      at: new Date(T0.getTime() - HOUR).toISOString(),
      amount_cents: -4321,
      status: 'Successful',
      reason: 'Card payment',
    });
  });

  it('answers 404 for a ticket that does not exist', async () => {
    const res = await call('GET', ticketPath(999_999), as.support);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res)).toBe(adminErrors.ticketMissing);
  });
});

describe('billing staff at the desk (scope tickets)', () => {
  it('lists and answers a billing ticket, and may not clear a lock', async () => {
    const db = ctx.database.db;
    const bea = { 'x-staff-token': await mintStaffSession(db, 'bea.billing@outpost.example', T0) };
    const ticketid = await openTicket('Invoice says two months', 2, {
      category: 'Billing question',
    });
    const page = await queue('team=billing&view=unassigned', bea);
    expect(ids(page)).toContain(ticketid);
    expect(page.data.find((t) => t.ticketid === ticketid)).toMatchObject({ team: 'billing' });
    const seen = await call('GET', ticketPath(ticketid), bea);
    expect(seen.statusCode, seen.body).toBe(200);
    const res = await reply(ticketid, bea, { message: 'The second month is a credit.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.message).toMatchObject({
      author_name: 'Bea Billing',
      from_customer: false,
      body: 'The second month is a credit.',
    });
    expect((await customerTicket(ticketid)).json().data.messages.at(-1).author_name).toBe(
      'Bea Billing',
    );
    // The access help stays the support desk's (scope `desk`, decision 054).
    const lock = await call(
      'POST',
      buildPath(adminPaths.adminClearContactLock, { accountid: 100001, userid: 5001 }),
      withKey(bea),
    );
    expect(lock.statusCode).toBe(403);
    expect(errorOf(lock)).toBe(adminErrors.adminScopeMissing);
  });
});

describe("pushing a reply to the customer's device", () => {
  it("pushes the staff member's reply with their name, once for a repeated Idempotency-Key", async () => {
    const db = ctx.database.db;
    await db.execute(sql`delete from device_tokens`);
    const token = `deskphone${randomUUID().slice(0, 8)}:APA91b${'x'.repeat(80)}`;
    const registered = await call(
      'POST',
      apiPaths.deviceToken,
      { 'x-user-token': holderToken },
      { token, deviceId: 'desk-reply-phone', userId: 5001, platform: 'android' },
    );
    expect(registered.statusCode, registered.body).toBe(200);
    const pushes = () =>
      queryRows<{ subject: string; body: string }>(
        db,
        sql`select subject, body from outbox
             where channel = 'push' and "to" = 'android:desk-reply-phone' order by id`,
      );
    const ticketid = await openTicket('Modem keeps rebooting', 1);
    const key = randomUUID();
    const first = await reply(ticketid, as.support, { message: 'Try the other socket.' }, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(await pushes()).toEqual([
      {
        subject: `A reply on ticket T${ticketid}`,
        body: `Sam Support: Try the other socket.\n\nnavigation_url: /support/my-tickets/${ticketid}`,
      },
    ]);
    const again = await reply(ticketid, as.support, { message: 'Try the other socket.' }, key);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await pushes()).toHaveLength(1);
  });
});
