import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { advisoriesRoutes } from '@outpost/contracts/advisories';
import { seesServices } from '@outpost/domain/services';
import type { Clock } from '../../lib/clock';
import { routeFor } from '../../lib/route';
import type { AuthContext } from '../../lib/auth-context';
import { requireAuth } from '../../lib/auth-context';
import type { AdvisoryDeps, AdvisoryViewer } from './advisories.service';
import { advisoryPageFrom, advisoryPageRows, advisoryPageValues } from './advisory-page';
import { callerInStatement, checkCaller, userTokenHash } from '../auth/caller';
import {
  createAdvisory,
  deliverAdvisoryUpdates,
  getAdvisory,
  setSubscription,
  updateAdvisory,
} from './advisories.service';

function viewerOf(auth: AuthContext): AdvisoryViewer {
  return {
    userId: auth.userId,
    accountId: auth.accountId,
    // As the dashboard's services block (docs/decisions/017): who may see the services.
    seesServices: seesServices(auth.permissions),
  };
}

/** Network status (docs/decisions/019): advisories, subscriptions, network operations' calls. */
export const advisoriesModule: FastifyPluginAsyncZod<{
  deps: AdvisoryDeps & { clock: Clock };
}> = async (app, { deps }) => {
  const { db, clock } = deps;

  app.route({
    // A hot read: the caller is read in the page's own statement (one round trip).
    ...callerInStatement(routeFor(advisoriesRoutes.networkStatus)),
    handler: async (request) => {
      const page = request.query.page ?? 1;
      const [found] = await advisoryPageRows(db, {
        hash: userTokenHash(request),
        ...advisoryPageValues(page),
      });
      const { row } = checkCaller(request, found, clock());
      return { data: advisoryPageFrom(row.advisories, page) };
    },
  });

  app.route({
    ...routeFor(advisoriesRoutes.advisory),
    handler: async (request) => ({
      data: await getAdvisory(db, viewerOf(requireAuth(request)), request.params.advisoryid),
    }),
  });

  app.route({
    ...routeFor(advisoriesRoutes.subscribeAdvisory),
    handler: async (request) => ({
      data: await setSubscription(
        db,
        requireAuth(request).userId,
        request.params.advisoryid,
        true,
        clock(),
      ),
    }),
  });

  app.route({
    ...routeFor(advisoriesRoutes.unsubscribeAdvisory),
    handler: async (request) => ({
      data: await setSubscription(
        db,
        requireAuth(request).userId,
        request.params.advisoryid,
        false,
        clock(),
      ),
    }),
  });

  app.route({
    ...routeFor(advisoriesRoutes.internalCreateAdvisory),
    handler: async (request) => {
      const created = await createAdvisory(db, request.body, clock());
      return { data: { ...created, updateid: null, notified: 0 } };
    },
  });

  app.route({
    ...routeFor(advisoriesRoutes.internalUpdateAdvisory),
    handler: async (request) => {
      const result = await updateAdvisory(db, request.params.advisoryid, request.body, clock());
      // After the commit: the update's messages (each claimed once, docs/decisions/019).
      await deliverAdvisoryUpdates(
        { ...deps, onError: (error, context) => request.log.error({ err: error }, context) },
        clock(),
      );
      return {
        data: {
          advisoryid: result.advisoryid,
          status: result.status,
          updateid: result.updateid,
          notified: result.subscribers,
        },
      };
    },
  });
};
