import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { servicesRoutes } from '@outpost/contracts/api-routes';
import type { Brand } from '@outpost/contracts/brand';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { commitOperation, prepareOperation } from '../../lib/prepared';
import { routeFor } from '../../lib/route';
import { requireAuth } from '../../plugins/auth';
import { applyPlanChange, blocksPurchased, purchaseBlock } from './changes.service';
import { renderPlanDocument } from './plan-documents';
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

export type ServicesDeps = { db: Db; clock: Clock; brand: Brand };

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

  app.route({
    ...routeFor(servicesRoutes.availablePlans),
    handler: async (request) => {
      const service = await ownedService(
        db,
        requireAuth(request).accountId,
        request.params.serviceid,
      );
      return { data: await availablePlans(db, service) };
    },
  });

  app.route({
    ...routeFor(servicesRoutes.planOptions),
    handler: async (request) => {
      await visiblePlan(db, requireAuth(request).accountId, request.params.planid);
      return { data: await planOptions(db, request.params.planid) };
    },
  });

  app.route({
    ...routeFor(servicesRoutes.planDocument),
    handler: async (request, reply) => {
      const { planid, document } = request.params;
      const plan = await visiblePlan(db, requireAuth(request).accountId, planid);
      if ((document === 'kfs' ? plan.kfs_ref : plan.cis_ref) === null) throw notFound();
      const pdf = await renderPlanDocument(
        plan,
        await planOptions(db, planid),
        document,
        deps.brand,
        clock(),
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

  app.route({
    ...routeFor(servicesRoutes.changePlanPrepare),
    handler: async (request) => {
      const auth = requireAuth(request);
      const service = await ownedService(db, auth.accountId, request.params.serviceid);
      await decideChange(db, service, request.body);
      const csrf = await prepareOperation(
        db,
        {
          kind: 'change-plan',
          userId: auth.userId,
          payload: { serviceid: service.id, ...request.body },
        },
        clock(),
      );
      return { data: { csrf } };
    },
  });

  app.route({
    ...routeFor(servicesRoutes.changePlanCommit),
    handler: async (request) => {
      const auth = requireAuth(request);
      const { csrf, ...body } = request.body;
      const serviceid = (await ownedService(db, auth.accountId, request.params.serviceid)).id;
      const now = clock();
      const result = await commitOperation(
        db,
        { kind: 'change-plan', userId: auth.userId, payload: { serviceid, ...body }, csrf },
        now,
        { replayable: true },
        async (tx) => {
          const service = await ownedService(tx, auth.accountId, serviceid, true);
          const decision = await decideChange(tx, service, body);
          return applyPlanChange(tx, service, decision, auth.userId, now);
        },
      );
      return { data: result };
    },
  });

  app.route({
    ...routeFor(servicesRoutes.setNicknamePrepare),
    handler: async (request) => {
      const auth = requireAuth(request);
      const service = await ownedService(db, auth.accountId, request.params.serviceid);
      checkNickname(service);
      const csrf = await prepareOperation(
        db,
        {
          kind: 'set-nickname',
          userId: auth.userId,
          payload: { serviceid: service.id, nickname: request.body.nickname },
        },
        clock(),
      );
      return { data: { csrf } };
    },
  });

  app.route({
    ...routeFor(servicesRoutes.setNicknameCommit),
    handler: async (request) => {
      const auth = requireAuth(request);
      const { csrf, nickname } = request.body;
      const serviceid = (await ownedService(db, auth.accountId, request.params.serviceid)).id;
      const result = await commitOperation(
        db,
        { kind: 'set-nickname', userId: auth.userId, payload: { serviceid, nickname }, csrf },
        clock(),
        { replayable: true },
        async (tx) => {
          checkNickname(await ownedService(tx, auth.accountId, serviceid, true));
          const value = nickname === '' ? null : nickname;
          await setNickname(tx, serviceid, value);
          return { serviceid, nickname: value };
        },
      );
      return { data: result };
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

  app.route({
    ...routeFor(servicesRoutes.purchaseBlockPrepare),
    handler: async (request) => {
      const auth = requireAuth(request);
      const service = await ownedService(db, auth.accountId, request.params.serviceid);
      await decideBlock(db, service, request.body.dbid);
      const csrf = await prepareOperation(
        db,
        {
          kind: 'purchase-block',
          userId: auth.userId,
          payload: { serviceid: service.id, dbid: request.body.dbid },
        },
        clock(),
      );
      return { data: { csrf } };
    },
  });

  app.route({
    ...routeFor(servicesRoutes.purchaseBlockCommit),
    handler: async (request) => {
      const auth = requireAuth(request);
      const { csrf, dbid } = request.body;
      const serviceid = (await ownedService(db, auth.accountId, request.params.serviceid)).id;
      const now = clock();
      const purchase = await commitOperation(
        db,
        { kind: 'purchase-block', userId: auth.userId, payload: { serviceid, dbid }, csrf },
        now,
        { replayable: true },
        async (tx) => {
          const service = await ownedService(tx, auth.accountId, serviceid, true);
          const block = await decideBlock(tx, service, dbid);
          return purchaseBlock(tx, service, block, auth.userId, now);
        },
      );
      return { data: purchase };
    },
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
