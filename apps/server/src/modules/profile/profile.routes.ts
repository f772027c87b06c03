import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountRoutes } from '@outpost/contracts/account';
import { requestMeta, routeFor } from '../../lib/route';
import { requireAuth } from '../../lib/auth-context';
import type { DetailsDeps } from './details.service';
import {
  getOwnContact,
  getUserAccount,
  updateOwnContact,
  verifyOwnContact,
} from './details.service';
import { listPreferences, updatePreferences } from './preferences.service';

/** My Details and Account Preferences: 'current' routes, the caller's own rows only. */
export const profileModule: FastifyPluginAsyncZod<{ deps: DetailsDeps }> = async (
  app,
  { deps },
) => {
  const { db } = deps;
  app.route({
    ...routeFor(accountRoutes.userAccount),
    handler: async (request) => ({ data: await getUserAccount(db, requireAuth(request)) }),
  });

  app.route({
    ...routeFor(accountRoutes.ownContact),
    handler: async (request) => ({ data: await getOwnContact(deps, requireAuth(request)) }),
  });

  app.route({
    ...routeFor(accountRoutes.updateOwnContact),
    handler: async (request) => ({
      data: await updateOwnContact(deps, requireAuth(request), request.body, requestMeta(request)),
    }),
  });

  app.route({
    ...routeFor(accountRoutes.verifyOwnContact),
    handler: async (request) => ({
      data: await verifyOwnContact(deps, requireAuth(request), request.body, requestMeta(request)),
    }),
  });

  app.route({
    ...routeFor(accountRoutes.preferences),
    handler: async (request) => ({ data: await listPreferences(db, requireAuth(request)) }),
  });

  app.route({
    ...routeFor(accountRoutes.updatePreferences),
    handler: async (request) => ({
      data: await updatePreferences(db, requireAuth(request), request.body),
    }),
  });
};
