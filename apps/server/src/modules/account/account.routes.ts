import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountRoutes } from '@outpost/contracts/account';
import type { Db } from '../../db/client';
import { routeFor } from '../../lib/route';
import { requireAuth } from '../../plugins/auth';
import { getOwnContact, getUserAccount, updateOwnContact } from './details.service';
import { listPreferences, updatePreferences } from './preferences.service';

/** My Details and Account Preferences: 'current' routes, the caller's own rows only. */
export const accountModule: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.route({
    ...routeFor(accountRoutes.userAccount),
    handler: async (request) => ({ data: await getUserAccount(db, requireAuth(request)) }),
  });

  app.route({
    ...routeFor(accountRoutes.ownContact),
    handler: async (request) => ({ data: await getOwnContact(db, requireAuth(request)) }),
  });

  app.route({
    ...routeFor(accountRoutes.updateOwnContact),
    handler: async (request) => ({
      data: await updateOwnContact(db, requireAuth(request), request.body),
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
