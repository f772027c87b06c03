import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../test/test-app';
import { createTestContext, errorOf, loginAs } from '../../test/test-app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const patch = (token: string, password: string) =>
  ctx.app.inject({
    method: 'PATCH',
    url: '/api/portal/users/current/profile/',
    headers: { 'x-user-token': token },
    payload: { password },
  });

describe('password update', () => {
  it('refuses a password that breaks the rules', async () => {
    const session = await loginAs(ctx.app, 'limited', undefined, '10.3.0.1');
    for (const weak of ['short1A', 'alllowercase1', 'NoDigitsHere', 'Has space 1A']) {
      const res = await patch(session.userToken, weak);
      expect(res.statusCode, weak).toBe(400);
      expect(errorOf(res)).toBe(
        'Invalid request: the password must be at least 8 characters with upper and lower case letters and a number, and no spaces.',
      );
    }
  });

  it('changes the password and ends the other sessions, not this one', async () => {
    const here = await loginAs(ctx.app, 'billing', undefined, '10.3.0.2');
    const elsewhere = await loginAs(ctx.app, 'billing', undefined, '10.3.0.3');
    const res = await patch(here.userToken, 'New-Passw0rd-2026');
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
});
