import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { securityRoutes } from '@outpost/contracts/security';
import { routeFor } from '../../lib/route';
import { requireAuth } from '../../lib/auth-context';
import type { SecurityDeps } from './security.service';
import {
  endOtherSessions,
  endSession,
  getMethodPreference,
  getTwoFactor,
  identificationOptions,
  listSessions,
  startAuthenticator,
  updateMethodPreference,
  updateTwoFactor,
} from './security.service';

/** Account Security (spec 3 sections 3, 5, 7; docs/decisions/016). No route permission: every contact's own. */
export const securityModule: FastifyPluginAsyncZod<{ deps: SecurityDeps }> = async (
  app,
  { deps },
) => {
  app.route({
    ...routeFor(securityRoutes.methodPreferenceOptions),
    handler: async () => ({ data: [...identificationOptions] }),
  });

  app.route({
    ...routeFor(securityRoutes.methodPreference),
    handler: async (request) => ({
      data: await getMethodPreference(deps.db, requireAuth(request).userId),
    }),
  });

  app.route({
    ...routeFor(securityRoutes.updateMethodPreference),
    handler: async (request) => ({
      data: await updateMethodPreference(deps.db, requireAuth(request).userId, request.body),
    }),
  });

  app.route({
    ...routeFor(securityRoutes.twoFactor),
    handler: async (request) => ({
      data: await getTwoFactor(deps.db, requireAuth(request).userId),
    }),
  });

  app.route({
    ...routeFor(securityRoutes.updateTwoFactor),
    handler: async (request) => ({
      data: await updateTwoFactor(deps, requireAuth(request), request.body),
    }),
  });

  app.route({
    ...routeFor(securityRoutes.twoFactorAuthenticator),
    handler: async (request) => ({ data: await startAuthenticator(deps, requireAuth(request)) }),
  });

  app.route({
    ...routeFor(securityRoutes.sessions),
    handler: async (request) => ({ data: await listSessions(deps, requireAuth(request)) }),
  });

  app.route({
    ...routeFor(securityRoutes.endSession),
    handler: async (request) => {
      await endSession(deps, requireAuth(request), request.params.sessionid);
      return { data: { ended: true as const } };
    },
  });

  app.route({
    ...routeFor(securityRoutes.endOtherSessions),
    handler: async (request) => ({
      data: { ended: await endOtherSessions(deps, requireAuth(request)) },
    }),
  });
};
