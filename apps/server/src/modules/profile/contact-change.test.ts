import { formatDateTime } from '@outpost/domain/format';
import { zoneCityName } from '@outpost/domain/time/names';
import { businessTimeZone, DEFAULT_BUSINESS_TIME_ZONE } from '@outpost/domain/time/zone';
import { and, count, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactChangeMessages } from '@outpost/contracts/contact-change-messages';
import { apiPaths } from '@outpost/contracts/api-paths';
import type { NewContactInput } from '@outpost/contracts/contacts';
import { serverErrors } from '@outpost/contracts/messages';
import { outbox } from '../../adapters/messaging.schema';
import { queryRows } from '../../db/client';
import { mintSession } from '../../test/sessions';
import type { TestContext } from '../../test/test-app';
import { createTestContext, errorOf, manualClock } from '../../test/test-app';
import { users } from '../../db/accounts.schema';
import { rateLimits } from '../../db/rate-limits.schema';
import { authEvents } from '../auth/auth.schema';
import { contactsErrors } from '../contacts/contacts.errors';

/** Changing one's own email or mobile, and one address per person (docs/decisions/035). */
const time = manualClock(new Date('2026-11-24T00:00:00Z')); // 10:00 am in Brisbane
/**
 * When the notices say the change was made: '24/11/26 10:00 am (Brisbane time)' for the demo, the
 * business zone's clock and city for another provider (CI's Victorian run, docs/decisions/041).
 */
const changedAt = () => {
  const at = `${formatDateTime(new Date('2026-11-24T00:00:00Z'))} (${zoneCityName()} time)`;
  if (businessTimeZone() === DEFAULT_BUSINESS_TIME_ZONE)
    expect(at).toBe('24/11/26 10:00 am (Brisbane time)');
  return at;
};
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ clock: time.clock });
});
afterAll(async () => ctx.close());

const HOLDER = 5001;
const BILLING = 5002; // alex.citizen@example.com, 0491570157
const TWOFACTOR = 5005; // mai.nguyen@example.com, 0491570110, SMS two-factor

async function session(userId: number, stepUp = true) {
  return mintSession(ctx.database.db, userId, 'live', time.clock(), { stepUp });
}

function call(method: 'GET' | 'PATCH' | 'POST', url: string, token: string, payload?: object) {
  return ctx.app.inject({
    method,
    url,
    headers: { 'x-user-token': token },
    ...(payload ? { payload } : {}),
  });
}

const patchContact = (token: string, email: string, mobile: string) =>
  call('PATCH', apiPaths.ownContact, token, { email, mobile });
const verifyChange = (token: string, kind: 'email' | 'mobile', code: string) =>
  call('POST', apiPaths.ownContactVerify, token, { kind, code });

async function stored(userId: number) {
  const [row] = await ctx.database.db
    .select({ email: users.email, mobile: users.mobile })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
}

async function messagesTo(to: string) {
  return ctx.database.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(outbox.id);
}
async function outboxSize(): Promise<number> {
  const [row] = await ctx.database.db.select({ n: count() }).from(outbox);
  return row!.n;
}
const codeIn = (body: string) => /\b(\d{6})\b/.exec(body)![1]!;
const other = (code: string) => (code === '000000' ? '111111' : '000000');

describe('changing one’s own email or mobile', () => {
  it('needs a step-up in this session: without one it is refused and nothing changes', async () => {
    const plain = await session(TWOFACTOR, false);
    const before = await outboxSize();
    const res = await patchContact(plain.userToken, 'attacker@example.net', '0491570999');
    expect(res.statusCode).toBe(403);
    expect(errorOf(res)).toBe(serverErrors.stepUpRequired);
    expect(await stored(TWOFACTOR)).toEqual({
      email: 'mai.nguyen@example.com',
      mobile: '0491570110',
    });
    expect(await outboxSize()).toBe(before);
  });

  it('keeps the old email until the code sent to the new one is entered, then tells the old ones', async () => {
    const s = await session(TWOFACTOR);
    const res = await patchContact(s.userToken, 'mai.new@example.com', '0491570110');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.email).toEqual({ email: 'mai.nguyen@example.com' });
    expect(res.json().data.pending).toEqual({ email: 'mai.new@example.com', mobile: null });
    // Only the NEW address gets the code, and the old one stays in force meanwhile.
    const [sent] = await messagesTo('mai.new@example.com');
    expect(sent!.subject).toBe('Confirm your new email address for Outpost Demo Broadband');
    expect(sent!.body).toBe(
      `Outpost Demo Broadband: your code to confirm this email address for your Outpost Demo Broadband login is ${codeIn(sent!.body)}. It expires in 10 minutes. If you did not ask for it, ignore this message: nothing changes without the code.`,
    );
    expect(await stored(TWOFACTOR)).toMatchObject({ email: 'mai.nguyen@example.com' });
    const read = await call('GET', apiPaths.ownContact, s.userToken);
    expect(read.json().data.pending).toEqual({ email: 'mai.new@example.com', mobile: null });

    const wrong = await verifyChange(s.userToken, 'email', other(codeIn(sent!.body)));
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toBe(contactChangeMessages.codeWrong);
    expect(await stored(TWOFACTOR)).toMatchObject({ email: 'mai.nguyen@example.com' });

    const oldMail = (await messagesTo('mai.nguyen@example.com')).length;
    const oldSms = (await messagesTo('0491570110')).length;
    const right = await verifyChange(s.userToken, 'email', codeIn(sent!.body));
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().data.email).toEqual({ email: 'mai.new@example.com' });
    expect(right.json().data.pending).toEqual({ email: null, mobile: null });
    expect(await stored(TWOFACTOR)).toEqual({ email: 'mai.new@example.com', mobile: '0491570110' });

    const notice = `Outpost Demo Broadband: the email address on your Outpost Demo Broadband login was changed on ${changedAt()}. If you made this change, there is nothing to do. If you did not, call us on 1300 975 707 straight away: someone may be using your login.`;
    const mail = (await messagesTo('mai.nguyen@example.com')).slice(oldMail);
    expect(mail.map((m) => [m.channel, m.subject, m.body])).toEqual([
      ['email', 'The email address on your Outpost Demo Broadband login was changed', notice],
    ]);
    const sms = (await messagesTo('0491570110')).slice(oldSms);
    expect(sms.map((m) => [m.channel, m.body])).toEqual([['sms', notice]]);
    // The code works once.
    const replay = await verifyChange(s.userToken, 'email', codeIn(sent!.body));
    expect(errorOf(replay)).toBe(contactChangeMessages.nothingPending);
    // Recorded, without the code or the addresses.
    const events = await ctx.database.db
      .select({ outcome: authEvents.outcome, detail: authEvents.detail })
      .from(authEvents)
      .where(and(eq(authEvents.userId, TWOFACTOR), eq(authEvents.event, 'contact-details')))
      .orderBy(authEvents.id);
    expect(events).toEqual([
      { outcome: 'challenge', detail: 'new email waits for its code' },
      { outcome: 'success', detail: 'email changed; notices sent to the old email and mobile' },
    ]);
  });

  it('sends a new mobile its code by SMS; the old mobile and the email get the notice', async () => {
    const s = await session(HOLDER);
    const res = await patchContact(s.userToken, 'jordan.citizen@example.com', '0491570901');
    expect(res.json().data.pending).toEqual({ email: null, mobile: '0491570901' });
    const [sent] = await messagesTo('0491570901');
    expect(sent!.channel).toBe('sms');
    expect(await stored(HOLDER)).toMatchObject({ mobile: '0491570156' });
    const right = await verifyChange(s.userToken, 'mobile', codeIn(sent!.body));
    expect(right.statusCode, right.body).toBe(200);
    expect(await stored(HOLDER)).toMatchObject({ mobile: '0491570901' });
    const notice = `Outpost Demo Broadband: the mobile number on your Outpost Demo Broadband login was changed on ${changedAt()}. If you made this change, there is nothing to do. If you did not, call us on 1300 975 707 straight away: someone may be using your login.`;
    expect((await messagesTo('0491570156')).at(-1)!.body).toBe(notice);
    expect((await messagesTo('jordan.citizen@example.com')).at(-1)).toMatchObject({
      subject: 'The mobile number on your Outpost Demo Broadband login was changed',
      body: notice,
    });
    expect((await messagesTo('0491570901')).length).toBe(1); // the new one: only its code
  });

  it('refuses an expired code, and a code after 5 wrong tries', async () => {
    const s = await session(BILLING);
    await patchContact(s.userToken, 'alex.expired@example.com', '0491570157');
    const expiring = codeIn((await messagesTo('alex.expired@example.com'))[0]!.body);
    time.advance(10 * 60 * 1000 + 1);
    const late = await verifyChange(s.userToken, 'email', expiring);
    expect(late.statusCode).toBe(400);
    expect(errorOf(late)).toBe(contactChangeMessages.codeWrong);
    expect((await call('GET', apiPaths.ownContact, s.userToken)).json().data.pending).toEqual({
      email: null,
      mobile: null,
    });

    const fresh = await session(BILLING);
    await patchContact(fresh.userToken, 'alex.locked@example.com', '0491570157');
    const code = codeIn((await messagesTo('alex.locked@example.com'))[0]!.body);
    for (let i = 0; i < 4; i++) {
      const res = await verifyChange(fresh.userToken, 'email', other(code));
      expect(errorOf(res)).toBe(contactChangeMessages.codeWrong);
    }
    const fifth = await verifyChange(fresh.userToken, 'email', other(code));
    expect(errorOf(fifth)).toBe(contactChangeMessages.codeLocked);
    const right = await verifyChange(fresh.userToken, 'email', code);
    expect(errorOf(right)).toBe(contactChangeMessages.codeLocked);
    expect(await stored(BILLING)).toMatchObject({ email: 'alex.citizen@example.com' });
  });

  it('takes the code only in the session that asked', async () => {
    const asking = await session(BILLING);
    await patchContact(asking.userToken, 'alex.session@example.com', '0491570157');
    const code = codeIn((await messagesTo('alex.session@example.com'))[0]!.body);
    const elsewhere = await session(BILLING);
    const res = await verifyChange(elsewhere.userToken, 'email', code);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(contactChangeMessages.nothingPending);
    expect(await stored(BILLING)).toMatchObject({ email: 'alex.citizen@example.com' });
  });

  it('withdraws a pending change when the current address is sent again', async () => {
    const s = await session(BILLING);
    await patchContact(s.userToken, 'alex.withdrawn@example.com', '0491570157');
    const code = codeIn((await messagesTo('alex.withdrawn@example.com'))[0]!.body);
    const back = await patchContact(s.userToken, 'alex.citizen@example.com', '0491570157');
    expect(back.json().data.pending).toEqual({ email: null, mobile: null });
    const res = await verifyChange(s.userToken, 'email', code);
    expect(errorOf(res)).toBe(contactChangeMessages.nothingPending);
  });

  it('refuses to remove the mobile that receives SMS two-factor codes', async () => {
    const s = await session(TWOFACTOR);
    const res = await patchContact(s.userToken, 'mai.new@example.com', '');
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(contactChangeMessages.mobileNeededForTwoFactor);
    expect(await stored(TWOFACTOR)).toMatchObject({ mobile: '0491570110' });
  });
});

describe('an email or mobile names one person', () => {
  it("refuses billing taking other's email or mobile, without saying whose, and sends nothing", async () => {
    const s = await session(BILLING);
    const before = await outboxSize();
    const email = await patchContact(s.userToken, 'Casey.Walker@example.com ', '0491570157');
    expect(email.statusCode).toBe(409);
    expect(errorOf(email)).toBe(
      'Invalid request: That email address is already used by someone else. Use a different email address.',
    );
    const mobile = await patchContact(s.userToken, 'alex.citizen@example.com', '0491570111');
    expect(mobile.statusCode).toBe(409);
    expect(errorOf(mobile)).toBe(
      'Invalid request: That mobile number is already used by someone else. Use a different mobile number.',
    );
    expect(await outboxSize()).toBe(before);
    expect(await stored(BILLING)).toMatchObject({ email: 'alex.citizen@example.com' });
    expect((await call('GET', apiPaths.ownContact, s.userToken)).json().data.pending).toEqual({
      email: null,
      mobile: null,
    });
  });

  it('refuses a pending address that another person took before the code was entered', async () => {
    const s = await session(BILLING);
    await patchContact(s.userToken, 'shared.once@example.com', '0491570157');
    const code = codeIn((await messagesTo('shared.once@example.com'))[0]!.body);
    // Meanwhile the holder adds a contact with that email.
    const holder = await session(HOLDER);
    const added = await call(
      'POST',
      apiPaths.contacts,
      holder.userToken,
      newContact({
        email: 'shared.once@example.com',
      }),
    );
    expect(added.statusCode, added.body).toBe(200);
    const res = await verifyChange(s.userToken, 'email', code);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toBe(contactChangeMessages.emailTaken);
    expect(await stored(BILLING)).toMatchObject({ email: 'alex.citizen@example.com' });
  });

  it("refuses a new contact with another person's email or mobile", async () => {
    const holder = await session(HOLDER);
    const byEmail = await call(
      'POST',
      apiPaths.contacts,
      holder.userToken,
      newContact({ email: 'casey.walker@example.com' }),
    );
    expect(byEmail.statusCode).toBe(409);
    expect(errorOf(byEmail)).toBe(contactsErrors.contactEmailTaken);
    const byMobile = await call(
      'POST',
      apiPaths.contacts,
      holder.userToken,
      newContact({ mobile: '0491570111' }),
    );
    expect(byMobile.statusCode).toBe(409);
    expect(errorOf(byMobile)).toBe(
      'Invalid request: That mobile number is already used by someone else. Use a different mobile number.',
    );
  });

  it('lets exactly one of 20 parallel requests take one mobile', async () => {
    const holder = await session(HOLDER);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('POST', apiPaths.contacts, holder.userToken, newContact({ mobile: '0491570888' })),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const a of answers.filter((r) => r.statusCode === 409)) {
      expect(errorOf(a)).toBe(contactChangeMessages.mobileTaken);
    }
    const [row] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from users where mobile = '0491570888'`,
    );
    expect(row!.n).toBe(1);
  });

  it('sends at most 3 change codes an hour to one address, then refuses with nothing sent', async () => {
    await forgetMessageCounts();
    const victim = 'code.victim@example.net';
    const answers = [];
    for (const userId of [HOLDER, BILLING, TWOFACTOR, HOLDER]) {
      const s = await session(userId);
      const current = await stored(userId);
      answers.push(await patchContact(s.userToken, victim, current.mobile ?? ''));
    }
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 429]);
    expect(errorOf(answers[3]!)).toBe(serverErrors.messagesLimited);
    expect(Number(answers[3]!.headers['retry-after'])).toBeGreaterThan(3000);
    expect(await messagesTo(victim)).toHaveLength(3);
    // Withdrawn again, so no later test sees these pending changes.
    for (const userId of [HOLDER, BILLING, TWOFACTOR]) {
      const current = await stored(userId);
      await patchContact(
        (await session(userId)).userToken,
        current.email ?? '',
        current.mobile ?? '',
      );
    }
  });

  it('lets exactly one of 20 people confirming the same new email have it', async () => {
    // Twenty contacts of the holder's account, each with the same email pending.
    const holder = await session(HOLDER);
    const ids: number[] = [];
    // This test is about the race to confirm, not about sending: the message limits (which
    // would stop the 11th invitation and the 4th code to one address) are forgotten each time.
    for (let i = 0; i < 20; i++) {
      await forgetMessageCounts();
      const res = await call('POST', apiPaths.contacts, holder.userToken, newContact());
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json().data.userid as number);
    }
    await ctx.database.db
      .update(users)
      .set({ roleStatus: 'Active' })
      .where(and(eq(users.accountId, 100001), eq(users.roleStatus, 'Invited')));
    const pending = [];
    for (const id of ids) {
      const s = await session(id);
      await forgetMessageCounts();
      const res = await patchContact(s.userToken, 'one.winner@example.com', '');
      expect(res.statusCode, res.body).toBe(200);
      const code = codeIn((await messagesTo('one.winner@example.com')).at(-1)!.body);
      pending.push({ token: s.userToken, code });
    }
    const answers = await Promise.all(pending.map((p) => verifyChange(p.token, 'email', p.code)));
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    const [row] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from users where lower(email) = 'one.winner@example.com'`,
    );
    expect(row!.n).toBe(1);
  });
});

/** Empties the message limits' counters (docs/decisions/036). */
async function forgetMessageCounts(): Promise<void> {
  await ctx.database.db.delete(rateLimits).where(like(rateLimits.key, 'msg:%'));
}

let added = 0;
function newContact(overrides: Partial<NewContactInput> = {}): NewContactInput {
  added += 1;
  return {
    role: 'General Contact',
    relationship: 'Tenant',
    title: 'Ms',
    given_names: 'Robin',
    surname: 'Example',
    email: `identity.${added}@example.com`,
    mobile: `0491578${String(added).padStart(3, '0')}`,
    date_of_birth: '1990-05-17',
    ...overrides,
  };
}
