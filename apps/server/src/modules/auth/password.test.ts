import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/test-app';
import { apiPaths } from '@outpost/contracts/api-paths';
import { checkNewPassword } from '@outpost/domain/password-rules';
import { apiFor, createTestContext, errorOf, loginAs } from '../../test/test-app';
import { issueCode } from './codes';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

/** `current` null sends no current password. */
const api = apiFor(() => ctx);
const patch = (token: string, password: string, current: string | null = 'Outpost-demo-1') =>
  api.patch(
    apiPaths.profile,
    { password, ...(current === null ? {} : { current_password: current }) },
    { token },
  );

describe('password update', () => {
  // The client checks the same rule before it sends (and shows the rule's own message); a refusal
  // it gets anyway shows its failure text, never the server's. So: refused, and nothing changed.
  it('refuses a password that breaks the rules and keeps the old one', async () => {
    const session = await loginAs(ctx.app, 'limited', undefined, '10.3.0.1');
    for (const weak of ['short1A', 'alllowercase1', 'NoDigitsHere', 'Has space 1A']) {
      expect(checkNewPassword(weak), weak).not.toBeNull();
      const res = await patch(session.userToken, weak);
      expect(res.statusCode, weak).toBe(400);
    }
    await expect(loginAs(ctx.app, 'limited', 'Outpost-demo-1', '10.3.0.1')).resolves.toMatchObject({
      userId: 5004,
    });
  });

  it('changes the password and ends the other sessions, not this one', async () => {
    const here = await loginAs(ctx.app, 'billing', undefined, '10.3.0.2');
    const elsewhere = await loginAs(ctx.app, 'billing', undefined, '10.3.0.3');
    const res = await patch(here.userToken, 'New-Passw0rd-2026', 'Outpost-demo-1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { updated: true } });
    const me = (token: string) =>
      ctx.app.inject({ url: '/api/portal/users/current/', headers: { 'x-user-token': token } });
    expect((await me(here.userToken)).statusCode).toBe(200);
    expect((await me(elsewhere.userToken)).statusCode).toBe(401);
    const refresh = await ctx.app.inject({
      method: 'POST',
      url: '/api/portal/users/current/refresh/',
      headers: { 'x-refresh-token': elsewhere.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    await expect(loginAs(ctx.app, 'billing', 'Outpost-demo-1', '10.3.0.4')).rejects.toThrow(/401/);
    await expect(
      loginAs(ctx.app, 'billing', 'New-Passw0rd-2026', '10.3.0.5'),
    ).resolves.toMatchObject({ userId: 5002 });
  });

  it('needs the current password, and says so plainly when it is missing or wrong', async () => {
    const session = await loginAs(ctx.app, 'services', undefined, '10.3.0.6');
    const missing = await patch(session.userToken, 'New-Passw0rd-2027', null);
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing)).toBe('Invalid request: enter your current password to change it.');
    const wrong = await patch(session.userToken, 'New-Passw0rd-2027', 'Not-my-passw0rd');
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toBe(
      'Invalid request: your current password is not right. Check it and try again, or log out and use the "Can\'t login?" link.',
    );
    // Nothing changed: the old password still logs in.
    await expect(loginAs(ctx.app, 'services', 'Outpost-demo-1', '10.3.0.7')).resolves.toMatchObject(
      {
        userId: 5003,
      },
    );
  });

  it('refuses a new password equal to the current one, with the client’s message', async () => {
    const session = await loginAs(ctx.app, 'holder', undefined, '10.3.0.10');
    const same = await patch(session.userToken, 'Outpost-demo-1', 'Outpost-demo-1');
    expect(same.statusCode).toBe(400);
    expect(errorOf(same)).toBe(
      'Invalid request: Your new password must be different from your current password.',
    );
    // Nothing changed: this session and the password are as before.
    await expect(loginAs(ctx.app, 'holder', 'Outpost-demo-1', '10.3.0.11')).resolves.toMatchObject({
      userId: expect.any(Number),
    });
  });

  it('stops guessing the current password after 5 wrong tries', async () => {
    const session = await loginAs(ctx.app, 'viewer', undefined, '10.3.0.8');
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        patch(session.userToken, 'New-Passw0rd-2028', `Guess-${i}-Passw0rd`),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 400)).toHaveLength(5);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(3);
    expect((await patch(session.userToken, 'New-Passw0rd-2028', 'Outpost-demo-1')).statusCode).toBe(
      429,
    );
  });

  it('lets the session that access recovery started set a new password once without the current one', async () => {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/portal/users/recoveraccess/request/prepare/',
      payload: { method: 'username', username: 'limited' },
    });
    const code = await issueCode(ctx.database.db, 5004, 'recovery', new Date());
    const verifyBody = { method: 'username', username: 'limited', code };
    const prepared = await ctx.app.inject({
      method: 'POST',
      url: '/api/portal/users/recoveraccess/verify/prepare/',
      payload: verifyBody,
    });
    const verified = await ctx.app.inject({
      method: 'POST',
      url: '/api/portal/users/recoveraccess/verify/commit/',
      payload: { ...verifyBody, csrf: prepared.json().data.csrf },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const token = (verified.json().data.tokens as { type: string; token: string }[]).find(
      (t) => t.type === 'USER',
    )!.token;
    // The forced update refuses the password the account already has.
    const unchanged = await patch(token, 'Outpost-demo-1', null);
    expect(unchanged.statusCode).toBe(400);
    expect(errorOf(unchanged)).toBe(
      'Invalid request: Your new password must be different from your current password.',
    );
    expect((await patch(token, 'Recovered-Passw0rd-1', null)).statusCode).toBe(200);
    // Once: the next change in that session needs the (new) current password.
    const again = await patch(token, 'Recovered-Passw0rd-2', null);
    expect(errorOf(again)).toBe('Invalid request: enter your current password to change it.');
    // Another session of the same person never could.
    const other = await loginAs(ctx.app, 'limited', 'Recovered-Passw0rd-1', '10.3.0.9');
    expect((await patch(other.userToken, 'Recovered-Passw0rd-3', null)).statusCode).toBe(400);
  });
});
