import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardRoutes } from '@outpost/contracts/dashboard-routes';
import { usageRoutes } from '@outpost/contracts/services-routes';
import { serverErrors } from '@outpost/contracts/messages';
import { PERMISSIONS_HEADER, permissionsFingerprint } from '@outpost/contracts/permissions';
import { heldPermissionsSql } from '../users/users.service';
import type { Database } from '../../db/client';
import { preparedStatement, queryRows } from '../../db/client';
import { routeFor } from '../../lib/route';
import { mintSession } from '../../test/sessions';
import { openTestDatabase } from '../../test/test-app';
import { authHooks } from './auth-hooks';
import type { CallerRow } from './caller';
import { callerInStatement, callerSql, checkCaller, userTokenHash } from './caller';
import { authPlugin } from '../../plugins/auth';
import { errorHandlerPlugin } from '../../plugins/error-handler';

/** A statement that reads the caller as its first part, as the dashboard's does. */
const callerAndAccount = preparedStatement<
  { caller: CallerRow; account_name: string | null },
  { hash: string }
>(
  'test_caller_and_account',
  sql`with caller as materialized (${callerSql})
      select row_to_json(c) as caller,
             (select a.id::text from accounts a where a.id = c.account_id) as account_name
        from caller c`,
);

let database: Database;
let app: FastifyInstance;
let handlerRuns = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(errorHandlerPlugin);
  await app.register(authPlugin, {
    ...authHooks(database.db, () => new Date()),
    internalApiKey: undefined,
  });
  const reads = routeFor(dashboardRoutes.dashboard);
  // A route that reads the caller in its statement and checks it (the right way).
  app.route({
    ...callerInStatement({ ...reads, url: '/checked', schema: {} }),
    handler: async (request) => {
      handlerRuns++;
      const [found] = await callerAndAccount(database.db, { hash: userTokenHash(request) });
      const { auth, row } = checkCaller(request, found, new Date());
      return { user: auth.userId, account: row.account_name };
    },
  });
  // A handler that forgets checkCaller: it must not answer with its data.
  app.route({
    ...callerInStatement({ ...reads, url: '/forgot', schema: {} }),
    handler: async () => ({ secret: 'account data' }),
  });
  // A usage-only route's contract: the usage token's own service only.
  app.route({
    ...callerInStatement({ ...routeFor(usageRoutes.activity), url: '/usage', schema: {} }),
    handler: async (request) => {
      const [found] = await callerAndAccount(database.db, { hash: userTokenHash(request) });
      checkCaller(request, found, new Date());
      return { ok: true };
    },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('routes that read the caller in their own statement', () => {
  it('answers with the data once the caller row passed the same checks as the hook', async () => {
    const { userToken } = await mintSession(database.db, 5001);
    const res = await app.inject({ url: '/checked', headers: { 'x-user-token': userToken } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ user: 5001, account: '100001' });
  });

  it('refuses a missing token before the handler runs, and bad tokens as the hook does', async () => {
    const before = handlerRuns;
    const missing = await app.inject({ url: '/checked' });
    expect(missing.statusCode).toBe(401);
    expect(handlerRuns).toBe(before);
    expect(missing.json()).toEqual({ data: { error: serverErrors.unauthenticated } });

    const expired = await mintSession(database.db, 5001, 'expired');
    const late = await app.inject({
      url: '/checked',
      headers: { 'x-user-token': expired.userToken },
    });
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ data: { error: serverErrors.tokenExpired } });

    const unknown = await app.inject({ url: '/checked', headers: { 'x-user-token': 'nope' } });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ data: { error: serverErrors.unauthenticated } });
  });

  it('fails closed when a handler answers without checking the caller', async () => {
    const { userToken } = await mintSession(database.db, 5001);
    const res = await app.inject({ url: '/forgot', headers: { 'x-user-token': userToken } });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('account data');
  });

  it("checks the route's permissions on the caller row", async () => {
    // usage activity needs view-activity; the limited contact (5004) does not hold it.
    const { userToken } = await mintSession(database.db, 5004);
    const res = await app.inject({ url: '/usage', headers: { 'x-user-token': userToken } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ data: { error: serverErrors.forbidden } });
  });
});

describe('the permissions fingerprint header', () => {
  it("carries the caller's permissions and changes on the next request after a change", async () => {
    const { userToken } = await mintSession(database.db, 5004);
    const first = await app.inject({ url: '/checked', headers: { 'x-user-token': userToken } });
    const held = await queryRows<{ permission: string }>(
      database.db,
      sql`select unnest(${heldPermissionsSql}) as permission
            from users join roles on roles.id = users.role_id where users.id = 5004`,
    );
    const names = held.map((r) => r.permission);
    expect(first.headers[PERMISSIONS_HEADER]).toBe(permissionsFingerprint(names));

    await database.db.execute(
      sql`insert into user_permissions (user_id, permission, enabled) values (5004, 'view-services', true)
          on conflict (user_id, permission) do update set enabled = true`,
    );
    const second = await app.inject({ url: '/checked', headers: { 'x-user-token': userToken } });
    expect(second.headers[PERMISSIONS_HEADER]).toBe(
      permissionsFingerprint([...names, 'view-services']),
    );
  });

  it('is absent on an answer to no one', async () => {
    const res = await app.inject({ url: '/checked' });
    expect(res.headers[PERMISSIONS_HEADER]).toBeUndefined();
  });
});
