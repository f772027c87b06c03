import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recoveryRoutes } from '@outpost/contracts/api-routes';
import { routeFor } from '../../lib/route';
import type { RecoveryDeps } from './recovery.service';
import { commitRequest, commitVerify, prepareRequest, prepareVerify } from './recovery.service';

export const recoveryModule: FastifyPluginAsyncZod<{ deps: RecoveryDeps }> = async (
  app,
  { deps },
) => {
  const meta = (request: { ip: string; headers: Record<string, unknown> }) => ({
    ip: request.ip,
    userAgent:
      typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'] : undefined,
  });

  app.route({
    ...routeFor(recoveryRoutes.recoverRequestPrepare),
    handler: async (request) => ({
      data: { csrf: await prepareRequest(deps, request.body, meta(request)) },
    }),
  });
  app.route({
    ...routeFor(recoveryRoutes.recoverRequestCommit),
    handler: async (request) => ({
      data: { delivery: await commitRequest(deps, request.body, meta(request)) },
    }),
  });
  app.route({
    ...routeFor(recoveryRoutes.recoverVerifyPrepare),
    handler: async (request) => ({
      data: { csrf: await prepareVerify(deps, request.body, meta(request)) },
    }),
  });
  app.route({
    ...routeFor(recoveryRoutes.recoverVerifyCommit),
    handler: async (request) => ({ data: await commitVerify(deps, request.body, meta(request)) }),
  });
};
