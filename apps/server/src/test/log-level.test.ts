import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from './test-app';
import { createTestContext } from './test-app';

let ctx: TestContext;

// A development server with LOG_LEVEL unset ('' counts as unset).
beforeAll(async () => {
  ctx = await createTestContext({ env: { NODE_ENV: 'development', LOG_LEVEL: '' } });
});
afterAll(async () => ctx.close());

describe('the development console', () => {
  it('logs no line per request by default, but still logs errors', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBeLessThan(500);
    expect(ctx.logLines).toEqual([]);

    ctx.app.log.error('the jobs failed');
    expect(ctx.logLines).toHaveLength(1);
    expect(ctx.logLines[0]).toContain('the jobs failed');
  });
});
