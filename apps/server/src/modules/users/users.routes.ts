import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRoutes } from '@outpost/contracts/api-routes';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { routeFor } from '../../lib/route';
import { requireAuth } from '../../plugins/auth';
import { users } from '../accounts/accounts.schema';
import { tokens } from '../auth/auth.schema';
import { effectivePermissions, getProfile } from './users.service';

export const usersModule: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.route({
    ...routeFor(authRoutes.currentUser),
    handler: async (request) => {
      const auth = requireAuth(request);
      const [row] = await db
        .select({
          user_id: users.id,
          username: users.username,
          given_names: users.givenNames,
          surname: users.surname,
          expires: tokens.expiresAt,
        })
        .from(users)
        .innerJoin(
          tokens,
          and(
            eq(tokens.userId, users.id),
            eq(tokens.familyId, auth.familyId),
            eq(tokens.type, 'USER'),
          ),
        )
        .where(eq(users.id, auth.userId))
        .orderBy(tokens.expiresAt)
        .limit(1);
      if (!row) throw notFound();
      const { expires, ...summary } = row;
      return { data: { ...summary, session_expiry: expires.toISOString() } };
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
    handler: async (request) => ({
      data: await effectivePermissions(db, requireAuth(request).userId),
    }),
  });
};
