import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../adapters/messaging.schema';
import { users } from '../../db/accounts.schema';
import { DEMO_TOTP_SECRET } from '../../seed/demo';
import type { TestContext } from '../../test/test-app';
import { createTestContext, errorOf } from '../../test/test-app';
import { rateLimits } from '../../db/rate-limits.schema';
import { verificationCodes } from './auth.schema';
import { totpFor } from './two-factor';

let ctx: TestContext;
let ip = 1;

beforeAll(async () => {
  // The username login limit (5 per window) would stop the guesses before the code's own 5-try
  // lock does; raise it here so the code lock itself is what is tested.
  ctx = await createTestContext({ env: { LOGIN_LIMIT_PER_USERNAME: '500' } });
});
afterAll(async () => ctx.close());

function login(username: string, verification?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/portal/users/login/',
    payload: { username, password: 'Outpost-demo-1', ...(verification ? { verification } : {}) },
    remoteAddress: `10.4.0.${ip++}`,
  });
}

async function latestSmsCode(to: string): Promise<string> {
  const rows = await ctx.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.to, to))
    .orderBy(outbox.id);
  return /\b(\d{6})\b/.exec(rows.at(-1)!.body)![1]!;
}

describe('two-factor by SMS', () => {
  it('sends a code and asks for it, then logs in with it once', async () => {
    const first = await login('twofactor');
    expect(first.statusCode).toBe(401);
    expect(errorOf(first)).toBe(
      'Extended validation required: we have sent a 6-digit code by SMS to your mobile ending in 110. Enter it to log in. It expires in 10 minutes.',
    );
    const code = await latestSmsCode('0491570110');
    const second = await login('twofactor', code);
    expect(second.statusCode).toBe(200);
    expect(second.json().data.user.username).toBe('twofactor');
    const replay = await login('twofactor', code);
    expect(replay.statusCode).toBe(401);
    expect(errorOf(replay)).toContain('Extended validation failed');
  });

  it('kills the code after 5 wrong tries', async () => {
    await login('twofactor');
    const code = await latestSmsCode('0491570110');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) await login('twofactor', wrong);
    const fifth = await login('twofactor', wrong);
    expect(errorOf(fifth)).toBe(
      'Extended validation failed: too many wrong codes. Log in again to get a new code.',
    );
  });
});

describe('two-factor by email', () => {
  it('emails the code and logs in with it', async () => {
    await ctx.database.db
      .update(users)
      .set({ twoFactorMethod: 'email' })
      .where(eq(users.username, 'twofactor'));
    const first = await login('twofactor');
    expect(errorOf(first)).toBe(
      'Extended validation required: we have emailed a 6-digit code to the address on your account. Enter it to log in. It expires in 10 minutes.',
    );
    const rows = await ctx.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, 'mai.nguyen@example.com'));
    expect(rows.at(-1)!.subject).toBe('Your Outpost Demo Broadband login code');
    const code = /\b(\d{6})\b/.exec(rows.at(-1)!.body)![1]!;
    expect((await login('twofactor', code)).statusCode).toBe(200);
    await ctx.database.db
      .update(users)
      .set({ twoFactorMethod: 'sms' })
      .where(eq(users.username, 'twofactor'));
  });
});

describe('two-factor by authenticator app', () => {
  it('asks for the app code, accepts the current one, and never the same one twice', async () => {
    const ask = await login('authapp');
    expect(ask.statusCode).toBe(401);
    expect(errorOf(ask)).toBe(
      'Extended validation required: enter the 6-digit code from your authenticator app.',
    );
    const code = totpFor(DEMO_TOTP_SECRET).generate();
    const ok = await login('authapp', code);
    expect(ok.statusCode).toBe(200);
    const replay = await login('authapp', code);
    expect(replay.statusCode).toBe(401);
    expect(errorOf(replay)).toContain('Extended validation failed');
  });

  it('refuses a wrong code without sending anything', async () => {
    const before = (await ctx.database.db.select().from(outbox)).length;
    const res = await login('authapp', '000000');
    expect(res.statusCode).toBe(401);
    expect((await ctx.database.db.select().from(outbox)).length).toBe(before);
  });
});

describe('20 parallel guesses at a two-factor code', () => {
  it('evaluates at most 5 of them, and refuses the right SMS code after the fifth wrong one', async () => {
    // The tests above used up this window's three code sends.
    await ctx.database.db.delete(rateLimits).where(eq(rateLimits.key, '2fa:send:5005'));
    await login('twofactor');
    const code = await latestSmsCode('0491570110');
    const wrong = Array.from({ length: 20 }, (_, i) =>
      String((Number(code) + 1 + i) % 1e6).padStart(6, '0'),
    );
    const answers = await Promise.all(wrong.map((guess) => login('twofactor', guess)));
    expect(answers.every((res) => res.statusCode === 401)).toBe(true);
    const [row] = await ctx.database.db
      .select({ attempts: verificationCodes.attempts })
      .from(verificationCodes)
      .where(eq(verificationCodes.userId, 5005))
      .orderBy(desc(verificationCodes.id))
      .limit(1);
    expect(row!.attempts).toBe(5);
    const right = await login('twofactor', code);
    expect(right.statusCode).toBe(401);
    expect(errorOf(right)).toBe(
      'Extended validation failed: too many wrong codes. Log in again to get a new code.',
    );
  });

  it('evaluates at most 5 authenticator-app codes, and refuses the current code after them', async () => {
    // Start from no wrong tries (the tests above made two).
    await ctx.database.db.delete(rateLimits).where(eq(rateLimits.key, '2fa:totp:5007'));
    const current = totpFor(DEMO_TOTP_SECRET).generate();
    const wrong = Array.from({ length: 20 }, (_, i) =>
      String((Number(current) + 500 + i) % 1e6).padStart(6, '0'),
    );
    const answers = await Promise.all(wrong.map((guess) => login('authapp', guess)));
    const tooMany =
      'Extended validation failed: too many wrong codes. Wait 15 minutes, then log in again.';
    expect(answers.filter((res) => errorOf(res) === tooMany)).toHaveLength(15);
    const right = await login('authapp', current);
    expect(right.statusCode).toBe(401);
    expect(errorOf(right)).toBe(tooMany);
  });
});
