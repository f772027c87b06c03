import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRoutes } from '@outpost/contracts/auth-routes';
import type { Database } from '../../db/client';
import { migrationsApplied, pingDatabase } from '../../db/client';
import { routeFor } from '../../lib/route';
import type { RateLimitStore } from '../../plugins/rate-limit-store';

/** A check that takes longer than this counts as failed (readiness must answer quickly). */
const CHECK_TIMEOUT_MS = 2_000;

async function passes(check: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      check(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Health (docs/decisions/024): the database check, readiness for a load balancer (database and
 * Redis reachable, every migration applied; 503 otherwise) and liveness (the process answers).
 */
export const healthModule: FastifyPluginAsyncZod<{
  database: Database;
  rateLimits?: RateLimitStore;
}> = async (app, { database, rateLimits }) => {
  app.route({
    ...routeFor(authRoutes.health),
    handler: async () => {
      await pingDatabase(database.db);
      return {
        data: { status: 'ok' as const, database: database.kind, time: new Date().toISOString() },
      };
    },
  });

  app.route({
    ...routeFor(authRoutes.healthReady),
    handler: async (_request, reply) => {
      const ping = rateLimits?.ping;
      const [db, redis, migrations] = await Promise.all([
        passes(() => pingDatabase(database.db)),
        ping ? passes(ping) : Promise.resolve(null),
        passes(async () => {
          if (!(await migrationsApplied(database.db))) throw new Error('pending');
        }),
      ]);
      reply.header('cache-control', 'no-store');
      const checks = { database: db, redis, migrations };
      if (db && redis !== false && migrations)
        return { data: { status: 'ready' as const, checks } };
      // A failure in the envelope every failure has: the failed checks named, each in `fields`.
      const failed = Object.entries(checks).filter(([, ok]) => ok === false);
      return reply.code(503).send({
        data: {
          error: `Internal error: not ready (${failed.map(([name]) => name).join(', ')}).`,
          fields: Object.fromEntries(
            Object.entries(checks).map(([name, ok]) => [
              name,
              ok === null ? 'not used' : ok ? 'ok' : 'failed',
            ]),
          ),
        },
      });
    },
  });

  app.route({
    ...routeFor(authRoutes.healthLive),
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: { status: 'alive' as const } };
    },
  });
};
