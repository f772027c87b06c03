import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAdvisoriesRoutes } from '@outpost/contracts/admin-advisories';
import type { Messaging } from '../../adapters/messaging';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { routeFor } from '../../lib/route';
import { deliverAdvisoryUpdates } from '../advisories/advisories.service';
import type { DeskCaller } from './admin-desk.service';
import type { Once } from './admin-catalogue-items.routes';
import {
  advisoryAreas,
  listAdvisories,
  postAdvisoryUpdate,
  previewAdvisory,
  publishAdvisory,
  resolveAdvisory,
} from './admin-advisories.service';
import type { AdminCaller } from './api-keys.service';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** What the advisories routes need from the admin module. */
export type AdminAdvisoriesDeps = {
  db: Db;
  clock: Clock;
  messaging: Messaging;
  brandName: string;
  publicUrl: string;
  /** The module's once-per-Idempotency-Key write. */
  once: Once;
  /** Who is calling, for the staff audit. */
  deskCaller: (request: { admin: AdminCaller | null }) => DeskCaller;
};

/**
 * Network advisories (docs/decisions/019, "The staff editor"): the list, the areas, the preview,
 * publishing, updates and resolving. Registered on the admin module's own instance, as the orders
 * routes are: the auth hook checks each route's scope and audits the call.
 */
export function registerAdvisoryRoutes(app: App, deps: AdminAdvisoriesDeps): void {
  const { db, clock, once, deskCaller } = deps;

  /** After the commit: what the update owes its subscribers, each claimed once (decision 019). */
  const deliver = async (request: { log: { error: (o: object, m: string) => void } }) =>
    deliverAdvisoryUpdates(
      {
        db,
        messaging: deps.messaging,
        brandName: deps.brandName,
        publicUrl: deps.publicUrl,
        onError: (error, context) => request.log.error({ err: error }, context),
      },
      clock(),
    );

  app.route({
    ...routeFor(adminAdvisoriesRoutes.adminAdvisories),
    handler: async (request) => {
      const page = await listAdvisories(db, request.query);
      return { data: page.rows, has_more: page.hasMore };
    },
  });

  app.route({
    ...routeFor(adminAdvisoriesRoutes.adminAdvisoryAreas),
    handler: async () => ({ data: await advisoryAreas(db) }),
  });

  app.route({
    ...routeFor(adminAdvisoriesRoutes.adminAdvisoryPreview),
    handler: async (request) => ({ data: await previewAdvisory(db, request.body.areas) }),
  });

  app.route({
    ...routeFor(adminAdvisoriesRoutes.adminCreateAdvisory),
    // Once per Idempotency-Key: a retried publish answers the first advisory, makes no second.
    handler: async (request, reply) =>
      once(request, reply, async (tx, _by, now) => ({
        data: await publishAdvisory(tx, request.body, deskCaller(request), now),
      })),
  });

  app.route({
    ...routeFor(adminAdvisoriesRoutes.adminAdvisoryUpdate),
    handler: async (request, reply) => {
      const result = await once(request, reply, async (tx, _by, now) => ({
        data: await postAdvisoryUpdate(
          tx,
          request.params.advisoryid,
          request.body,
          deskCaller(request),
          now,
        ),
      }));
      await deliver(request);
      return result;
    },
  });

  app.route({
    ...routeFor(adminAdvisoriesRoutes.adminResolveAdvisory),
    handler: async (request, reply) => {
      const result = await once(request, reply, async (tx, _by, now) => ({
        data: await resolveAdvisory(
          tx,
          request.params.advisoryid,
          request.body,
          deskCaller(request),
          now,
        ),
      }));
      await deliver(request);
      return result;
    },
  });
}
