import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, isApiPath, UNPREFIXED_API_PATHS } from '@outpost/contracts/api-paths';
import { apiRoutes } from '@outpost/contracts/api-routes';
import type { TestContext } from './test-app';
import { createTestContext } from './test-app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

// Routes the server registers outside the inventory on purpose: the OpenAPI document and the
// web app (static files, the page itself). None of them reads account data.
const NOT_API = (url: string) =>
  !isApiPath(url) || url === '/api/docs' || url.startsWith('/api/docs/');

/** Each row's method and path, and its path without the prefix where the spec writes it so. */
const listedKeys = () =>
  new Set(
    apiRoutes.flatMap((r) => {
      const bare = r.path.slice(API_PREFIX.length);
      return UNPREFIXED_API_PATHS.includes(bare)
        ? [`${r.method} ${r.path}`, `${r.method} ${bare}`]
        : [`${r.method} ${r.path}`];
    }),
  );

describe('route inventory', () => {
  it('lists every API route the server registers, under the same method and path', () => {
    const registered = ctx.app.registeredRoutes.filter(
      (r) => !NOT_API(r.url) && r.method !== 'HEAD',
    );
    const listed = listedKeys();
    const unlisted = registered
      .filter((r) => !listed.has(`${r.method} ${r.url}`))
      .map((r) => `${r.method} ${r.url}`);
    expect(unlisted).toEqual([]);
    // And each was registered from its inventory row, so the auth hook enforces that row.
    expect(registered.filter((r) => r.contractId === undefined)).toEqual([]);
  });

  it('has no inventory row the server lacks', () => {
    const registered = new Set(ctx.app.registeredRoutes.map((r) => `${r.method} ${r.url}`));
    const missing = apiRoutes
      .filter((r) => !registered.has(`${r.method} ${r.path}`))
      .map((r) => r.id);
    expect(missing).toEqual([]);
    // The push paths spec 1 section 7 writes without the prefix are served there too.
    expect([...listedKeys()].filter((key) => !registered.has(key))).toEqual([]);
    expect(UNPREFIXED_API_PATHS).toEqual([
      '/notifications/device-tokens',
      '/notifications/device-token',
      '/notifications/get-latest',
    ]);
  });

  it('gives every row a unique id and a unique method and path', () => {
    const ids = apiRoutes.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    const keys = apiRoutes.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('names in `objects` only fields that the route schema has', () => {
    for (const route of apiRoutes) {
      for (const ref of route.objects) {
        const schema = route[ref.in] as { shape?: Record<string, unknown> } | undefined;
        expect(schema?.shape?.[ref.name], `${route.id}: ${ref.in}.${ref.name}`).toBeDefined();
      }
    }
  });
});
