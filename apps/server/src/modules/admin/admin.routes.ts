import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoutes } from '@outpost/contracts/admin';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { routeFor } from '../../lib/route';
import { adminAccount, searchAccounts } from './admin-accounts.service';
import type { AdminCaller } from './api-keys.service';
import { createApiKey, listApiKeys, revokeApiKey } from './api-keys.service';
import { adminError } from './admin.errors';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation needs an interface
  interface FastifyRequest {
    /** The caller of an admin API route (a staff member or an API key); set by the auth hook. */
    admin: AdminCaller | null;
  }
}

/** The caller the auth hook set; every admin route has one. */
function callerOf(request: { admin: AdminCaller | null }): AdminCaller {
  if (!request.admin) throw adminError('adminUnauthenticated');
  return request.admin;
}

/**
 * The admin API (issue 39, docs/decisions/051): API keys, finding customers and the customer
 * view. The auth hook has checked the caller and the route's scope and audits every call.
 */
export const adminModule: FastifyPluginAsyncZod<{ deps: { db: Db; clock: Clock } }> = async (
  app,
  { deps },
) => {
  const { db, clock } = deps;

  app.route({
    ...routeFor(adminRoutes.adminListApiKeys),
    handler: async () => ({ data: await listApiKeys(db) }),
  });

  app.route({
    ...routeFor(adminRoutes.adminCreateApiKey),
    handler: async (request) => {
      const caller = callerOf(request);
      const { name, scopes, expires_in_days } = request.body;
      const made = await createApiKey(
        db,
        { name, scopes, expiresInDays: expires_in_days },
        caller.kind === 'staff' ? caller.staff : null,
        clock(),
      );
      return { data: made };
    },
  });

  app.route({
    ...routeFor(adminRoutes.adminRevokeApiKey),
    handler: async (request) => ({
      data: await revokeApiKey(db, request.params.keyid, clock()),
    }),
  });

  app.route({
    ...routeFor(adminRoutes.adminSearchAccounts),
    handler: async (request) => ({
      data: await searchAccounts(db, request.query.q, request.query.limit),
    }),
  });

  app.route({
    ...routeFor(adminRoutes.adminAccount),
    handler: async (request) => ({ data: await adminAccount(db, request.params.accountid) }),
  });
};
