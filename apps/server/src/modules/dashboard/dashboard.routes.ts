import { businessTimeZone } from '@outpost/domain/time/zone';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardRoutes } from '@outpost/contracts/dashboard-routes';
import type { Brand } from '@outpost/contracts/brand';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { routeFor } from '../../lib/route';
import { requireAuth } from '../../lib/auth-context';
import { callerInStatement, checkCaller, userTokenHash } from '../auth/caller';
import { fillBrand } from '../content/brand-placeholders';
import { dashboardFrom, dashboardRows, listAlerts, markAlertRead } from './dashboard.service';
import { latestPosts, listPosts, postBySlug, publicPage } from './posts.service';

/** The dashboard, alerts, news and public pages (spec 1 sections 2 and 7, spec 2 News/Legal). */
export const dashboardModule: FastifyPluginAsyncZod<{
  deps: { db: Db; clock: Clock; brand: Brand };
}> = async (app, { deps }) => {
  const { db, clock, brand } = deps;

  app.route({
    // The hottest call: the caller is read in the dashboard's own statement (one round trip).
    ...callerInStatement(routeFor(dashboardRoutes.dashboard)),
    handler: async (request) => {
      const now = clock();
      const [found] = await dashboardRows(db, {
        hash: userTokenHash(request),
        now,
        zone: businessTimeZone(),
      });
      const { auth, row } = checkCaller(request, found, now);
      return { data: dashboardFrom(auth, row, now) };
    },
  });

  app.route({
    ...routeFor(dashboardRoutes.alerts),
    handler: async (request) => ({ data: await listAlerts(db, requireAuth(request).userId) }),
  });

  app.route({
    ...routeFor(dashboardRoutes.markAlert),
    handler: async (request) => {
      await markAlertRead(db, requireAuth(request).userId, request.params.alert_id, clock());
      return { data: { alert_id: request.params.alert_id, read: 1 as const } };
    },
  });

  app.route({
    ...routeFor(dashboardRoutes.blogs),
    handler: async (request) => ({ data: await listPosts(db, request.query.c ?? null) }),
  });

  app.route({
    ...routeFor(dashboardRoutes.latestBlogs),
    handler: async () => ({ data: { items: await latestPosts(db) } }),
  });

  app.route({
    ...routeFor(dashboardRoutes.blog),
    handler: async (request) => {
      const post = await postBySlug(db, request.params.slug);
      if (!post) throw notFound();
      return { data: { ...post, body: fillBrand(post.body, brand) } };
    },
  });

  app.route({
    ...routeFor(dashboardRoutes.page),
    handler: async (request, reply) => {
      const page = await publicPage(db, request.params.slug);
      if (!page) throw notFound();
      // Public text that changes rarely: let browsers keep it a few minutes.
      void reply.header('cache-control', 'public, max-age=300');
      return { data: { ...page, body: fillBrand(page.body, brand) } };
    },
  });
};
