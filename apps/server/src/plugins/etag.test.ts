import { apiPaths } from '@outpost/contracts/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../test/test-app';
import { createTestContext, loginAs } from '../test/test-app';

let ctx: TestContext;
let holder: string;
let other: string;

beforeAll(async () => {
  ctx = await createTestContext();
  holder = (await loginAs(ctx.app, 'holder')).userToken;
  other = (await loginAs(ctx.app, 'other')).userToken;
});
afterAll(async () => ctx.close());

const get = (url: string, token: string, etag?: string, compressed = false) =>
  ctx.app.inject({
    url,
    headers: {
      'x-user-token': token,
      ...(compressed ? { 'accept-encoding': 'gzip, br' } : {}),
      ...(etag ? { 'if-none-match': etag } : {}),
    },
  });

describe('ETags on API reads (decision 032)', () => {
  it('sends a weak ETag, private and revalidated, and answers 304 with no body when nothing changed', async () => {
    for (const url of [apiPaths.dashboard, apiPaths.services, apiPaths.currentUser]) {
      const first = await get(url, holder, undefined, true);
      expect(first.statusCode, url).toBe(200);
      const etag = String(first.headers.etag);
      expect(etag, url).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
      expect(first.headers['cache-control'], url).toBe('private, no-cache');

      // The tag is of the JSON, whatever encoding carries it.
      expect((await get(url, holder)).headers.etag, url).toBe(etag);
      const again = await get(url, holder, etag, true);
      expect(again.statusCode, url).toBe(304);
      expect(again.body, url).toBe('');
      expect(again.headers.etag, url).toBe(etag);
      expect(again.headers['content-encoding'], url).toBeUndefined();
      // A list of tags, and the strong form of the same tag, match too (weak comparison).
      const listed = await get(url, holder, `"x", ${etag.slice(2)}`);
      expect(listed.statusCode, url).toBe(304);
    }
  });

  it('answers 200 with the new body and a new ETag once the data changed', async () => {
    const before = await get(apiPaths.alerts, holder);
    const alerts = before.json().data as { alert_id: number }[];
    expect(alerts.length).toBeGreaterThan(0);
    const etag = String(before.headers.etag);
    const marked = await ctx.app.inject({
      method: 'PATCH',
      url: apiPaths.alert.replace(':alert_id', String(alerts[0]!.alert_id)),
      headers: { 'x-user-token': holder, 'if-none-match': etag },
      payload: { read: 1 },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.headers.etag).toBeUndefined(); // a write is never tagged nor answered 304
    const after = await get(apiPaths.alerts, holder, etag);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.json().data).toHaveLength(alerts.length - 1);
  });

  it('never answers another user with 304 for data that is not theirs', async () => {
    const mine = await get(apiPaths.dashboard, holder);
    const etag = String(mine.headers.etag);
    const theirs = await get(apiPaths.dashboard, other, etag);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers.etag).not.toBe(etag);
    expect(JSON.stringify(theirs.json().data.account)).not.toBe(
      JSON.stringify(mine.json().data.account),
    );
    // Without a token (or with an ended one), the tag is worth nothing: 401, no data.
    const anonymous = await ctx.app.inject({
      url: apiPaths.dashboard,
      headers: { 'if-none-match': etag },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers.etag).toBeUndefined();
  });

  it('tags neither writes nor errors, and leaves routes that set their own caching alone', async () => {
    const login = await ctx.app.inject({
      method: 'POST',
      url: apiPaths.login,
      payload: { username: 'holder', password: 'Outpost-demo-1' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers.etag).toBeUndefined();
    expect(login.headers['cache-control']).toBe('no-store');
    const missing = await get('/api/portal/no-such-thing/', holder, '*');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    const health = await ctx.app.inject({ url: apiPaths.healthLive });
    expect(health.headers.etag).toBeUndefined();
    expect(health.headers['cache-control']).toBe('no-store');
  });
});
