import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEvents, tokens } from './auth.schema';
import type { TestContext } from '../../test/test-app';
import { createTestContext, errorOf, loginAs, manualClock } from '../../test/test-app';

const LOGIN = '/api/portal/users/login/';
const REFRESH = '/api/portal/users/current/refresh/';
const LOGOUT = '/api/portal/users/current/logout/';
const ME = '/api/portal/users/current/';

let ctx: TestContext;
const time = manualClock();
const LOGIN_LIMIT_PER_USERNAME = 5; // the default (docs/decisions/003)

beforeAll(async () => {
  ctx = await createTestContext({ clock: time.clock });
});
afterAll(async () => ctx.close());

// Each test logs in from its own address so the per-address limit of one test never leaks into another.
let address = 10;
const nextAddress = () => `10.0.0.${address++}`;

function postLogin(payload: unknown, remoteAddress = nextAddress()) {
  return ctx.app.inject({ method: 'POST', url: LOGIN, payload: payload as object, remoteAddress });
}

describe('login', () => {
  it('returns USER and REFRESH tokens, the user summary and permissions', async () => {
    const res = await postLogin({ username: 'holder', password: 'Outpost-demo-1' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.tokens.map((t: { type: string }) => t.type)).toEqual(['USER', 'REFRESH']);
    const [user, refresh] = data.tokens;
    expect(new Date(user.expires).getTime() - time.clock().getTime()).toBe(15 * 60 * 1000);
    expect(new Date(refresh.expires).getTime() - time.clock().getTime()).toBe(30 * 86_400_000);
    expect(data.user).toEqual({
      user_id: 5001,
      username: 'holder',
      given_names: 'Jordan',
      surname: 'Citizen',
      session_expiry: user.expires,
    });
    expect(data.account_holder).toBe(true);
    expect(data.permissions.every((p: { enabled: number }) => p.enabled === 1)).toBe(true);
  });

  it('accepts the username in any case', async () => {
    const res = await postLogin({ username: 'HOLDER', password: 'Outpost-demo-1' });
    expect(res.statusCode).toBe(200);
  });

  it('stores only hashes of the tokens it issues', async () => {
    const res = await postLogin({ username: 'holder', password: 'Outpost-demo-1' });
    const issued: string[] = res.json().data.tokens.map((t: { token: string }) => t.token);
    const stored = await ctx.database.db.select({ hash: tokens.tokenHash }).from(tokens);
    for (const token of issued) {
      expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url
      expect(stored.some((s) => s.hash === token)).toBe(false);
    }
  });

  it('answers a wrong password with 401 and the message the client matches', async () => {
    const res = await postLogin({ username: 'holder', password: 'wrong-password' });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toBe('Invalid request: unknown username or incorrect password');
  });

  it('answers an unknown username exactly like a wrong password', async () => {
    const res = await postLogin({ username: 'nobody-here', password: 'Outpost-demo-1' });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toBe('Invalid request: unknown username or incorrect password');
  });

  it('asks a two-factor user for extended validation only after the password checks out', async () => {
    const wrong = await postLogin({ username: 'twofactor', password: 'nope' });
    expect(errorOf(wrong)).toContain('unknown username or incorrect password');
    const res = await postLogin({ username: 'twofactor', password: 'Outpost-demo-1' });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toContain('Extended validation');
  });

  it('rejects a missing password and unknown fields with 400 and a plain message', async () => {
    const missing = await postLogin({ username: 'holder' });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing)).toBe('Invalid request: password is required.');
    const extra = await postLogin({ username: 'holder', password: 'x', admin: true });
    expect(extra.statusCode).toBe(400);
    expect(errorOf(extra)).toBe("Invalid request: unknown field 'admin'.");
  });

  it('audits every attempt without recording the password', async () => {
    await postLogin({ username: 'billing', password: 'Secret-typo-9' });
    await postLogin({ username: 'billing', password: 'Outpost-demo-1' });
    const events = await ctx.database.db
      .select()
      .from(authEvents)
      .where(eq(authEvents.username, 'billing'));
    expect(events.map((e) => e.outcome)).toEqual(['failure', 'success']);
    expect(JSON.stringify(events)).not.toContain('Secret-typo-9');
    expect(ctx.logLines.join('')).not.toContain('Secret-typo-9');
    expect(ctx.logLines.join('')).not.toContain('Outpost-demo-1');
  });
});

describe('login rate limits', () => {
  it(`blocks a username after ${LOGIN_LIMIT_PER_USERNAME} attempts with a clear message`, async () => {
    for (let i = 0; i < LOGIN_LIMIT_PER_USERNAME; i++) {
      const res = await postLogin({ username: 'services', password: `wrong-${i}` });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await postLogin({ username: 'services', password: 'Outpost-demo-1' });
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked)).toBe(
      "Too many login attempts. Please wait 15 minutes and try again, or use the 'Can't login?' link to recover access.",
    );
    time.advance(15 * 60 * 1000 + 1000);
  });

  it('lets no more than the limit through when 20 attempts arrive at once', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () => postLogin({ username: 'limited', password: 'wrong' })),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LOGIN_LIMIT_PER_USERNAME);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - LOGIN_LIMIT_PER_USERNAME);
  });

  it('limits attempts per address across usernames', async () => {
    const ip = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 101; i++) {
      const res = await postLogin({ username: `user-${i}`, password: 'wrong' }, ip);
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 100).every((s) => s === 401)).toBe(true);
    expect(statuses[100]).toBe(429);
  });
});

describe('tokens', () => {
  it('accepts a USER token until it expires, then answers 401', async () => {
    const session = await loginAs(ctx.app, 'holder', undefined, nextAddress());
    const ok = await ctx.app.inject({ url: ME, headers: { 'x-user-token': session.userToken } });
    expect(ok.statusCode).toBe(200);
    time.advance(15 * 60 * 1000);
    const expired = await ctx.app.inject({
      url: ME,
      headers: { 'x-user-token': session.userToken },
    });
    expect(expired.statusCode).toBe(401);
    expect(errorOf(expired)).toBe(
      'Invalid request: your session has expired. Please log in again.',
    );
  });

  it('refuses a REFRESH token sent as a USER token', async () => {
    const session = await loginAs(ctx.app, 'holder', undefined, nextAddress());
    const res = await ctx.app.inject({
      url: ME,
      headers: { 'x-user-token': session.refreshToken },
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers 401 without a token', async () => {
    const res = await ctx.app.inject({ url: ME });
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toBe('Invalid request: your session has ended. Please log in again.');
  });
});

describe('refresh', () => {
  it('rotates: new tokens work, the old USER token stops working', async () => {
    const session = await loginAs(ctx.app, 'holder', undefined, nextAddress());
    const res = await ctx.app.inject({
      method: 'POST',
      url: REFRESH,
      headers: { 'x-refresh-token': session.refreshToken },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    const next = res.json().data.tokens as { type: string; token: string }[];
    const newUser = next.find((t) => t.type === 'USER')!.token;
    const newRefresh = next.find((t) => t.type === 'REFRESH')!.token;
    expect(newRefresh).not.toBe(session.refreshToken);
    expect(
      (await ctx.app.inject({ url: ME, headers: { 'x-user-token': newUser } })).statusCode,
    ).toBe(200);
    expect(
      (await ctx.app.inject({ url: ME, headers: { 'x-user-token': session.userToken } }))
        .statusCode,
    ).toBe(401);
  });

  it('revokes the whole family when a rotated refresh token is used again', async () => {
    const session = await loginAs(ctx.app, 'holder', undefined, nextAddress());
    const first = await ctx.app.inject({
      method: 'POST',
      url: REFRESH,
      headers: { 'x-refresh-token': session.refreshToken },
    });
    const rotated = first.json().data.tokens as { type: string; token: string }[];
    time.advance(60_000);
    const replay = await ctx.app.inject({
      method: 'POST',
      url: REFRESH,
      headers: { 'x-refresh-token': session.refreshToken },
    });
    expect(replay.statusCode).toBe(401);
    expect(errorOf(replay)).toBe(
      'Invalid request: your session could not be renewed. Please log in again.',
    );
    // The thief's replay also ends the legitimate holder's new tokens.
    const newUser = rotated.find((t) => t.type === 'USER')!.token;
    const newRefresh = rotated.find((t) => t.type === 'REFRESH')!.token;
    expect(
      (await ctx.app.inject({ url: ME, headers: { 'x-user-token': newUser } })).statusCode,
    ).toBe(401);
    const after = await ctx.app.inject({
      method: 'POST',
      url: REFRESH,
      headers: { 'x-refresh-token': newRefresh },
    });
    expect(after.statusCode).toBe(401);
  });

  it('does not revoke the family when two tabs refresh within seconds of each other', async () => {
    const session = await loginAs(ctx.app, 'holder', undefined, nextAddress());
    const headers = { 'x-refresh-token': session.refreshToken };
    const [a, b] = await Promise.all([
      ctx.app.inject({ method: 'POST', url: REFRESH, headers }),
      ctx.app.inject({ method: 'POST', url: REFRESH, headers }),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses).toEqual([200, 401]);
    const winner = (a.statusCode === 200 ? a : b).json().data.tokens as {
      type: string;
      token: string;
    }[];
    const user = winner.find((t) => t.type === 'USER')!.token;
    expect((await ctx.app.inject({ url: ME, headers: { 'x-user-token': user } })).statusCode).toBe(
      200,
    );
  });

  it('refuses an expired refresh token and a missing one', async () => {
    const session = await loginAs(ctx.app, 'holder', undefined, nextAddress());
    time.advance(30 * 86_400_000 + 1000);
    const expired = await ctx.app.inject({
      method: 'POST',
      url: REFRESH,
      headers: { 'x-refresh-token': session.refreshToken },
    });
    expect(expired.statusCode).toBe(401);
    const missing = await ctx.app.inject({ method: 'POST', url: REFRESH });
    expect(missing.statusCode).toBe(401);
  });

  it('refuses a USER token sent as a refresh token', async () => {
    const session = await loginAs(ctx.app, 'holder', undefined, nextAddress());
    const res = await ctx.app.inject({
      method: 'POST',
      url: REFRESH,
      headers: { 'x-refresh-token': session.userToken },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('logout', () => {
  it('revokes the USER and REFRESH tokens of the session', async () => {
    const session = await loginAs(ctx.app, 'holder', undefined, nextAddress());
    const other = await loginAs(ctx.app, 'holder', undefined, nextAddress());
    const res = await ctx.app.inject({
      method: 'POST',
      url: LOGOUT,
      headers: { 'x-user-token': session.userToken },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { logged_out: true } });
    expect(
      (await ctx.app.inject({ url: ME, headers: { 'x-user-token': session.userToken } }))
        .statusCode,
    ).toBe(401);
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: REFRESH,
      headers: { 'x-refresh-token': session.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    // Another device's session stays signed in.
    expect(
      (await ctx.app.inject({ url: ME, headers: { 'x-user-token': other.userToken } })).statusCode,
    ).toBe(200);
  });
});

describe('logout of a session whose USER token has expired', () => {
  it('takes the REFRESH token and revokes the session', async () => {
    const session = await loginAs(ctx.app, 'holder', undefined, nextAddress());
    time.advance(15 * 60 * 1000 + 1000);
    const res = await ctx.app.inject({
      method: 'POST',
      url: LOGOUT,
      headers: { 'x-user-token': session.userToken, 'x-refresh-token': session.refreshToken },
      payload: {},
    });
    expect(res.statusCode).toBe(200);
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: REFRESH,
      headers: { 'x-refresh-token': session.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
  });

  it('refuses a rotated REFRESH token', async () => {
    const session = await loginAs(ctx.app, 'holder', undefined, nextAddress());
    await ctx.app.inject({
      method: 'POST',
      url: REFRESH,
      headers: { 'x-refresh-token': session.refreshToken },
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: LOGOUT,
      headers: { 'x-refresh-token': session.refreshToken },
      payload: {},
    });
    expect(res.statusCode).toBe(401);
  });
});
