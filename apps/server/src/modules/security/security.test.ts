import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import { DEMO_PASSWORD } from '../../seed/demo';
import { mintSession } from '../../test/sessions';
import type { TestContext } from '../../test/test-app';
import { createTestContext, errorOf } from '../../test/test-app';
import { users } from '../../db/accounts.schema';
import { verifyPassword } from '../auth/passwords';
import { describeUserAgent } from './security.service';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

function request(
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  token: string,
  payload?: object,
) {
  return ctx.app.inject({
    method,
    url,
    headers: { 'x-user-token': token },
    ...(payload === undefined ? {} : { payload }),
  });
}

/** A real login (a sessions row with the device and address), as a browser would make it. */
async function login(username: string, userAgent: string, remoteAddress: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: apiPaths.login,
    payload: { username, password: DEMO_PASSWORD },
    headers: { 'user-agent': userAgent },
    remoteAddress,
  });
  expect(res.statusCode, res.body).toBe(200);
  const tokens = res.json().data.tokens as { type: string; token: string }[];
  return {
    userToken: tokens.find((t) => t.type === 'USER')!.token,
    refreshToken: tokens.find((t) => t.type === 'REFRESH')!.token,
  };
}

describe('identification method', () => {
  it('offers DOB (read-only) and a PIN', async () => {
    const { userToken } = await mintSession(ctx.database.db, 5002);
    const res = await request('GET', apiPaths.methodPreferenceOptions, userToken);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { value: 'DOB', label: 'Date of Birth', type: 'date', readOnly: true },
      { value: 'PIN', label: 'PIN', type: 'password', readOnly: false },
    ]);
  });

  it('answers DOB with the contact’s date of birth by default', async () => {
    const { userToken } = await mintSession(ctx.database.db, 5002);
    const res = await request('GET', apiPaths.methodPreference, userToken);
    expect(res.json().data).toEqual({
      identify_by: 'DOB',
      data: { value: '1965-09-30' },
      date_of_birth: '1965-09-30',
    });
  });

  it('refuses a missing or unknown method, a missing or malformed PIN, and changes nothing', async () => {
    const { userToken } = await mintSession(ctx.database.db, 5002);
    const cases: [object, string][] = [
      [
        { identify_by: '', data: { value: '1234' } },
        'Invalid request: choose an identification method.',
      ],
      [
        { identify_by: 'PASSWORD', data: { value: '1234' } },
        'Invalid request: choose how we identify you: DOB or PIN.',
      ],
      [{ identify_by: 'PIN', data: { value: '' } }, 'This field is required.'],
      [{ identify_by: 'PIN', data: { value: '123' } }, 'Please select a 4 digit pin number'],
      [{ identify_by: 'PIN', data: { value: '12345' } }, 'Please select a 4 digit pin number'],
      [{ identify_by: 'PIN', data: { value: '12a4' } }, 'Please select a 4 digit pin number'],
      [{ identify_by: 'PIN', data: { value: ' 1234' } }, 'Please select a 4 digit pin number'],
      [
        { identify_by: 'DOB', data: { value: '2000-01-01' } },
        'Invalid request: your date of birth comes from your contact details and cannot be changed here.',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await request('PATCH', apiPaths.methodPreference, userToken, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res)).toBe(message);
    }
    const [row] = await ctx.database.db
      .select({ identifyBy: users.identifyBy, pinHash: users.pinHash })
      .from(users)
      .where(eq(users.id, 5002));
    expect(row).toEqual({ identifyBy: 'DOB', pinHash: null });
  });

  it('stores a PIN only as a hash and never answers it; DOB clears it', async () => {
    const { userToken } = await mintSession(ctx.database.db, 5003);
    const set = await request('PATCH', apiPaths.methodPreference, userToken, {
      identify_by: 'PIN',
      data: { value: '4821' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toEqual({
      identify_by: 'PIN',
      data: { value: '' },
      date_of_birth: '1990-02-17',
    });
    expect(set.body).not.toContain('4821');
    const [row] = await ctx.database.db
      .select({ identifyBy: users.identifyBy, pinHash: users.pinHash })
      .from(users)
      .where(eq(users.id, 5003));
    expect(row!.identifyBy).toBe('PIN');
    expect(row!.pinHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row!.pinHash, '4821')).toBe(true);
    expect(await verifyPassword(row!.pinHash, '4822')).toBe(false);
    const read = await request('GET', apiPaths.methodPreference, userToken);
    expect(read.json().data).toEqual({
      identify_by: 'PIN',
      data: { value: '' },
      date_of_birth: '1990-02-17',
    });
    expect(read.body).not.toContain(row!.pinHash);

    // DOB: the value may be left empty or be the contact's own date; the PIN hash goes.
    const dob = await request('PATCH', apiPaths.methodPreference, userToken, {
      identify_by: 'DOB',
      data: { value: '1990-02-17' },
    });
    expect(dob.statusCode).toBe(200);
    expect(dob.json().data.identify_by).toBe('DOB');
    const [after] = await ctx.database.db
      .select({ pinHash: users.pinHash })
      .from(users)
      .where(eq(users.id, 5003));
    expect(after!.pinHash).toBeNull();
  });

  it('refuses DOB when the contact has no date of birth', async () => {
    await ctx.database.db.update(users).set({ dateOfBirth: null }).where(eq(users.id, 5004));
    const { userToken } = await mintSession(ctx.database.db, 5004);
    const res = await request('PATCH', apiPaths.methodPreference, userToken, {
      identify_by: 'DOB',
      data: { value: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toBe(
      'Invalid request: there is no date of birth on your contact details. Choose a PIN, or call us to add it.',
    );
    const read = await request('GET', apiPaths.methodPreference, userToken);
    expect(read.json().data).toEqual({
      identify_by: 'DOB',
      data: { value: '' },
      date_of_birth: null,
    });
  });
});

describe('signed-in devices', () => {
  it('lists the caller’s live sessions with device, browser, address and which one is this', async () => {
    const phone = await login('services', IPHONE, '203.0.113.7');
    const desktop = await login('services', WINDOWS_CHROME, '198.51.100.4');
    // Another person's session is not listed.
    await login('billing', WINDOWS_CHROME, '198.51.100.9');
    const res = await request('GET', apiPaths.sessions, desktop.userToken);
    expect(res.statusCode).toBe(200);
    const list = res.json().data as Record<string, unknown>[];
    expect(list).toHaveLength(2);
    const byDevice = Object.fromEntries(list.map((s) => [s.device as string, s]));
    expect(byDevice['Windows 10 computer']).toMatchObject({
      browser: 'Chrome 131',
      place: '198.51.100.4',
      current: true,
    });
    expect(byDevice['iOS 18.1 phone']).toMatchObject({
      browser: 'Safari 18',
      place: '203.0.113.7',
      current: false,
    });
    const fromPhone = await request('GET', apiPaths.sessions, phone.userToken);
    expect(
      (fromPhone.json().data as { current: boolean; device: string }[])
        .filter((s) => s.current)
        .map((s) => s.device),
    ).toEqual(['iOS 18.1 phone']);
  });

  it('signs out one session: its tokens stop working and it leaves the list', async () => {
    const mine = await login('viewer', WINDOWS_CHROME, '198.51.100.4');
    const other = await login('viewer', IPHONE, '203.0.113.7');
    const list = (await request('GET', apiPaths.sessions, mine.userToken)).json().data as {
      id: number;
      current: boolean;
    }[];
    const target = list.find((s) => !s.current)!;
    const ended = await request(
      'DELETE',
      buildPath(apiPaths.session, { sessionid: target.id }),
      mine.userToken,
    );
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ data: { ended: true } });
    const otherCall = await request('GET', apiPaths.currentUser, other.userToken);
    expect(otherCall.statusCode).toBe(401);
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.refresh,
      headers: { 'x-refresh-token': other.refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);
    const after = (await request('GET', apiPaths.sessions, mine.userToken)).json().data as {
      id: number;
    }[];
    expect(after.map((s) => s.id)).not.toContain(target.id);
    // Signing out an ended session again: not found.
    const again = await request(
      'DELETE',
      buildPath(apiPaths.session, { sessionid: target.id }),
      mine.userToken,
    );
    expect(again.statusCode).toBe(404);
    // The caller's own session goes on.
    expect((await request('GET', apiPaths.currentUser, mine.userToken)).statusCode).toBe(200);
  });

  it('answers 404 for another person’s session, the same as for a missing one, and leaves it alone', async () => {
    const victim = await login('other', IPHONE, '203.0.113.8');
    const victimList = (await request('GET', apiPaths.sessions, victim.userToken)).json().data as {
      id: number;
    }[];
    const attacker = await login('holder', WINDOWS_CHROME, '198.51.100.5');
    const foreign = await request(
      'DELETE',
      buildPath(apiPaths.session, { sessionid: victimList[0]!.id }),
      attacker.userToken,
    );
    expect(foreign.statusCode).toBe(404);
    const missing = await request(
      'DELETE',
      buildPath(apiPaths.session, { sessionid: 2_000_000_000 }),
      attacker.userToken,
    );
    expect(missing.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    expect((await request('GET', apiPaths.currentUser, victim.userToken)).statusCode).toBe(200);
  });

  it('signs out everywhere else, keeping this session', async () => {
    const a = await mintSession(ctx.database.db, 5008);
    const b = await mintSession(ctx.database.db, 5008);
    const c = await mintSession(ctx.database.db, 5008);
    const res = await request('POST', apiPaths.endOtherSessions, a.userToken, {});
    expect(res.statusCode).toBe(200);
    expect(res.json().data.ended).toBeGreaterThanOrEqual(2);
    expect((await request('GET', apiPaths.currentUser, b.userToken)).statusCode).toBe(401);
    expect((await request('GET', apiPaths.currentUser, c.userToken)).statusCode).toBe(401);
    expect((await request('GET', apiPaths.currentUser, a.userToken)).statusCode).toBe(200);
    // Nothing left to end.
    const again = await request('POST', apiPaths.endOtherSessions, a.userToken, {});
    expect(again.json()).toEqual({ data: { ended: 0 } });
  });

  it('drops the sessions a password change ended from the list', async () => {
    const mine = await login('limited', WINDOWS_CHROME, '198.51.100.4');
    await login('limited', IPHONE, '203.0.113.7');
    expect((await request('GET', apiPaths.sessions, mine.userToken)).json().data).toHaveLength(2);
    const changed = await request('PATCH', apiPaths.profile, mine.userToken, {
      password: 'New-password-9',
      current_password: DEMO_PASSWORD,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const list = (await request('GET', apiPaths.sessions, mine.userToken)).json().data as {
      current: boolean;
    }[];
    expect(list.map((s) => s.current)).toEqual([true]);
  });
});

describe('describeUserAgent', () => {
  it('names the device and browser, or says they are unknown', () => {
    expect(describeUserAgent(IPHONE)).toEqual({ device: 'iOS 18.1 phone', browser: 'Safari 18' });
    expect(describeUserAgent(WINDOWS_CHROME)).toEqual({
      device: 'Windows 10 computer',
      browser: 'Chrome 131',
    });
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      ),
    ).toEqual({ device: 'Android 14 phone', browser: 'Chrome 131' });
    expect(describeUserAgent(null)).toEqual({
      device: 'Unknown device',
      browser: 'Unknown browser',
    });
    expect(describeUserAgent('curl/8.5.0')).toEqual({
      device: 'Unknown device',
      browser: 'Unknown browser',
    });
  });
});
