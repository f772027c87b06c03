import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminCallbacksRoutes } from '@outpost/contracts/admin-callbacks';
import type { Brand } from '@outpost/contracts/brand';
import type { CallbackSettings } from '@outpost/domain/callback-slots';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { routeFor } from '../../lib/route';
import type { Once } from './admin-catalogue-items.routes';
import type { AdminCaller } from './api-keys.service';
import { adminError } from './admin.errors';
import type { CallbackStaff } from './admin-callbacks.service';
import {
  bookCallbackForCustomer,
  callbackSchedule,
  recordCallbackOutcome,
  setCallbackCapacity,
} from './admin-callbacks.service';

type App = Parameters<FastifyPluginAsyncZod>[0];

export type CallbackRoutesDeps = {
  db: Db;
  clock: Clock;
  brand: Brand;
  publicUrl: string;
  once: Once;
  /** The business file's teams, hours and slot settings (docs/decisions/042). */
  callbacks: CallbackSettings;
};

/**
 * The staff member at the desk: the scope `tickets` is held by staff roles only (decision 057), and
 * an outcome or a booking carries the person's name.
 */
function deskStaff(request: { admin: AdminCaller | null }): CallbackStaff {
  const caller = request.admin;
  if (caller?.kind !== 'staff') throw adminError('adminScopeMissing');
  return {
    staffId: caller.staff.id,
    apiKeyId: null,
    staff: { id: caller.staff.id, name: caller.staff.name },
  };
}

/**
 * The callback schedule's routes (docs/decisions/059), on the admin module's own instance: the
 * schedule, outcomes, capacities, and a callback booked for a customer. The auth hook has checked
 * the scope and audits every call; each write adds its own audit row with what changed.
 */
export function registerCallbackRoutes(app: App, deps: CallbackRoutesDeps): void {
  const { db, clock, once, callbacks: settings } = deps;

  app.route({
    ...routeFor(adminCallbacksRoutes.adminCallbackSchedule),
    handler: async (request) => ({
      data: await callbackSchedule(db, {
        team: request.query.team,
        from: request.query.from,
        days: Number(request.query.days ?? '1'),
        now: clock(),
        settings,
      }),
    }),
  });

  app.route({
    ...routeFor(adminCallbacksRoutes.adminCallbackOutcome),
    // Once by itself: the same outcome again changes nothing, another answers 409.
    handler: async (request) => ({
      data: await withTransaction(db, (tx) =>
        recordCallbackOutcome(
          tx,
          deps,
          request.params.callbackid,
          request.body,
          deskStaff(request),
          clock(),
          settings,
        ),
      ),
    }),
  });

  app.route({
    ...routeFor(adminCallbacksRoutes.adminCallbackCapacity),
    // Idempotent by itself: setting what is there changes nothing.
    handler: async (request) => ({
      data: await withTransaction(db, (tx) =>
        setCallbackCapacity(tx, request.body, deskStaff(request), clock(), settings),
      ),
    }),
  });

  app.route({
    ...routeFor(adminCallbacksRoutes.adminBookCallback),
    handler: async (request, reply) => {
      const staff = deskStaff(request);
      return {
        data: await once(request, reply, (tx, _by, now) =>
          bookCallbackForCustomer(
            tx,
            deps,
            request.params.accountid,
            request.body,
            staff,
            now,
            settings,
          ),
        ),
      };
    },
  });
}
