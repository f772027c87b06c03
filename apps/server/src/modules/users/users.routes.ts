import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRoutes } from '@outpost/contracts/auth-routes';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { routeFor } from '../../lib/route';
import { requireAuth } from '../../lib/auth-context';
import { permissionNames } from '@outpost/contracts/permissions';
import { getProfile } from './users.service';

export const usersModule: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.route({
    ...routeFor(authRoutes.currentUser),
    // Everything it answers was read with the token: no second query.
    handler: async (request) => {
      const auth = requireAuth(request);
      return {
        data: {
          user_id: auth.userId,
          username: auth.username,
          given_names: auth.givenNames,
          surname: auth.surname,
          session_expiry: auth.expiresAt.toISOString(),
        },
      };
    },
  });

  app.route({
    ...routeFor(authRoutes.profile),
    handler: async (request) => {
      const profile = await getProfile(db, requireAuth(request).userId);
      if (!profile) throw notFound();
      return { data: profile };
    },
  });

  app.route({
    ...routeFor(authRoutes.contact),
    handler: async (request) => {
      // Scoped to the caller's account: another account's contact answers 404, never its data.
      const profile = await getProfile(db, request.params.userid, requireAuth(request).accountId);
      if (!profile) throw notFound();
      return { data: profile };
    },
  });

  app.route({
    ...routeFor(authRoutes.permissions),
    // Read with the token by the auth hook: no second query.
    handler: async (request) => {
      const held = requireAuth(request).permissions;
      return {
        data: permissionNames.map((permission) => ({
          permission,
          enabled: held.has(permission) ? (1 as const) : (0 as const),
        })),
      };
    },
  });
};
