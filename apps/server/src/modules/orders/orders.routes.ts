import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Brand } from '@outpost/contracts/brand';
import type { OrderResult } from '@outpost/contracts/orders';
import { ordersRoutes } from '@outpost/contracts/orders';
import type { Messaging } from '../../adapters/messaging';
import { enqueueMessage } from '../../adapters/messaging';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { limitMessages } from '../../lib/message-limits';
import { withoutLinks } from '@outpost/domain/name-rules';
import { preparedRoute } from '../../lib/prepared-route';
import { routeFor } from '../../lib/route';
import { requireAuth } from '../../lib/auth-context';
import { ownedService } from '../services/services.service';
import {
  checkProductOrder,
  checkTelephonyOrder,
  listProducts,
  listProviders,
  placeProductOrder,
  placeTelephonyOrder,
} from './applications.service';
import {
  changeBarring,
  changeTelephonyFeatures,
  listBarringOptions,
  listTelephonyFeatures,
  moveOrder,
  orderRecipient,
} from './orders.service';

export type OrdersDeps = {
  db: Db;
  clock: Clock;
  messaging: Messaging;
  brand: Brand;
  publicUrl: string;
};

/**
 * Orders (docs/decisions/021, 022): call barring and landline options on a service (change-plan;
 * the service is the caller's, else 404), product orders (purchase-products), transfers and new
 * VoIP (order-services) as prepare/commit, each an order with its ticket and an email; and the
 * provider's move of an order's status (internal).
 */
export const ordersModule: FastifyPluginAsyncZod<{ deps: OrdersDeps }> = async (app, { deps }) => {
  const { db, clock, brand, publicUrl } = deps;

  /**
   * The order and ticket numbers by email, to the outbox in the order's transaction (sent after
   * the commit by the job worker; docs/decisions/027).
   */
  const sendOrderEmail = async (
    tx: Db,
    caller: { userId: number; accountId: number },
    what: string,
    order: OrderResult,
  ) => {
    const to = await orderRecipient(tx, order.ticketid);
    if (!to?.email) return;
    // The order mail's limits (decision 036): a refusal rolls the order back too.
    await limitMessages(tx, 'order', caller, to.email);
    await enqueueMessage(tx, 'email', {
      to: to.email,
      subject: `${brand.providerName}: we have your order (ticket ${order.number})`,
      body: [
        `Hello ${withoutLinks(to.given_names)},`,
        '',
        `Thank you for your ${what}. Your order number is ${order.orderid} and your ticket number is ${order.number}.`,
        'Please quote the ticket number if you call us. You can follow it in My Tickets:',
        `${publicUrl}/support/my-tickets/${order.ticketid}`,
        '',
        `The ${brand.providerName} team`,
      ].join('\n'),
    });
  };

  app.route({
    ...routeFor(ordersRoutes.barringOptions),
    handler: async (request) => {
      const service = await ownedService(
        db,
        requireAuth(request).accountId,
        request.params.serviceid,
      );
      return { data: await listBarringOptions(db, service) };
    },
  });

  app.route({
    ...routeFor(ordersRoutes.setBarring),
    handler: async (request) => {
      const caller = requireAuth(request);
      const now = clock();
      const { result } = await withTransaction(db, async (tx) => {
        const service = await ownedService(tx, caller.accountId, request.params.serviceid, true);
        const changed = await changeBarring(
          tx,
          service,
          request.body.barring_mode,
          { userId: caller.userId, authorName: `${caller.givenNames} ${caller.surname}` },
          now,
        );
        if (changed.created)
          await sendOrderEmail(tx, caller, 'call barring change', changed.result);
        return changed;
      });
      return { data: result };
    },
  });

  app.route({
    ...routeFor(ordersRoutes.telephonyFeatures),
    handler: async (request) => {
      const caller = requireAuth(request);
      const service = await ownedService(db, caller.accountId, request.params.serviceid);
      return { data: await listTelephonyFeatures(db, service, caller.permissions) };
    },
  });

  app.route({
    ...routeFor(ordersRoutes.setTelephonyFeatures),
    handler: async (request) => {
      const caller = requireAuth(request);
      const now = clock();
      const { result } = await withTransaction(db, async (tx) => {
        const service = await ownedService(tx, caller.accountId, request.params.serviceid, true);
        const changed = await changeTelephonyFeatures(
          tx,
          service,
          request.body,
          {
            userId: caller.userId,
            authorName: `${caller.givenNames} ${caller.surname}`,
            permissions: caller.permissions,
          },
          now,
        );
        if (changed.created)
          await sendOrderEmail(tx, caller, 'landline options change', changed.result);
        return changed;
      });
      return { data: result };
    },
  });

  const authorOf = (caller: { userId: number; givenNames: string; surname: string }) => ({
    userId: caller.userId,
    authorName: `${caller.givenNames} ${caller.surname}`,
  });
  /** The service named in the body: the caller's (else 404), locked inside the commit. */
  const bodyService = {
    load: (
      from: Db,
      input: { caller: { accountId: number }; body: { serviceid: number } },
      lock: boolean,
    ) => ownedService(from, input.caller.accountId, input.body.serviceid, lock),
    payload: (input: { body: object }) => ({ ...input.body }),
  };

  app.route({
    ...routeFor(ordersRoutes.products),
    handler: async () => ({ data: await listProducts(db) }),
  });

  preparedRoute(app, deps, {
    kind: 'product-order',
    prepare: ordersRoutes.productOrderPrepare,
    commit: ordersRoutes.productOrderCommit,
    ...bodyService,
    check: (from, service, { body }) => checkProductOrder(from, service, body),
    apply: async (tx, { object, decision, input }) => {
      const result = await placeProductOrder(
        tx,
        object,
        decision,
        input.body,
        authorOf(input.caller),
        input.now,
      );
      await sendOrderEmail(tx, input.caller, `order of a ${decision.name}`, result);
      return result;
    },
  });

  preparedRoute(app, deps, {
    kind: 'telephony-order',
    prepare: ordersRoutes.prepareOrder,
    commit: ordersRoutes.commitOrder,
    ...bodyService,
    check: (from, service, { body, now }) => checkTelephonyOrder(from, service, body, now),
    apply: async (tx, { object, decision, input }) => {
      const result = await placeTelephonyOrder(
        tx,
        object,
        input.body,
        decision,
        authorOf(input.caller),
        input.now,
      );
      const what = {
        'landline-transfer': 'landline transfer request',
        'voip-transfer': 'VoIP transfer request',
        'new-voip': 'new VoIP service order',
      }[decision.kind as 'landline-transfer' | 'voip-transfer' | 'new-voip'];
      await sendOrderEmail(tx, input.caller, what, result);
      return result;
    },
  });

  app.route({
    ...routeFor(ordersRoutes.landlineProviders),
    handler: async () => ({ data: await listProviders(db, 'Landline') }),
  });
  app.route({
    ...routeFor(ordersRoutes.voipProviders),
    handler: async () => ({ data: await listProviders(db, 'VOIP') }),
  });

  app.route({
    ...routeFor(ordersRoutes.internalOrderStatus),
    handler: async (request) => {
      const now = clock();
      const moved = await withTransaction(db, (tx) =>
        moveOrder(tx, { brand, publicUrl }, request.params.orderid, request.body, now),
      );
      const { orderid, status, ticketid, ticket_status } = moved;
      return { data: { orderid, status, ticketid, ticket_status } };
    },
  });
};
