import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRoutes } from '@outpost/contracts/api-routes';
import type { Database } from '../../db/client';
import { pingDatabase } from '../../db/client';
import { routeFor } from '../../lib/route';

export const healthModule: FastifyPluginAsyncZod<{ database: Database }> = async (
  app,
  { database },
) => {
  app.route({
    ...routeFor(authRoutes.health),
    handler: async () => {
      await pingDatabase(database.db);
      return {
        data: { status: 'ok' as const, database: database.kind, time: new Date().toISOString() },
      };
    },
  });
};
