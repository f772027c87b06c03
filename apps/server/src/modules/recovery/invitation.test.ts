import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type { NewContactInput } from '@outpost/contracts/contacts';
import { outbox } from '../../adapters/messaging.schema';
import { mintSession } from '../../test/sessions';
import type { TestContext } from '../../test/test-app';
import { createTestContext, errorOf, manualClock } from '../../test/test-app';
import { users } from '../../db/accounts.schema';
import { INVITE_TTL_MS } from '../contacts/contacts.service';

/**
 * A new contact's invitation (docs/decisions/016, "Contact rules"): the emailed link is an access
 * recovery code of purpose 'invite' that works once within 7 days; using it makes the contact
 * Active and starts the recovery session that sets their own password.
 */
const time = manualClock(new Date('2026-11-24T00:00:00Z'));
let ctx: TestContext;
let ip = 1;
const nextIp = () => `10.16.0.${ip++}`;

beforeAll(async () => {
  ctx = await createTestContext({
    clock: time.clock,
    env: { PUBLIC_URL: 'https://portal.example.net' },
  });
});
afterAll(async () => ctx.close());

const CODE_INVALID =
  'Invalid request: that code is not right, or it has expired. Check it, or request a new one.';

let invited = 0;
async function invite(email: string): Promise<{ userid: number; code: string; link: string }> {
  invited += 1;
  const holder = await mintSession(ctx.database.db, 5001, 'live', time.clock(), { stepUp: true });
  const input: NewContactInput = {
    role: 'General Contact',
    relationship: 'Family Member',
    title: 'Mr',
    given_names: 'Kim',
    surname: 'Invitee',
    email,
    // One mobile per person (decision 035).
    mobile: `04915708${String(invited).padStart(2, '0')}`,
    date_of_birth: '1988-03-02',
  };
  const res = await ctx.app.inject({
    method: 'POST',
    url: apiPaths.contacts,
    headers: { 'x-user-token': holder.userToken },
    payload: input,
  });
  expect(res.statusCode, res.body).toBe(200);
  const message = await latestMessageTo(email);
  const link = /(https:\/\/\S+)/.exec(message!.body)![1]!;
  const code = new URL(link).searchParams.get('code')!;
  return { userid: (res.json().data as { userid: number }).userid, code, link };
}

async function latestMessageTo(to: string) {
  const [message] = await ctx.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.to, to))
    .orderBy(desc(outbox.id))
    .limit(1);
  return message;
}

const post = (url: string, payload: object, remoteAddress: string) =>
  ctx.app.inject({ method: 'POST', url, payload, remoteAddress });

/** What the verify page does with the link: prepare, then commit, with the link's username. */
async function verify(username: string, code: string) {
  const at = nextIp();
  const body = { method: 'username', username, code };
  const prepared = await post(apiPaths.recoverVerifyPrepare, body, at);
  expect(prepared.statusCode, prepared.body).toBe(200);
  return post(
    apiPaths.recoverVerifyCommit,
    { ...body, csrf: prepared.json().data.csrf as string },
    at,
  );
}

async function requestRecovery(contact: Record<string, string>) {
  const at = nextIp();
  const prepared = await post(apiPaths.recoverRequestPrepare, contact, at);
  expect(prepared.statusCode, prepared.body).toBe(200);
  return post(
    apiPaths.recoverRequestCommit,
    { ...contact, csrf: prepared.json().data.csrf as string },
    at,
  );
}

async function statusOf(userid: number) {
  const [row] = await ctx.database.db
    .select({ roleStatus: users.roleStatus })
    .from(users)
    .where(eq(users.id, userid));
  return row!.roleStatus;
}

describe('invitation link', () => {
  it('works once: the contact becomes Active, sets their own password and logs in', async () => {
    const { userid, code, link } = await invite('kim.once@example.com');
    expect(link).toBe(
      `https://portal.example.net/forgot-password/verify?code=${code}&username=kim.once%40example.com`,
    );
    expect(await statusOf(userid)).toBe('Invited');

    const res = await verify('kim.once@example.com', code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user).toMatchObject({ user_id: userid });
    expect(await statusOf(userid)).toBe('Active');

    // The recovery session sets a password without a current one (the forced update).
    const userToken = (res.json().data.tokens as { type: string; token: string }[]).find(
      (t) => t.type === 'USER',
    )!.token;
    const set = await ctx.app.inject({
      method: 'PATCH',
      url: apiPaths.profile,
      headers: { 'x-user-token': userToken },
      payload: { password: 'Kims-own-pass-1' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const login = await post(
      apiPaths.login,
      { username: 'kim.once@example.com', password: 'Kims-own-pass-1' },
      nextIp(),
    );
    expect(login.statusCode, login.body).toBe(200);
    // Only what the holder gave them (a General Contact's defaults).
    const held = (login.json().data.permissions as { permission: string; enabled: number }[])
      .filter((p) => p.enabled === 1)
      .map((p) => p.permission);
    expect(held).toEqual([
      'view-account',
      'view-alerts',
      'view-services',
      'view-activity',
      'view-detailed-usage',
      'view-tickets',
      'view-referrals',
    ]);

    const again = await verify('kim.once@example.com', code);
    expect(again.statusCode).toBe(401);
    expect(errorOf(again)).toBe(CODE_INVALID);
  });

  it('expires after 7 days', async () => {
    const { userid, code } = await invite('kim.late@example.com');
    time.advance(INVITE_TTL_MS + 60_000);
    const res = await verify('kim.late@example.com', code);
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toBe(CODE_INVALID);
    expect(await statusOf(userid)).toBe('Invited');
  });

  it('works until the last minute of the 7 days', async () => {
    const { userid, code } = await invite('kim.patient@example.com');
    time.advance(INVITE_TTL_MS - 60_000);
    const res = await verify('kim.patient@example.com', code);
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(userid)).toBe('Active');
  });

  it("an invited contact's recovery request sends a fresh link; the newest one is the one that works", async () => {
    const { userid, code: first } = await invite('kim.lost@example.com');
    const asked = await requestRecovery({ method: 'email', email: 'kim.lost@example.com' });
    expect(asked.statusCode, asked.body).toBe(200);
    const message = await latestMessageTo('kim.lost@example.com');
    expect(message!.subject).toBe('Recover access to your Outpost Demo Broadband account');
    const fresh = /Your code is (\d{6})/.exec(message!.body)![1]!;

    const old = await verify('kim.lost@example.com', first);
    expect(old.statusCode).toBe(401);
    expect(await statusOf(userid)).toBe('Invited');
    const res = await verify('kim.lost@example.com', fresh);
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(userid)).toBe('Active');
  });

  it('a removed contact can neither use their link nor ask for a new one', async () => {
    const { userid, code } = await invite('kim.gone@example.com');
    const holder = await mintSession(ctx.database.db, 5001, 'live', time.clock(), { stepUp: true });
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: buildPath(apiPaths.contact, { userid }),
      headers: { 'x-user-token': holder.userToken },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const before = await latestMessageTo('kim.gone@example.com');

    const res = await verify('kim.gone@example.com', code);
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toBe(CODE_INVALID);
    const asked = await requestRecovery({ method: 'email', email: 'kim.gone@example.com' });
    expect(asked.statusCode).toBe(200); // the same answer as for anyone (decision 005)
    expect((await latestMessageTo('kim.gone@example.com'))!.id).toBe(before!.id);
    expect(await statusOf(userid)).toBe('Removed');
  });
});
