import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoutes } from '@outpost/contracts/admin';
import type { Brand } from '@outpost/contracts/brand';
import type { Db } from '../../db/client';
import { routeFor } from '../../lib/route';
import { sendPackingSlipPdf } from '../orders/packing-slip-pdf';
import type { DeskCaller } from './admin-desk.service';
import type { Once } from './admin-catalogue-items.routes';
import { adminOrder, listOrders, moveOrderFor, packingSlipOf } from './admin-orders.service';
import type { AdminCaller } from './api-keys.service';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** What the orders routes need from the admin module. */
export type AdminOrdersDeps = {
  db: Db;
  brand: Brand;
  publicUrl: string;
  /** The module's once-per-Idempotency-Key write. */
  once: Once;
  /** Who is calling, for the staff audit. */
  deskCaller: (request: { admin: AdminCaller | null }) => DeskCaller;
};

/**
 * The orders queue (docs/decisions/058): the list, an order, its move and a product order's
 * packing slip. Registered on the admin module's own instance, there and then (not as a plugin
 * of its own), as the catalogue's routes are: the auth hook checks each route's scope and audits
 * the call, the error handler answers the refusals.
 */
export function registerOrderRoutes(app: App, deps: AdminOrdersDeps): void {
  const { db, brand, publicUrl, once, deskCaller } = deps;

  app.route({
    ...routeFor(adminRoutes.adminOrders),
    handler: async (request) => {
      const page = await listOrders(db, request.query);
      return { data: page.rows, has_more: page.hasMore };
    },
  });

  app.route({
    ...routeFor(adminRoutes.adminOrder),
    handler: async (request) => ({ data: await adminOrder(db, request.params.orderid) }),
  });

  app.route({
    ...routeFor(adminRoutes.adminMoveOrder),
    // Once per Idempotency-Key: a retried move answers the first result and mails no one twice.
    handler: async (request, reply) =>
      once(request, reply, async (tx, _by, now) => ({
        data: await moveOrderFor(
          tx,
          { brand, publicUrl },
          request.params.orderid,
          request.body,
          deskCaller(request),
          now,
        ),
      })),
  });

  app.route({
    ...routeFor(adminRoutes.adminPackingSlip),
    handler: async (request, reply) =>
      sendPackingSlipPdf(reply, brand, await packingSlipOf(db, request.params.orderid)),
  });
}
