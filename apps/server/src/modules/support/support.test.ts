import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session, TestContext } from '../../test/test-app';
import { createTestContext, loginAs } from '../../test/test-app';

let ctx: TestContext;
let session: Session;

beforeAll(async () => {
  ctx = await createTestContext();
  session = await loginAs(ctx.app, 'limited');
});
afterAll(async () => ctx.close());

describe('support guide by slug', () => {
  it('returns the privacy policy title and body', async () => {
    const res = await ctx.app.inject({
      url: '/api/portal/support/guides/privacy-policy/',
      headers: { 'x-user-token': session.userToken },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.title).toBe('Privacy Policy');
    expect(res.json().data.body).toContain('We never sell your information.');
  });

  it('answers 404 for a guide that does not exist', async () => {
    const res = await ctx.app.inject({
      url: '/api/portal/support/guides/no-such-guide/',
      headers: { 'x-user-token': session.userToken },
    });
    expect(res.statusCode).toBe(404);
  });

  it('needs a session', async () => {
    const res = await ctx.app.inject({ url: '/api/portal/support/guides/privacy-policy/' });
    expect(res.statusCode).toBe(401);
  });
});
