import { and, count, desc, eq, like, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { Dashboard } from '@outpost/contracts/dashboard';
import { serverErrors } from '@outpost/contracts/messages';
import type { TicketDetail, TicketListItem } from '@outpost/contracts/tickets';
import { ATTACHMENT_MAX_BYTES, ticketTexts } from '@outpost/domain/tickets-rules';
import { outbox } from '../../adapters/messaging.schema';
import { MESSAGE_LIMITS } from '../../lib/message-limits';
import type { TestContext } from '../../test/test-app';
import { apiFor, createTestContext, errorOf, manualClock } from '../../test/test-app';
import { mintSession } from '../../test/sessions';
import { tokens } from '../auth/auth.schema';
import { ticketMessages, tickets } from './tickets.schema';

const KEY = 'internal-service-key-for-the-tickets-test-01';
const time = manualClock(new Date('2027-01-10T00:00:00Z'));
let ctx: TestContext;
const api = apiFor(() => ctx, 'holder');

beforeAll(async () => {
  ctx = await createTestContext({
    clock: time.clock,
    env: { INTERNAL_API_KEY: KEY, PUBLIC_URL: 'https://portal.example.net' },
  });
});
afterAll(async () => ctx.close());

const newTicket = { prepare: apiPaths.newTicketPrepare, commit: apiPaths.newTicketCommit };
const request = {
  category: 'Technical fault',
  serviceid: 200101,
  subject: 'No connection since the storm',
  description: 'The modem shows a red light since Tuesday night.',
};
const ticketUrl = (ticketid: number) => buildPath(apiPaths.supportTicket, { ticketid });
const replyUrl = (ticketid: number) => buildPath(apiPaths.supportTicketReply, { ticketid });

function desk(ticketid: number, body: object) {
  return ctx.app.inject({
    method: 'POST',
    url: buildPath(apiPaths.internalTicketReply, { ticketid }),
    headers: { 'x-service-key': KEY },
    payload: body,
  });
}

async function emailsTo(address: string) {
  return ctx.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.channel, 'email'), eq(outbox.to, address)))
    .orderBy(desc(outbox.id));
}

/** Bytes of a file: its magic number then filler up to `size`. */
function file(magic: string, size = 64): Buffer {
  const head = Buffer.from(magic, 'hex');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 0x20)]);
}
const PNG = '89504e470d0a1a0a';
const PDF = Buffer.from('%PDF-1.7\n').toString('hex');
const HTML = Buffer.from('<html><script>alert(1)</script></html>').toString('hex');

function withAttachment(filename: string, bytes: Buffer, declaredSize = bytes.length) {
  return {
    prepare: { ...request, attachment: { filename, size: declaredSize } },
    commit: {
      ...request,
      attachment: { filename, size: declaredSize, content: bytes.toString('base64') },
    },
  };
}

/** Prepare with the metadata, commit with the bytes (as the web client does). */
async function sendWithAttachment(body: ReturnType<typeof withAttachment>) {
  const prepared = await api.post(apiPaths.newTicketPrepare, body.prepare);
  if (prepared.statusCode !== 200) return prepared;
  const { csrf } = prepared.json().data as { csrf: string };
  return api.post(apiPaths.newTicketCommit, { ...body.commit, csrf });
}

describe('a ticket from Make a Request to the desk and back', () => {
  it('is created, listed, answered by the desk, flagged on the dashboard and reopened by a reply', async () => {
    time.advance(60_000);
    const created = await api.prepareCommit(newTicket, request);
    expect(created.statusCode).toBe(200);
    const { ticketid, number } = created.json().data as { ticketid: number; number: string };
    expect(number).toBe(`T${ticketid}`);

    // The number by email, after the commit.
    const [mail] = await emailsTo('jordan.citizen@example.com');
    expect(mail!.subject).toBe(`${ctx.config.brand.providerName}: we have your request ${number}`);
    expect(mail!.body).toContain(`We have opened ticket ${number}`);
    expect(mail!.body).toContain(`https://portal.example.net/support/my-tickets/${ticketid}`);

    // My Tickets: newest updated first, the service named, the spec's label.
    const list = (await api.get(apiPaths.supportTickets)).json().data as TicketListItem[];
    expect(list[0]).toEqual({
      ticketid,
      number,
      subject: request.subject,
      category: 'Technical fault',
      service_name: 'Sky Muster Plus AVC000123456789',
      status: 'New',
      status_label: 'New',
      created: time.clock().toISOString(),
      updated: time.clock().toISOString(),
    });

    // The customer adds a detail: a New ticket stays New.
    time.advance(60_000);
    const more = await api.post(replyUrl(ticketid), { message: 'It is on the roof mount.' });
    expect(more.statusCode).toBe(200);
    expect(more.json().data).toMatchObject({ status: 'New', status_label: 'New' });

    // The desk asks a question and waits on the customer.
    time.advance(60_000);
    const asked = await desk(ticketid, {
      message: 'Could you send us a photo of the modem lights?',
      status: 'Waiting',
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json().data).toMatchObject({ ticketid, status: 'Waiting' });
    const [deskMail] = await emailsTo('jordan.citizen@example.com');
    expect(deskMail!.subject).toBe(
      `${ctx.config.brand.providerName}: ticket ${number} needs your reply`,
    );
    expect(deskMail!.body).toContain('Could you send us a photo of the modem lights?');

    const waiting = (await api.get(ticketUrl(ticketid))).json().data as TicketDetail;
    expect(waiting.status_label).toBe('Attention');
    expect(waiting.messages.map((m) => [m.from_customer, m.author_name, m.body])).toEqual([
      [true, 'Jordan Citizen', request.description],
      [true, 'Jordan Citizen', 'It is on the roof mount.'],
      [false, 'Support team', 'Could you send us a photo of the modem lights?'],
    ]);

    // The dashboard flags it (newest first, before the seeded Waiting ticket).
    const dashboard = (await api.get(apiPaths.dashboard)).json().data as Dashboard;
    expect(dashboard.notices[0]).toEqual({
      kind: 'ticket',
      id: ticketid,
      title: `Ticket ${number} needs your reply`,
      message: request.subject,
      href: `/support/my-tickets/${ticketid}`,
    });

    // The customer answers: the ticket is Open (In Progress) and off the dashboard.
    time.advance(60_000);
    const answered = await api.post(replyUrl(ticketid), { message: 'Photo: all lights green.' });
    expect(answered.statusCode).toBe(200);
    expect(answered.json().data).toMatchObject({
      status: 'Open',
      status_label: 'In Progress',
      message: {
        from_customer: true,
        author_name: 'Jordan Citizen',
        body: 'Photo: all lights green.',
      },
    });
    const after = (await api.get(apiPaths.dashboard)).json().data as Dashboard;
    expect(after.notices.map((n) => n.id)).not.toContain(ticketid);
    const listed = (await api.get(apiPaths.supportTickets)).json().data as TicketListItem[];
    expect(listed[0]).toMatchObject({ ticketid, status: 'Open', status_label: 'In Progress' });
  });

  it('reopens a resolved ticket when the customer replies on it', async () => {
    time.advance(60_000);
    const { ticketid } = (await api.prepareCommit(newTicket, request)).json().data as {
      ticketid: number;
    };
    expect(
      (await desk(ticketid, { message: 'Fixed at the tower.', status: 'Resolved' })).statusCode,
    ).toBe(200);
    const before = (await api.get(ticketUrl(ticketid))).json().data as TicketDetail;
    expect(before.status_label).toBe('Completed');
    const reply = await api.post(replyUrl(ticketid), { message: 'It dropped out again today.' });
    expect(reply.json().data).toMatchObject({ status: 'Open', status_label: 'In Progress' });
  });

  it('shows the seeded holder tickets with the spec labels, and the Waiting one on the dashboard', async () => {
    const list = (await api.get(apiPaths.supportTickets)).json().data as TicketListItem[];
    const seeded = list.filter((t) =>
      [
        'Modem drops out every afternoon',
        'Evening speeds drop below 5 Mbps',
        'Crackling on the kitchen phone',
      ].includes(t.subject),
    );
    expect(seeded.map((t) => [t.subject, t.status_label])).toEqual([
      ['Modem drops out every afternoon', 'Attention'],
      ['Evening speeds drop below 5 Mbps', 'In Progress'],
      ['Crackling on the kitchen phone', 'Completed'],
    ]);
    const dashboard = (await api.get(apiPaths.dashboard)).json().data as Dashboard;
    expect(dashboard.notices.map((n) => n.message)).toContain('Modem drops out every afternoon');
  });
});

describe('a staff-assisted session (docs/decisions/025)', () => {
  it('records the staff member as the author of a new ticket and a reply, for the customer', async () => {
    time.advance(60_000);
    // A session of the holder opened by Sam Support (support: may write tickets) with a link.
    const { userToken, familyId } = await mintSession(ctx.database.db, 5001, 'live', time.clock());
    await ctx.database.db.update(tokens).set({ staffId: 1 }).where(eq(tokens.familyId, familyId));
    const staff = { token: userToken };
    const created = await api.prepareCommit(newTicket, request, staff);
    expect(created.statusCode).toBe(200);
    const { ticketid } = created.json().data as { ticketid: number };
    const reply = await api.post(
      replyUrl(ticketid),
      { message: 'Jordan asked us to add: the dish was re-pointed last week.' },
      staff,
    );
    expect(reply.statusCode).toBe(200);
    const byStaff = {
      from_customer: false,
      author_name: 'Sam Support',
      on_behalf_of: 'Jordan Citizen',
    };
    expect((reply.json().data as { message: object }).message).toMatchObject(byStaff);
    // The customer's own reply stays theirs.
    const own = await api.post(replyUrl(ticketid), { message: 'Thank you.' });
    expect((own.json().data as { message: object }).message).toMatchObject({
      from_customer: true,
      author_name: 'Jordan Citizen',
      on_behalf_of: null,
    });
    // What the customer sees in the thread, and what is stored.
    const detail = (await api.get(ticketUrl(ticketid))).json().data as TicketDetail;
    expect(
      detail.messages.map(({ from_customer, author_name, on_behalf_of }) => ({
        from_customer,
        author_name,
        on_behalf_of,
      })),
    ).toEqual([
      byStaff,
      byStaff,
      { from_customer: true, author_name: 'Jordan Citizen', on_behalf_of: null },
    ]);
    const stored = await ctx.database.db
      .select({ user: ticketMessages.authorUserId, staff: ticketMessages.authorStaffId })
      .from(ticketMessages)
      .where(eq(ticketMessages.ticketId, ticketid))
      .orderBy(ticketMessages.id);
    expect(stored).toEqual([
      { user: 5001, staff: 1 },
      { user: 5001, staff: 1 },
      { user: 5001, staff: null },
    ]);
  });
});

describe('who may see and make tickets', () => {
  it('refuses My Tickets and a ticket to a contact without view-tickets (limited), but lets them make a request', async () => {
    const list = await api.get(apiPaths.supportTickets, 'limited');
    expect(list.statusCode).toBe(403);
    expect(errorOf(list)).toBe(serverErrors.forbidden);
    const { ticketid } = (
      await api.prepareCommit(newTicket, { ...request, serviceid: null }, 'limited')
    ).json().data as { ticketid: number };
    expect(ticketid).toBeGreaterThan(0);
    // The number by email, without a link to a page they may not open.
    const [mail] = await emailsTo('riley.citizen@example.com');
    expect(mail!.body).toContain(`We have opened ticket T${ticketid}`);
    expect(mail!.body).not.toContain('/support/my-tickets/');
    expect((await api.get(ticketUrl(ticketid), 'limited')).statusCode).toBe(403);
    // Their request is on the account: the holder sees it.
    expect((await api.get(ticketUrl(ticketid))).statusCode).toBe(200);
  });

  it("answers 404 for another account's ticket, for a reply to it and for its service", async () => {
    const { ticketid } = (await api.prepareCommit(newTicket, request)).json().data as {
      ticketid: number;
    };
    const foreign = await api.get(ticketUrl(ticketid), 'other');
    expect(foreign.statusCode).toBe(404);
    expect(errorOf(foreign)).toBe(serverErrors.notFound);
    expect((await api.post(replyUrl(ticketid), { message: 'Hi' }, 'other')).statusCode).toBe(404);
    // The holder's service named by another account's holder.
    const service = await api.post(apiPaths.newTicketPrepare, request, 'other');
    expect(service.statusCode).toBe(404);
  });

  it('lets a contact without view-services name no service', async () => {
    const res = await api.post(apiPaths.newTicketPrepare, request, 'billing');
    expect(res.statusCode).toBe(404);
    const general = await api.post(
      apiPaths.newTicketPrepare,
      { ...request, serviceid: null },
      'billing',
    );
    expect(general.statusCode).toBe(200);
  });
});

describe('attachments', () => {
  it('stores an image found by its content and downloads it as an attachment', async () => {
    time.advance(60_000);
    const bytes = file(PNG, 2048);
    const res = await sendWithAttachment(withAttachment('lights photo.jpg', bytes));
    expect(res.statusCode).toBe(200);
    const { ticketid } = res.json().data as { ticketid: number };
    const detail = (await api.get(ticketUrl(ticketid))).json().data as TicketDetail;
    const [attachment] = detail.messages[0]!.attachments;
    // The type from the content (PNG), whatever the name says.
    expect(attachment).toEqual({
      attachmentid: expect.any(Number),
      filename: 'lights photo.jpg',
      content_type: 'image/png',
      size: 2048,
    });
    const download = await api.get(
      buildPath(apiPaths.supportTicketAttachment, { attachmentid: attachment!.attachmentid }),
    );
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="lights photo.jpg"; filename*=UTF-8''lights%20photo.jpg`,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(bytes)).toBe(true);
    // Another account cannot download it.
    const foreign = await api.get(
      buildPath(apiPaths.supportTicketAttachment, { attachmentid: attachment!.attachmentid }),
      'other',
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('accepts a PDF', async () => {
    const res = await sendWithAttachment(withAttachment('bill.pdf', file(PDF, 500)));
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['HTML named .png', 'photo.png', HTML],
    ['a ZIP named .pdf', 'bill.pdf', '504b0304'],
    ['plain text named .jpg', 'note.jpg', Buffer.from('just some text').toString('hex')],
  ])('refuses %s by its content and creates nothing', async (_case, filename, magic) => {
    const before = await ctx.database.db.select({ n: count() }).from(tickets);
    const res = await sendWithAttachment(withAttachment(filename, file(magic, 300)));
    expect(res.statusCode).toBe(415);
    expect(errorOf(res)).toBe(`Bad request: ${ticketTexts.attachmentWrongType}`);
    const after = await ctx.database.db.select({ n: count() }).from(tickets);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('refuses a file over 5 MB at prepare, before its bytes are sent', async () => {
    const res = await api.post(apiPaths.newTicketPrepare, {
      ...request,
      attachment: { filename: 'huge.png', size: ATTACHMENT_MAX_BYTES + 1 },
    });
    expect(res.statusCode).toBe(413);
    expect(errorOf(res)).toBe(`Bad request: ${ticketTexts.attachmentTooBig}`);
  });

  it('refuses bytes over 5 MB at commit, and bytes that are not the size prepared', async () => {
    const big = file(PNG, ATTACHMENT_MAX_BYTES + 10);
    const over = await sendWithAttachment(withAttachment('big.png', big, 1000));
    expect(over.statusCode).toBe(413);
    expect(errorOf(over)).toBe(`Bad request: ${ticketTexts.attachmentTooBig}`);
    const changed = await sendWithAttachment(withAttachment('a.png', file(PNG, 900), 1000));
    expect(changed.statusCode).toBe(400);
  });

  it('accepts a file of exactly 5 MB', async () => {
    const res = await sendWithAttachment(
      withAttachment('max.png', file(PNG, ATTACHMENT_MAX_BYTES)),
    );
    expect(res.statusCode).toBe(200);
  });
});

describe('exactly once', () => {
  it('creates one ticket and sends one email for 20 parallel commits of one csrf', async () => {
    time.advance(60_000);
    const subject = 'Parallel commits: one ticket only';
    const body = { ...request, subject };
    const prepared = await api.post(apiPaths.newTicketPrepare, body);
    const { csrf } = prepared.json().data as { csrf: string };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => api.post(apiPaths.newTicketCommit, { ...body, csrf })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const ids = new Set(answers.map((a) => (a.json().data as { ticketid: number }).ticketid));
    expect(ids.size).toBe(1);
    const rows = await ctx.database.db
      .select({ n: count() })
      .from(tickets)
      .where(eq(tickets.subject, subject));
    expect(rows[0]!.n).toBe(1);
    const [id] = [...ids];
    const mails = await ctx.database.db
      .select({ n: count() })
      .from(outbox)
      .where(like(outbox.body, `%ticket T${id} for your request%`));
    expect(mails[0]!.n).toBe(1);
  });

  it('refuses a commit whose fields differ from the prepared ones', async () => {
    const prepared = await api.post(apiPaths.newTicketPrepare, request);
    const { csrf } = prepared.json().data as { csrf: string };
    const res = await api.post(apiPaths.newTicketCommit, { ...request, subject: 'Changed', csrf });
    expect(res.statusCode).toBe(400);
  });
});

describe('the desk', () => {
  it('refuses a customer token and a missing ticket', async () => {
    const customer = await api.post(buildPath(apiPaths.internalTicketReply, { ticketid: 240001 }), {
      message: 'Hi',
    });
    expect(customer.statusCode).toBe(403);
    expect((await desk(999_999, { message: 'Hi' })).statusCode).toBe(404);
  });

  it('picks up a new ticket (Open) when it answers without a status', async () => {
    const { ticketid } = (await api.prepareCommit(newTicket, request)).json().data as {
      ticketid: number;
    };
    const res = await desk(ticketid, { message: 'We are on it.' });
    expect(res.json().data).toMatchObject({ status: 'Open' });
    const [mail] = await emailsTo('jordan.citizen@example.com');
    expect(mail!.subject).toBe(`${ctx.config.brand.providerName}: a reply on ticket T${ticketid}`);
  });
});

describe('message limits and plain text in mail (docs/decisions/036)', () => {
  const clearCounters = () =>
    ctx.database.db.execute(sql`delete from rate_limits where key like 'msg:%'`);
  beforeEach(clearCounters);
  afterEach(clearCounters);
  const HOLDER_EMAIL = 'jordan.citizen@example.com';

  it('refuses the 11th request of a person in an hour at commit: 429, no ticket, no mail; the csrf works later', async () => {
    time.advance(60_000);
    const mailsBefore = (await emailsTo(HOLDER_EMAIL)).length;
    for (let i = 1; i <= MESSAGE_LIMITS.newTicket.perUser; i += 1) {
      const res = await api.prepareCommit(newTicket, { ...request, subject: `Limit test ${i}` });
      expect(res.statusCode, `${i}: ${res.body}`).toBe(200);
    }
    const body = { ...request, subject: 'Limit test 11' };
    const prepared = await api.post(apiPaths.newTicketPrepare, body);
    const { csrf } = prepared.json().data as { csrf: string };
    const refused = await api.post(apiPaths.newTicketCommit, { ...body, csrf });
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toBe('Too many requests. Please wait an hour and try again.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const made = await ctx.database.db
      .select({ n: count() })
      .from(tickets)
      .where(like(tickets.subject, 'Limit test %'));
    expect(made[0]!.n).toBe(10);
    expect((await emailsTo(HOLDER_EMAIL)).length - mailsBefore).toBe(10);
    // Once the window has passed, the same prepared request goes through.
    await clearCounters();
    const later = await api.post(apiPaths.newTicketCommit, { ...body, csrf });
    expect(later.statusCode, later.body).toBe(200);
    expect((await emailsTo(HOLDER_EMAIL)).length - mailsBefore).toBe(11);
  });

  it('quotes the subject in the confirmation as plain text: no address in it becomes a link', async () => {
    time.advance(60_000);
    const res = await api.prepareCommit(newTicket, {
      ...request,
      subject: 'Win a prize at http://evil.example',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [mail] = await emailsTo(HOLDER_EMAIL);
    expect(mail!.body).toContain('for your request "Win a prize at http[:]//evil[.]example".');
    expect(mail!.body).not.toMatch(/evil\.example|http:\/\/evil/);
    // The ticket keeps what was typed.
    const { ticketid } = res.json().data as { ticketid: number };
    const [row] = await ctx.database.db
      .select({ subject: tickets.subject })
      .from(tickets)
      .where(eq(tickets.id, ticketid));
    expect(row!.subject).toBe('Win a prize at http://evil.example');
  });
});
