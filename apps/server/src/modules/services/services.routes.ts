import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { servicesRoutes } from '@outpost/contracts/services-routes';
import type { Brand } from '@outpost/contracts/brand';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import type { PreparedInput } from '../../lib/prepared-route';
import { preparedRoute } from '../../lib/prepared-route';
import { routeFor } from '../../lib/route';
import { requireAuth } from '../../lib/auth-context';
import { applyPlanChange, blocksPurchased, purchaseBlock } from './changes.service';
import { renderPlanDocument } from './plan-documents';
import { announcedPriceChange } from './plan-prices';
import {
  availableBlocks,
  availablePlans,
  checkNickname,
  decideBlock,
  decideChange,
  listServices,
  ownedService,
  planOptions,
  setNickname,
  visiblePlan,
} from './services.service';
import type { ServiceRow } from './services.service';
import type { ActivityService, Service } from '@outpost/contracts/services';

/** Only the fields of `ActivityService`, copied by name (never the whole row). */
function toActivityService(s: Service): ActivityService {
  return {
    serviceid: s.serviceid,
    type: s.type,
    status: s.status,
    technology: s.technology,
    plan: s.plan,
    is_limitless: s.is_limitless,
    peak_quota: s.peak_quota,
    offpeak_quota: s.offpeak_quota,
    identifier: s.identifier,
    nickname: s.nickname,
    period_end: s.period_end,
    cancels_on: s.cancels_on,
  };
}

export type ServicesDeps = { db: Db; clock: Clock; brand: Brand };

/** The input of a change to one service (every change route takes `serviceid`). */
type ServiceInput = PreparedInput<
  | typeof servicesRoutes.changePlanPrepare
  | typeof servicesRoutes.setNicknamePrepare
  | typeof servicesRoutes.purchaseBlockPrepare
>;

/**
 * My Services (spec 2). The auth hook has checked the token and permissions of each route's
 * inventory row; every service is looked up within the caller's account (another account's
 * service answers 404). Changes are prepare -> commit: the commit re-checks everything with the
 * service row locked and applies exactly once.
 */
export const servicesModule: FastifyPluginAsyncZod<{ deps: ServicesDeps }> = async (
  app,
  { deps },
) => {
  const { db, clock } = deps;

  app.route({
    ...routeFor(servicesRoutes.services),
    handler: async (request) => ({ data: await listServices(db, requireAuth(request).accountId) }),
  });

  // The same list, cut down to what the usage pages show (the response schema keeps only those
  // fields): view-activity without view-services sees no price, address or option.
  app.route({
    ...routeFor(servicesRoutes.activityServices),
    handler: async (request) => ({
      data: (await listServices(db, requireAuth(request).accountId)).map(toActivityService),
    }),
  });

  app.route({
    ...routeFor(servicesRoutes.availablePlans),
    handler: async (request) => {
      const service = await ownedService(
        db,
        requireAuth(request).accountId,
        request.params.serviceid,
      );
      return { data: await availablePlans(db, service, clock()) };
    },
  });

  app.route({
    ...routeFor(servicesRoutes.planOptions),
    handler: async (request) => {
      await visiblePlan(db, requireAuth(request).accountId, request.params.planid, clock());
      return { data: await planOptions(db, request.params.planid) };
    },
  });

  app.route({
    ...routeFor(servicesRoutes.planDocument),
    handler: async (request, reply) => {
      const { planid, document } = request.params;
      const now = clock();
      const plan = await visiblePlan(db, requireAuth(request).accountId, planid, now);
      if ((document === 'kfs' ? plan.kfsRef : plan.cisRef) === null) throw notFound();
      const pdf = await renderPlanDocument(
        plan,
        await planOptions(db, planid),
        document,
        deps.brand,
        now,
        await announcedPriceChange(db, planid, now),
      );
      const name = `${document === 'kfs' ? 'key-fact-sheet' : 'critical-information-summary'}-${planid}.pdf`;
      return (
        reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'private, max-age=3600')
          // The typed reply describes the JSON errors only (the row's `produces` route).
          .send(pdf as never)
      );
    },
  });

  // The changes: each a declared prepare/commit on one of the caller's services.
  const service = {
    load: (from: Db, { caller, params }: ServiceInput, lock: boolean) =>
      ownedService(from, caller.accountId, params.serviceid, lock),
    payload: ({ body }: ServiceInput, { id }: ServiceRow) => ({ serviceid: id, ...body }),
  };

  preparedRoute(app, deps, {
    kind: 'change-plan',
    prepare: servicesRoutes.changePlanPrepare,
    commit: servicesRoutes.changePlanCommit,
    ...service,
    check: (from, object, { body }) => decideChange(from, object, body),
    apply: (tx, { object, decision, input }) =>
      applyPlanChange(tx, object, decision, input.caller.userId, input.now),
  });

  preparedRoute(app, deps, {
    kind: 'set-nickname',
    prepare: servicesRoutes.setNicknamePrepare,
    commit: servicesRoutes.setNicknameCommit,
    ...service,
    check: (_from, object) => checkNickname(object),
    apply: async (tx, { object, input }) => {
      const nickname = input.body.nickname === '' ? null : input.body.nickname;
      await setNickname(tx, object.id, nickname);
      return { serviceid: object.id, nickname };
    },
  });

  app.route({
    ...routeFor(servicesRoutes.availableBlocks),
    handler: async (request) => {
      const service = await ownedService(
        db,
        requireAuth(request).accountId,
        request.params.serviceid,
      );
      return { data: await availableBlocks(db, service) };
    },
  });

  preparedRoute(app, deps, {
    kind: 'purchase-block',
    prepare: servicesRoutes.purchaseBlockPrepare,
    commit: servicesRoutes.purchaseBlockCommit,
    ...service,
    check: (from, object, { body }) => decideBlock(from, object, body.dbid),
    apply: (tx, { object, decision, input }) =>
      purchaseBlock(tx, object, decision, input.caller.userId, input.now),
  });

  app.route({
    ...routeFor(servicesRoutes.blocksPurchased),
    handler: async (request) => {
      const service = await ownedService(
        db,
        requireAuth(request).accountId,
        request.params.serviceid,
      );
      return { data: await blocksPurchased(db, service.id, clock()) };
    },
  });
};
