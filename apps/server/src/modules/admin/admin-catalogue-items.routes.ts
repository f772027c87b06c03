import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { RouteContract } from '@outpost/contracts/route-contract';
import { withTransaction, type Db } from '../../db/client';
import { routeFor } from '../../lib/route';

type Data<C extends RouteContract> = z.infer<C['response']> extends { data: infer D } ? D : never;
type Body<C extends RouteContract> = C['body'] extends z.ZodType ? z.infer<C['body']> : never;
type Params<C extends RouteContract> = C['params'] extends z.ZodType ? z.infer<C['params']> : never;

/** A write that creates once per Idempotency-Key: the admin module's `once`. */
export type Once = <T>(
  request: FastifyRequest,
  reply: FastifyReply,
  work: (tx: Db, by: string, now: Date) => Promise<T>,
) => Promise<T>;

/**
 * One kind of catalogue item (an extra, a data block, a product): its list (GET), its create
 * (POST, once per Idempotency-Key, inside the key's transaction) and its change (PATCH, in a
 * transaction of its own), each
 * answering `{ data }`. The contracts give the paths and every schema; the audit hook and the
 * error handler do the rest, as for every admin route.
 */
export type CatalogueItemRoutes<
  List extends RouteContract,
  Create extends RouteContract,
  Change extends RouteContract,
> = {
  routes: { list: List; create: Create; change: Change };
  list: (db: Db) => Promise<Data<List>>;
  create: (tx: Db, body: Body<Create>) => Promise<Data<Create>>;
  /** Runs in a transaction of its own (`tx`). */
  change: (tx: Db, params: Params<Change>, body: Body<Change>) => Promise<Data<Change>>;
};

type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * Registers a catalogue kind's list, create and change routes on the admin module's own
 * instance, there and then (not as a plugin of its own): the routes keep their place in the
 * module, and so in the OpenAPI document.
 */
export function registerCatalogueItemRoutes<
  List extends RouteContract,
  Create extends RouteContract,
  Change extends RouteContract,
>(
  app: App,
  { db, once }: { db: Db; once: Once },
  kind: CatalogueItemRoutes<List, Create, Change>,
): void {
  // Fastify checks each request and answer against the contract's schemas at run time; the
  // types are checked where a kind is declared (its functions against its contracts), so the
  // routes here take the contracts as plain RouteContracts.
  app.route({
    ...routeFor<RouteContract>(kind.routes.list),
    handler: async () => ({ data: await kind.list(db) }),
  });
  app.route({
    ...routeFor<RouteContract>(kind.routes.create),
    handler: async (request, reply) =>
      once(request, reply, async (tx) => ({
        data: await kind.create(tx, request.body as Body<Create>),
      })),
  });
  app.route({
    ...routeFor<RouteContract>(kind.routes.change),
    // One transaction: the change reads the item (locked), checks the whole of it, then writes,
    // so two changes at once never pass their checks against the same old item.
    handler: async (request) => ({
      data: await withTransaction(db, (tx) =>
        kind.change(tx, request.params as Params<Change>, request.body as Body<Change>),
      ),
    }),
  });
}
