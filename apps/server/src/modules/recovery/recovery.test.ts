import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../adapters/messaging.schema';
import { users } from '../../db/accounts.schema';
import { verificationCodes } from '../auth/auth.schema';
import { checkCode, issueCode } from '../auth/codes';
import type { TestContext } from '../../test/test-app';
import { apiFor, createTestContext, errorOf, manualClock } from '../../test/test-app';

const BASE = '/api/portal/users/recoveraccess';
let ctx: TestContext;
const time = manualClock(new Date());
let ip = 1;
const nextIp = () => `10.9.0.${ip++}`;

beforeAll(async () => {
  ctx = await createTestContext({
    clock: time.clock,
    env: { PUBLIC_URL: 'https://portal.example.net' },
  });
});
afterAll(async () => ctx.close());

const api = apiFor(() => ctx);
const post = (path: string, payload: object, remoteAddress = '10.8.0.1') =>
  api.post(`${BASE}/${path}/`, payload, null, { remoteAddress });

async function request(contact: Record<string, string>, remoteAddress = nextIp()) {
  const prepared = await post('request/prepare', contact, remoteAddress);
  expect(prepared.statusCode, prepared.body).toBe(200);
  const csrf = prepared.json().data.csrf as string;
  const started = Date.now();
  const committed = await post('request/commit', { ...contact, csrf }, remoteAddress);
  return { committed, ms: Date.now() - started, csrf };
}

async function latestMessageTo(to: string) {
  const [message] = await ctx.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.to, to))
    .orderBy(outbox.id)
    .then((rows) => rows.slice(-1));
  return message;
}

const codeIn = (body: string) => /\b(\d{6})\b/.exec(body)?.[1];

async function verify(contact: Record<string, string>, code: string, remoteAddress = nextIp()) {
  const prepared = await post('verify/prepare', { ...contact, code }, remoteAddress);
  expect(prepared.statusCode, prepared.body).toBe(200);
  return post(
    'verify/commit',
    { ...contact, code, csrf: prepared.json().data.csrf },
    remoteAddress,
  );
}

describe('access recovery request', () => {
  it('emails a code and a link that opens the verify page with both filled in', async () => {
    const { committed } = await request({ method: 'username', username: 'holder' });
    expect(committed.statusCode).toBe(200);
    expect(committed.json().data.delivery).toContain('If those details match an account');
    const message = await latestMessageTo('jordan.citizen@example.com');
    const code = codeIn(message!.body)!;
    expect(message!.body).toContain(
      `https://portal.example.net/forgot-password/verify?code=${code}&username=holder`,
    );
    expect(message!.subject).toBe('Recover access to your Outpost Demo Broadband account');
  });

  it('sends by SMS to the mobile when asked by mobile number', async () => {
    await request({ method: 'sms', mobile: '0491570158' });
    const message = await latestMessageTo('0491570158');
    expect(message!.body).toMatch(/your access code is \d{6}/);
  });

  it('gives known and unknown contacts the same answer in about the same time', async () => {
    const known = await request({ method: 'email', email: 'alex.citizen@example.com' });
    const unknown = await request({ method: 'email', email: 'nobody@example.com' });
    expect(unknown.committed.statusCode).toBe(200);
    expect(unknown.committed.body).toBe(known.committed.body);
    expect(Math.abs(known.ms - unknown.ms)).toBeLessThan(150);
    expect(await latestMessageTo('nobody@example.com')).toBeUndefined();
  });

  it('says it could not look the user up when the account has no address for the method', async () => {
    await ctx.database.db
      .update(users)
      .set({ email: null, mobile: null })
      .where(eq(users.username, 'other'));
    const { committed } = await request({ method: 'username', username: 'other' });
    expect(committed.statusCode).toBe(400);
    expect(errorOf(committed)).toBe(
      'Could not look up user based on EMAIL/MOBILE/USERNAME provided.',
    );
  });

  it('returns the first answer to a repeated commit and sends only once', async () => {
    const contact = { method: 'username', username: 'limited' };
    const { committed, csrf } = await request(contact);
    const count = async () =>
      (
        await ctx.database.db
          .select()
          .from(outbox)
          .where(eq(outbox.to, 'riley.citizen@example.com'))
      ).length;
    const before = await count();
    const again = await post('request/commit', { ...contact, csrf }, nextIp());
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(committed.body);
    expect(await count()).toBe(before);
  });

  it('refuses a commit whose details differ from what was prepared', async () => {
    const prepared = await post(
      'request/prepare',
      { method: 'username', username: 'billing' },
      nextIp(),
    );
    const res = await post(
      'request/commit',
      { method: 'username', username: 'holder', csrf: prepared.json().data.csrf },
      nextIp(),
    );
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(
      'Invalid request: this request has expired or was already used. Please start again.',
    );
  });

  it('limits requests per contact even when 20 arrive at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post('request/prepare', { method: 'username', username: 'twofactor' }, `10.7.0.${i}`),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    expect(errorOf(results.find((r) => r.statusCode === 429)!)).toBe(
      'Too many requests for these details. Please wait 15 minutes and try again.',
    );
  });

  it('counts requests per person, whichever method names them', async () => {
    // 'viewer': username, email and mobile are all one person.
    const ways = [
      { method: 'username', username: 'viewer' },
      { method: 'email', email: 'jamie.citizen@example.com' },
      { method: 'sms', mobile: '0491570113' },
      { method: 'email', email: 'JAMIE.citizen@example.com' },
      { method: 'username', username: 'Viewer' },
      { method: 'sms', mobile: '0491570113' },
      { method: 'email', email: 'jamie.citizen@example.com' },
    ];
    const statuses: number[] = [];
    for (const way of ways)
      statuses.push((await post('request/prepare', way, nextIp())).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  it('limits requests per address across contacts', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push(
        (
          await post(
            'request/prepare',
            { method: 'username', username: `someone-${i}` },
            '10.6.0.1',
          )
        ).statusCode,
      );
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('access recovery verify', () => {
  it('turns a valid code into a session once', async () => {
    await request({ method: 'username', username: 'services' });
    const code = codeIn((await latestMessageTo('sam.citizen@example.com'))!.body)!;
    const res = await verify({ method: 'username', username: 'services' }, code);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user).toMatchObject({ user_id: 5003, username: 'services' });
    expect(res.json().data.tokens).toHaveLength(2);
    const again = await verify({ method: 'username', username: 'services' }, code);
    expect(again.statusCode).toBe(401);
    expect(errorOf(again)).toBe(
      'Invalid request: that code is not right, or it has expired. Check it, or request a new one.',
    );
  });

  it('refuses a code after 10 minutes', async () => {
    await request({ method: 'email', email: 'jordan.citizen@example.com' });
    const code = codeIn((await latestMessageTo('jordan.citizen@example.com'))!.body)!;
    time.advance(10 * 60 * 1000 + 1);
    const res = await verify({ method: 'email', email: 'jordan.citizen@example.com' }, code);
    expect(res.statusCode).toBe(401);
  });

  it('needs a new code after 5 wrong tries, even for the right one', async () => {
    await request({ method: 'email', email: 'casey.walker@example.com' }).catch(() => undefined);
    await ctx.database.db
      .update(users)
      .set({ email: 'casey.walker@example.com' })
      .where(eq(users.username, 'other'));
    await request({ method: 'email', email: 'casey.walker@example.com' });
    const code = codeIn((await latestMessageTo('casey.walker@example.com'))!.body)!;
    const wrong = code === '000000' ? '111111' : '000000';
    const contact = { method: 'email', email: 'casey.walker@example.com' };
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) answers.push(errorOf(await verify(contact, wrong, '10.5.0.1')));
    expect(answers.at(-1)).toBe('Invalid request: too many wrong codes. Request a new code.');
    // The code is dead now, even for the right value (a sixth try through the API is rate-limited first).
    expect(await checkCode(ctx.database.db, 5006, 'recovery', code, time.clock())).toBe('locked');
  });

  it('evaluates at most 5 of 20 parallel guesses, and refuses the right code after them', async () => {
    const code = await issueCode(ctx.database.db, 5004, 'recovery', time.clock());
    const wrong = Array.from({ length: 20 }, (_, i) =>
      String((Number(code) + 1 + i) % 1e6).padStart(6, '0'),
    );
    const results = await Promise.all(
      wrong.map((guess) => checkCode(ctx.database.db, 5004, 'recovery', guess, time.clock())),
    );
    // Four wrong tries, the fifth that used up the code, and fifteen never looked at.
    expect(results.filter((r) => r === 'invalid')).toHaveLength(4);
    expect(results.filter((r) => r === 'locked')).toHaveLength(16);
    const [row] = await ctx.database.db
      .select({ attempts: verificationCodes.attempts })
      .from(verificationCodes)
      .where(eq(verificationCodes.userId, 5004))
      .orderBy(desc(verificationCodes.id))
      .limit(1);
    expect(row!.attempts).toBe(5);
    expect(await checkCode(ctx.database.db, 5004, 'recovery', code, time.clock())).toBe('locked');
  });

  it('never puts a code in the log', async () => {
    const codes = (await ctx.database.db.select().from(outbox))
      .map((m) => codeIn(m.body))
      .filter(Boolean) as string[];
    const log = ctx.logLines.join('');
    for (const code of codes) expect(log).not.toContain(`"${code}"`);
  });
});

describe('recovery on an account with two-factor on (decision 035)', () => {
  it('gives no session for the emailed code alone: the SMS login code is needed too', async () => {
    // 'services' with SMS two-factor ('twofactor' used up its requests in an earlier test).
    await ctx.database.db.update(users).set({ twoFactorMethod: 'sms' }).where(eq(users.id, 5003));
    const contact = { method: 'email', email: 'sam.citizen@example.com' };
    await request(contact);
    const code = codeIn((await latestMessageTo('sam.citizen@example.com'))!.body)!;

    const first = await verify(contact, code);
    expect(first.statusCode).toBe(401);
    expect(errorOf(first)).toBe(
      'Extended validation required: we have sent a 6-digit code by SMS to your mobile ending in 158. Enter it to log in. It expires in 10 minutes.',
    );
    expect(JSON.stringify(first.json())).not.toContain('token');
    const sms = codeIn((await latestMessageTo('0491570158'))!.body)!;
    expect((await latestMessageTo('0491570158'))!.body).toContain('your login code is');

    const wrongSms = sms === '000000' ? '111111' : '000000';
    const ip = nextIp();
    const wrong = await post('verify/prepare', { ...contact, code, verification: wrongSms }, ip);
    const wrongCommit = await post(
      'verify/commit',
      { ...contact, code, verification: wrongSms, csrf: wrong.json().data.csrf },
      ip,
    );
    expect(wrongCommit.statusCode).toBe(401);
    expect(errorOf(wrongCommit)).toBe(
      'Extended validation failed: that code is not right or has expired. Check it, or log in again to get a new code.',
    );

    const prepared = await post('verify/prepare', { ...contact, code, verification: sms }, ip);
    const done = await post(
      'verify/commit',
      { ...contact, code, verification: sms, csrf: prepared.json().data.csrf },
      ip,
    );
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.user.username).toBe('services');
    // The recovery code was spent with the session: it opens nothing again.
    expect(await checkCode(ctx.database.db, 5003, 'recovery', code, time.clock())).toBe('invalid');
  });

  it('asks an authenticator user for the app code and sends nothing more', async () => {
    const contact = { method: 'username', username: 'authapp' };
    await request(contact);
    const code = codeIn((await latestMessageTo('tuan.nguyen@example.com'))!.body)!;
    const before = (await ctx.database.db.select().from(outbox)).length;
    const res = await verify(contact, code);
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toBe(
      'Extended validation required: enter the 6-digit code from your authenticator app.',
    );
    expect((await ctx.database.db.select().from(outbox)).length).toBe(before);
  });
});
