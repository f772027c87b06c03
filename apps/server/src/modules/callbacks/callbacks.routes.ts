import { enqueueMessage } from '../../adapters/messaging';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callbacksRoutes } from '@outpost/contracts/callbacks';
import type { CallbackSettings } from '@outpost/domain/callback-slots';
import type { Messaging } from '../../adapters/messaging';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { limitMessages } from '../../lib/message-limits';
import { preparedRoute } from '../../lib/prepared-route';
import { routeFor } from '../../lib/route';
import { requireAuth } from '../../lib/auth-context';
import {
  bookCallback,
  callbackTimes,
  cancelCallback,
  checkBooking,
  confirmationEmail,
  loadCaller,
  upcomingCallbacks,
} from './callbacks.service';

export type CallbacksDeps = {
  db: Db;
  clock: Clock;
  messaging: Messaging;
  providerName: string;
  /** The business file's teams, hours, slot settings and closed days (docs/decisions/042). */
  settings: CallbackSettings;
};

/**
 * Callbacks (docs/decisions/017, "Callbacks"): any active contact may book a call from a team
 * for themselves; their bookings are theirs alone (another contact's answers 404). A booking is
 * prepare -> commit: the commit re-checks the slot with the caller's row locked, takes a seat
 * with one guarded statement and opens the ticket in the same transaction; the email follows
 * the commit.
 */
export const callbacksModule: FastifyPluginAsyncZod<{ deps: CallbacksDeps }> = async (
  app,
  { deps },
) => {
  const { db, clock, settings } = deps;

  app.route({
    ...routeFor(callbacksRoutes.callbackTimes),
    handler: async (request) => ({
      data: await callbackTimes(db, {
        accountId: requireAuth(request).accountId,
        team: request.query.team,
        tz: request.query.tz,
        now: clock(),
        settings,
      }),
    }),
  });

  app.route({
    ...routeFor(callbacksRoutes.callbacks),
    handler: async (request) => ({
      data: await upcomingCallbacks(db, requireAuth(request).userId, clock(), settings),
    }),
  });

  preparedRoute(app, deps, {
    kind: 'request-callback',
    prepare: callbacksRoutes.requestCallbackPrepare,
    commit: callbacksRoutes.requestCallbackCommit,
    load: (from, { caller }, lock) => loadCaller(from, caller.userId, lock),
    payload: ({ body }) => ({ ...body }),
    check: (from, caller, { body, now }) => checkBooking(from, caller, body, now, settings),
    apply: async (tx, { object: caller, input }) => {
      const callback = await bookCallback(tx, caller, input.body, input.now, settings);
      const email = confirmationEmail(caller, callback, input.body.time_zone, deps.providerName);
      if (email) {
        // The confirmation's limits (decision 036): a refusal rolls the booking back too.
        await limitMessages(tx, 'callbackBooking', input.caller, email.to);
        await enqueueMessage(tx, 'email', email);
      }
      return callback;
    },
  });

  app.route({
    ...routeFor(callbacksRoutes.cancelCallback),
    handler: async (request) => {
      const auth = requireAuth(request);
      await cancelCallback(
        db,
        { userId: auth.userId, name: `${auth.givenNames} ${auth.surname}` },
        request.params.callbackid,
        clock(),
      );
      return { data: { cancelled: true as const } };
    },
  });
};
