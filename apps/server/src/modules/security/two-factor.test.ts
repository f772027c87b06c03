import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@outpost/contracts/api-paths';
import { serverErrors } from '@outpost/contracts/messages';
import { outbox } from '../../adapters/messaging.schema';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET } from '../../seed/demo';
import { mintSession } from '../../test/sessions';
import type { TestContext } from '../../test/test-app';
import { createTestContext, errorOf, manualClock } from '../../test/test-app';
import { users } from '../../db/accounts.schema';
import { totpFor } from '../auth/two-factor';

const time = manualClock(new Date('2026-11-24T00:00:00Z'));
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ clock: time.clock });
});
afterAll(async () => ctx.close());

function request(method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) {
  return ctx.app.inject({
    method,
    url,
    headers: { 'x-user-token': token },
    ...(payload === undefined ? {} : { payload }),
  });
}

/** A live session of the user that verified a one-time code just now. */
const steppedUp = (userId: number) =>
  mintSession(ctx.database.db, userId, 'live', time.clock(), { stepUp: true });

async function userRow(userId: number) {
  const [row] = await ctx.database.db
    .select({
      method: users.twoFactorMethod,
      secret: users.totpSecret,
      pending: users.totpPendingSecret,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row!;
}

async function latestCode(to: string): Promise<string> {
  const rows = await ctx.database.db
    .select()
    .from(outbox)
    .where(eq(outbox.to, to))
    .orderBy(outbox.id);
  return /\b(\d{6})\b/.exec(rows.at(-1)!.body)![1]!;
}

function codeOf(secret: string): string {
  return totpFor(secret).generate({ timestamp: time.clock().getTime() });
}

function login(username: string, verification?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: apiPaths.login,
    payload: { username, password: DEMO_PASSWORD, ...(verification ? { verification } : {}) },
  });
}

describe('two-factor status', () => {
  it('says it is off and where codes could go, masked', async () => {
    const { userToken } = await mintSession(ctx.database.db, 5001, 'live', time.clock());
    const res = await request('GET', apiPaths.twoFactor, userToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      enabled: false,
      method: null,
      mobile_hint: 'ending in 156',
      email_hint: 'j•••@example.com',
    });
  });

  it('names the authenticator for an app user and never answers the secret', async () => {
    const { userToken } = await mintSession(ctx.database.db, 5007, 'live', time.clock());
    const res = await request('GET', apiPaths.twoFactor, userToken);
    expect(res.json().data).toMatchObject({ enabled: true, method: 'totp' });
    expect(res.body).not.toContain(DEMO_TOTP_SECRET);
  });
});

describe('enrolling an authenticator app', () => {
  it('needs a fresh step-up, then is confirmed only by a valid code of the new secret', async () => {
    // 5002 (billing): two-factor off.
    const plain = await mintSession(ctx.database.db, 5002, 'live', time.clock());
    const started = await request('POST', apiPaths.twoFactorAuthenticator, plain.userToken, {});
    expect(started.statusCode).toBe(200);
    const { secret, uri } = started.json().data as { secret: string; uri: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const issuer = encodeURIComponent(ctx.config.brand.providerName);
    expect(uri).toBe(
      `otpauth://totp/${issuer}:billing?issuer=${issuer}&secret=${secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(await userRow(5002)).toEqual({ method: null, secret: null, pending: secret });

    // Without a step-up: the 403 that asks for a code.
    const noStepUp = await request('PATCH', apiPaths.twoFactor, plain.userToken, {
      method: 'totp',
      code: codeOf(secret),
    });
    expect(noStepUp.statusCode).toBe(403);
    expect(errorOf(noStepUp)).toBe(serverErrors.stepUpRequired);

    const session = await steppedUp(5002);
    const noCode = await request('PATCH', apiPaths.twoFactor, session.userToken, {
      method: 'totp',
    });
    expect(noCode.statusCode).toBe(400);
    expect(errorOf(noCode)).toBe(
      'Invalid request: enter the 6-digit code your authenticator app shows to finish setting it up.',
    );
    const right = codeOf(secret);
    const wrong = await request('PATCH', apiPaths.twoFactor, session.userToken, {
      method: 'totp',
      code: right === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toBe(
      'Invalid request: that code is not right. Check the time on your phone is set automatically, then enter the current code from your authenticator app.',
    );
    // A code of another secret (the demo one) is no proof either.
    const otherSecret = await request('PATCH', apiPaths.twoFactor, session.userToken, {
      method: 'totp',
      code: codeOf(DEMO_TOTP_SECRET),
    });
    expect(otherSecret.statusCode).toBe(400);
    expect(await userRow(5002)).toEqual({ method: null, secret: null, pending: secret });

    const ok = await request('PATCH', apiPaths.twoFactor, session.userToken, {
      method: 'totp',
      code: right,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toEqual({
      enabled: true,
      method: 'totp',
      mobile_hint: 'ending in 157',
      email_hint: 'a•••@example.com',
    });
    expect(await userRow(5002)).toEqual({ method: 'totp', secret, pending: null });

    // The step-up was spent: the next change needs a new code.
    const next = await request('PATCH', apiPaths.twoFactor, session.userToken, { method: null });
    expect(next.statusCode).toBe(403);

    // Login now asks for the app's code, and takes a code of the new secret.
    const challenged = await login('billing');
    expect(challenged.statusCode).toBe(401);
    expect(errorOf(challenged)).toBe(
      'Extended validation required: enter the 6-digit code from your authenticator app.',
    );
    time.advance(30_000);
    const loggedIn = await login('billing', codeOf(secret));
    expect(loggedIn.statusCode, loggedIn.body).toBe(200);
  });

  it('refuses the app before a secret was made, and after too many wrong codes', async () => {
    const session = await steppedUp(5003);
    const early = await request('PATCH', apiPaths.twoFactor, session.userToken, {
      method: 'totp',
      code: '123456',
    });
    expect(early.statusCode).toBe(400);
    expect(errorOf(early)).toBe(
      'Invalid request: set up the authenticator app first (show the QR code), then enter its code.',
    );
    const started = await request('POST', apiPaths.twoFactorAuthenticator, session.userToken, {});
    const { secret } = started.json().data as { secret: string };
    const right = codeOf(secret);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await request('PATCH', apiPaths.twoFactor, session.userToken, {
        method: 'totp',
        code: wrong,
      });
      expect(res.statusCode).toBe(400);
    }
    const locked = await request('PATCH', apiPaths.twoFactor, session.userToken, {
      method: 'totp',
      code: right,
    });
    expect(locked.statusCode).toBe(429);
    expect(errorOf(locked)).toBe('Too many wrong codes. Wait 15 minutes, then try again.');
    expect((await userRow(5003)).method).toBeNull();
  });
});

describe('changing or turning off two-factor', () => {
  it('turns the app off only with a code of the current app (through the step-up)', async () => {
    // authapp (5007): two-factor by the demo secret.
    const session = await mintSession(ctx.database.db, 5007, 'live', time.clock());
    const off = await request('PATCH', apiPaths.twoFactor, session.userToken, { method: null });
    expect(off.statusCode).toBe(403);
    expect(errorOf(off)).toBe(serverErrors.stepUpRequired);
    expect((await userRow(5007)).method).toBe('totp');

    const sent = await request('POST', apiPaths.stepUpSend, session.userToken, {});
    expect(sent.json().data.method).toBe('totp');
    time.advance(30_000);
    const verified = await request('POST', apiPaths.stepUpVerify, session.userToken, {
      code: codeOf(DEMO_TOTP_SECRET),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const done = await request('PATCH', apiPaths.twoFactor, session.userToken, { method: null });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toMatchObject({ enabled: false, method: null });
    expect(await userRow(5007)).toEqual({ method: null, secret: null, pending: null });
    const loggedIn = await login('authapp');
    expect(loggedIn.statusCode).toBe(200);
  });

  it('turns SMS on with an emailed step-up code, then moves to email with an SMS code', async () => {
    // holder (5001): off; the step-up code goes by email.
    const session = await mintSession(ctx.database.db, 5001, 'live', time.clock());
    await request('POST', apiPaths.stepUpSend, session.userToken, {});
    const emailed = await latestCode('jordan.citizen@example.com');
    expect(
      (await request('POST', apiPaths.stepUpVerify, session.userToken, { code: emailed }))
        .statusCode,
    ).toBe(200);
    const sms = await request('PATCH', apiPaths.twoFactor, session.userToken, { method: 'sms' });
    expect(sms.statusCode, sms.body).toBe(200);
    expect(sms.json().data).toMatchObject({ enabled: true, method: 'sms' });

    // Changing the method: the code now goes to the current method, SMS.
    const sent = await request('POST', apiPaths.stepUpSend, session.userToken, {});
    expect(sent.json().data.method).toBe('sms');
    const texted = await latestCode('0491570156');
    expect(
      (await request('POST', apiPaths.stepUpVerify, session.userToken, { code: texted }))
        .statusCode,
    ).toBe(200);
    const email = await request('PATCH', apiPaths.twoFactor, session.userToken, {
      method: 'email',
    });
    expect(email.statusCode, email.body).toBe(200);
    expect((await userRow(5001)).method).toBe('email');

    // Restore: off again (another code, by email now).
    await request('POST', apiPaths.stepUpSend, session.userToken, {});
    const again = await latestCode('jordan.citizen@example.com');
    await request('POST', apiPaths.stepUpVerify, session.userToken, { code: again });
    const off = await request('PATCH', apiPaths.twoFactor, session.userToken, { method: null });
    expect(off.statusCode).toBe(200);
  });

  it('refuses SMS without a mobile, email without an address, and a change to the same setting', async () => {
    await ctx.database.db
      .update(users)
      .set({ mobile: null, email: null })
      .where(eq(users.id, 5004));
    const session = await steppedUp(5004);
    const cases: [object, string][] = [
      [
        { method: 'sms' },
        'Invalid request: there is no mobile number on your contact details to send codes to. Add one on My Details first.',
      ],
      [
        { method: 'email' },
        'Invalid request: there is no email address on your contact details to send codes to. Add one on My Details first.',
      ],
      [{ method: null }, 'Invalid request: two-factor authentication is already set that way.'],
    ];
    for (const [body, message] of cases) {
      const res = await request('PATCH', apiPaths.twoFactor, session.userToken, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
    expect((await userRow(5004)).method).toBeNull();
  });
});
