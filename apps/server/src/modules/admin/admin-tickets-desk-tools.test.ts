import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminPaths, apiPaths, buildPath } from '@outpost/contracts/api-paths';
import { queryRows, withTransaction } from '../../db/client';
import { createMetrics } from '../../plugins/observability';
import { mintSession, mintStaffSession } from '../../test/sessions';
import type { TestContext } from '../../test/test-app';
import { createTestContext, errorOf, manualClock } from '../../test/test-app';
import type { Messaging } from '../../adapters/messaging';
import { appJobDefinitions } from '../jobs/app-jobs';
import type { JobContext } from '../jobs/queue';
import { collectQueueMetrics } from '../jobs/queue-metrics';
import { createTicket } from '../tickets/tickets.service';
import { adminErrors } from './admin.errors';
import { mergedMessage, recordSlaBreaches } from './admin-tickets.service';

/**
 * The desk's tools of decision 057 beyond the queue: canned replies, merging duplicates, and
 * service levels on business hours with the breach metric.
 */

// Saturday 1 May 2027, 10am in Brisbane; Monday 3 May is Labour Day in Queensland.
const T0 = new Date('2027-05-01T00:00:00Z');
const time = manualClock(T0);
const HOUR = 3_600_000;
let ctx: TestContext;
const as: Record<'admin' | 'support', Record<string, string>> = { admin: {}, support: {} };
let holderToken: string;

beforeAll(async () => {
  ctx = await createTestContext({ clock: time.clock });
  const db = ctx.database.db;
  as.admin = { 'x-staff-token': await mintStaffSession(db, 'ada.admin@outpost.example', T0) };
  as.support = { 'x-staff-token': await mintStaffSession(db, 'sam.support@outpost.example', T0) };
  holderToken = (await mintSession(db, 5001, 'live', T0)).userToken;
  await db.execute(sql`update tickets set status = 'Resolved'`);
});
afterAll(async () => ctx.close());

async function openTicket(
  subject: string,
  hoursAgo: number,
  accountId = 100001,
  userId: number | null = 5001,
) {
  const made = await withTransaction(ctx.database.db, (tx) =>
    createTicket(tx, {
      accountId,
      serviceId: null,
      userId,
      authorName: 'Jordan Citizen',
      category: 'Technical fault',
      subject,
      body: `About: ${subject}`,
      source: 'customer',
      now: new Date(T0.getTime() - hoursAgo * HOUR),
    }),
  );
  return made.ticketid;
}

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const withKey = (headers: Record<string, string>) => ({
  ...headers,
  'idempotency-key': randomUUID(),
});
const auditOf = (action: string) =>
  queryRows<{ detail: string }>(
    ctx.database.db,
    sql`select detail from staff_audit where action = ${action} order by id`,
  );

describe('canned replies', () => {
  let cannedid: number;
  const body =
    'Hi {{customer.first_name}}, thanks for {{ ticket.reference }} on account {{account.number}}. {{staff.display_name}}';

  it('are written by admins, read by the desk, and refused to the desk to write', async () => {
    const made = await call('POST', adminPaths.adminCannedReplies, withKey(as.admin), {
      title: 'Thanks for reporting',
      body,
    });
    expect(made.statusCode, made.body).toBe(200);
    cannedid = made.json().data.cannedid;
    expect(made.json().data).toMatchObject({
      title: 'Thanks for reporting',
      body,
      updated_by: 'Ada Admin',
    });

    const list = await call('GET', adminPaths.adminCannedReplies, as.support);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((c: { title: string }) => c.title)).toEqual([
      'Thanks for reporting',
    ]);
    expect(list.json().placeholders.map((p: { name: string }) => p.name)).toContain(
      'customer.first_name',
    );

    const refused = await call('POST', adminPaths.adminCannedReplies, withKey(as.support), {
      title: 'Support may not',
      body: 'Hello',
    });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toBe(adminErrors.adminScopeMissing);
    expect((await auditOf('canned-reply-created')).map((a) => a.detail)).toEqual([
      `canned reply ${cannedid}: 'Thanks for reporting'`,
    ]);
  });

  it('refuse an unknown placeholder at save, naming it, and a title taken', async () => {
    const bad = await call('POST', adminPaths.adminCannedReplies, withKey(as.admin), {
      title: 'Typo',
      body: 'Hi {{customer.firstname}}',
    });
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatch(
      /^Invalid request: There is no placeholder \{\{customer\.firstname\}\}\. Use one of \{\{customer\.first_name\}\}, /,
    );
    const taken = await call('POST', adminPaths.adminCannedReplies, withKey(as.admin), {
      title: 'THANKS FOR REPORTING',
      body: 'Hello',
    });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken)).toBe(adminErrors.cannedTitleTaken);
    const path = buildPath(adminPaths.adminCannedReply, { cannedid });
    const badEdit = await call('PATCH', path, as.admin, { body: 'Hi {{customer.first_name}' });
    expect(badEdit.statusCode).toBe(400);
  });

  it("fill in a ticket's values for the reply box, with no raw placeholder left", async () => {
    const ticketid = await openTicket('Modem light red', 1);
    const res = await call(
      'GET',
      buildPath(adminPaths.adminTicketCannedRender, { ticketid, cannedid }),
      as.support,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [holder] = await queryRows<{ given_names: string }>(
      ctx.database.db,
      sql`select given_names from users where id = 5001`,
    );
    expect(res.json().data).toEqual({
      cannedid,
      ticketid,
      title: 'Thanks for reporting',
      text: `Hi ${holder!.given_names.split(' ')[0]}, thanks for T${ticketid} on account 100001. Sam Support`,
    });
    const missing = await call(
      'GET',
      buildPath(adminPaths.adminTicketCannedRender, { ticketid, cannedid: 999999 }),
      as.support,
    );
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toBe(adminErrors.cannedMissing);
  });

  it('are changed and deleted by admins, with the audit saying what', async () => {
    const path = buildPath(adminPaths.adminCannedReply, { cannedid });
    expect((await call('PATCH', path, as.support, { title: 'No' })).statusCode).toBe(403);
    const changed = await call('PATCH', path, as.admin, { title: 'Thanks for telling us' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.title).toBe('Thanks for telling us');
    expect((await auditOf('canned-reply-changed')).at(-1)?.detail).toBe(
      `canned reply ${cannedid}: title 'Thanks for reporting' -> 'Thanks for telling us'`,
    );
    expect((await call('DELETE', path, as.support)).statusCode).toBe(403);
    expect((await call('DELETE', path, as.admin)).statusCode).toBe(200);
    expect((await call('DELETE', path, as.admin)).statusCode).toBe(404);
    expect((await call('GET', adminPaths.adminCannedReplies, as.support)).json().data).toEqual([]);
  });
});

describe('merging duplicates', () => {
  const merge = (ticketid: number, into: number) =>
    call('POST', buildPath(adminPaths.adminTicketMerge, { ticketid }), as.support, { into });
  const customerThread = async (ticketid: number) =>
    (
      await call('GET', buildPath(apiPaths.supportTicket, { ticketid }), {
        'x-user-token': holderToken,
      })
    ).json().data;

  it("moves the duplicate's messages and notes into the target, in order, and resolves it with a message", async () => {
    const into = await openTicket('No internet', 5);
    const duplicate = await openTicket('Still no internet', 3);
    const note = await call(
      'POST',
      buildPath(adminPaths.adminTicketNotes, { ticketid: duplicate }),
      withKey(as.support),
      { body: 'Same fault as the other one' },
    );
    expect(note.statusCode).toBe(200);
    const res = await merge(duplicate, into);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      merged: { ticketid: duplicate, status: 'Resolved', merged_into: into },
      into: { ticketid: into, merged_into: null },
      moved: { messages: 1, attachments: 0, notes: 1 },
    });
    const target = await customerThread(into);
    expect(target.messages.map((m: { body: string }) => m.body)).toEqual([
      'About: No internet',
      'About: Still no internet',
    ]);
    const dup = await customerThread(duplicate);
    expect(dup.status_label).toBe('Completed');
    expect(
      dup.messages.map((m: { body: string; from_customer: boolean }) => [m.body, m.from_customer]),
    ).toEqual([[mergedMessage(into), false]]);
    expect(mergedMessage(into)).toBe(
      `Merged into T${into}: this request carries on there, with its messages.`,
    );
    const desk = (
      await call('GET', buildPath(adminPaths.adminTicket, { ticketid: into }), as.support)
    ).json().data;
    expect(desk.notes.map((n: { body: string }) => n.body)).toEqual([
      'Same fault as the other one',
    ]);
    expect((await auditOf('ticket-merged')).at(-1)?.detail).toBe(
      `T${duplicate} -> T${into}: 1 messages, 0 attachments, 1 notes moved; status New -> Resolved`,
    );

    // Into itself, into a merged ticket, again elsewhere: refused with a clear message.
    const self = await merge(into, into);
    expect(self.statusCode).toBe(400);
    expect(errorOf(self)).toBe('Invalid request: a ticket cannot be merged into itself.');
    const third = await openTicket('Internet down again', 1);
    const intoMerged = await merge(third, duplicate);
    expect(intoMerged.statusCode).toBe(409);
    expect(errorOf(intoMerged)).toBe(
      `Invalid request: T${duplicate} was merged into T${into}; merge into T${into} instead.`,
    );
    const again = await merge(duplicate, third);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toBe(`Invalid request: T${duplicate} was already merged into T${into}.`);
    const nowhere = await merge(third, 999999);
    expect(nowhere.statusCode).toBe(404);
    expect(errorOf(nowhere)).toBe('Invalid request: there is no ticket T999999 to merge into.');
  });

  it("refuses another account's ticket", async () => {
    const ours = await openTicket('Ours', 2);
    const theirs = await openTicket('Theirs', 2, 100002, null);
    const res = await merge(ours, theirs);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toBe(
      `Invalid request: T${ours} and T${theirs} are on different accounts; only tickets of the same account can be merged.`,
    );
  });

  it('merges once when the same pair is merged 20 times at once (either way round, no deadlock)', async () => {
    const into = await openTicket('Dropouts', 4);
    const duplicate = await openTicket('Dropouts again', 2);
    const before = (await auditOf('ticket-merged')).length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 5 === 4 ? merge(into, duplicate) : merge(duplicate, into),
      ),
    );
    const moved = answers
      .filter((a) => a.statusCode === 200)
      .map((a) => a.json().data.moved.messages);
    // One real merge; repeats of it answer 200 having moved nothing; the other way round is
    // refused (the duplicate is merged) or, if it came first, is the one merge.
    expect(moved.filter((n: number) => n > 0)).toHaveLength(1);
    expect(answers.every((a) => a.statusCode === 200 || a.statusCode === 409)).toBe(true);
    expect((await auditOf('ticket-merged')).length).toBe(before + 1);
    const rows = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::integer as n from ticket_messages
           where body like 'Merged into %' and ticket_id in (${into}, ${duplicate})`,
    );
    expect(rows[0]!.n).toBe(1);
  });
});

describe('service levels', () => {
  it('counts each newly missed due time once, and shows the overdue tickets on /metrics', async () => {
    const db = ctx.database.db;
    await db.execute(sql`update tickets set status = 'Resolved' where status <> 'Resolved'`);
    // Opened Wednesday 10am: due Friday 10am (24 business hours of support), a day before T0.
    const late = await openTicket('Late', 72);
    const onTime = await openTicket('On time', 1);
    const metrics = createMetrics();
    const [job] = appJobDefinitions({
      config: ctx.config,
      db,
      gateway: null,
      // The breach job sends nothing.
      messaging: {} as Messaging,
      everyMs: 0,
      onSlaBreaches: (n) => metrics.ticketSlaBreaches.inc(n),
    }).filter((j) => j.name === 'tickets.sla-breaches');
    const run = () => job!.run({ now: time.clock() } as JobContext);
    expect(await run()).toEqual({ breached: 1 });
    expect(await run()).toEqual({ breached: 0 });
    const counter = async () => (await metrics.ticketSlaBreaches.get()).values[0]?.value;
    expect(await counter()).toBe(1);
    const [row] = await queryRows<{ breached_at: Date | string | null }>(
      db,
      sql`select breached_at from tickets where id = ${late}`,
    );
    expect(new Date(row!.breached_at!).toISOString()).toBe(T0.toISOString());

    await collectQueueMetrics(db, metrics, time.clock());
    expect((await metrics.ticketsOverdue.get()).values[0]?.value).toBe(1);
    expect(await metrics.registry.metrics()).toMatch(/^outpost_tickets_overdue 1$/m);
    expect(await metrics.registry.metrics()).toMatch(/^outpost_ticket_sla_breaches_total 1$/m);

    // A new due time (a higher priority) may be missed anew: counted again when it is.
    const urgent = await call(
      'PATCH',
      buildPath(adminPaths.adminTicket, { ticketid: onTime }),
      as.support,
      {
        priority: 'urgent',
      },
    );
    expect(urgent.statusCode, urgent.body).toBe(200);
    // Opened Saturday 9am: 4 hours of support, due 1pm (03:00Z).
    expect(urgent.json().data.due).toBe('2027-05-01T03:00:00.000Z');
    expect(await recordSlaBreaches(db, new Date('2027-05-01T03:00:00Z'))).toEqual({ breached: 0 });
    expect(await recordSlaBreaches(db, new Date('2027-05-01T03:00:01Z'))).toEqual({ breached: 1 });
  });
});
