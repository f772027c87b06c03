import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRoutes, recoveryRoutes } from '@outpost/contracts/auth-routes';
import { requestMeta as meta, routeFor } from '../../lib/route';
import { headerValue, requireAuth } from '../../lib/auth-context';
import type { AuthDeps } from './auth.service';
import { changePassword, login, logout, refresh } from './auth.service';

export const authModule: FastifyPluginAsyncZod<{ deps: AuthDeps }> = async (app, { deps }) => {
  app.route({
    ...routeFor(authRoutes.login),
    handler: async (request) => ({ data: await login(deps, request.body, meta(request)) }),
  });

  app.route({
    ...routeFor(authRoutes.refresh),
    handler: async (request) => ({
      data: await refresh(deps, headerValue(request, 'x-refresh-token'), meta(request)),
    }),
  });

  app.route({
    ...routeFor(authRoutes.logout),
    handler: async (request) => {
      await logout(deps, requireAuth(request), meta(request));
      return { data: { logged_out: true as const } };
    },
  });

  app.route({
    ...routeFor(recoveryRoutes.updatePassword),
    handler: async (request) => {
      await changePassword(deps, requireAuth(request), request.body, meta(request));
      return { data: { updated: true as const } };
    },
  });
};
