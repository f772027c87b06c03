import { businessTimeZone } from '@outpost/domain/time/zone';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardRoutes } from '@outpost/contracts/api-routes';
import type { BlogSummary } from '@outpost/contracts/dashboard';
import type { Brand } from '@outpost/contracts/brand';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { routeFor } from '../../lib/route';
import { requireAuth } from '../../lib/auth-context';
import { callerInStatement, checkCaller, userTokenHash } from '../auth/caller';
import { fillBrand } from '../content/brand-placeholders';
import { posts } from '../content/content.schema';
import { guides } from '../support/support.schema';
import { dashboardFrom, dashboardRows, listAlerts, markAlertRead } from './dashboard.service';

type PostRow = {
  slug: string;
  title: string;
  excerpt: string;
  categories: string[] | null;
  published_at: Date | string;
  featured_image: string | null;
  body?: string;
};

const toSummary = (p: PostRow): BlogSummary => ({
  slug: p.slug,
  title: p.title,
  excerpt: p.excerpt,
  categories: p.categories ?? [],
  date: new Date(p.published_at).toISOString(),
  featured_image: p.featured_image,
});

const postColumns = sql`p.slug, p.title, p.excerpt, p.published_at, p.featured_image,
  (select array_agg(c.label order by c.label) from post_category_links l
     join post_categories c on c.id = l.category_id where l.post_id = p.id) as categories`;

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
    handler: async (request) => {
      const category = request.query.c ?? null;
      const [items, categories] = await Promise.all([
        queryRows<PostRow>(
          db,
          sql`select ${postColumns} from posts p
               where ${category}::text is null or exists (
                 select 1 from post_category_links l join post_categories c on c.id = l.category_id
                  where l.post_id = p.id and c.label = ${category})
               order by p.published_at desc, p.id desc`,
        ),
        queryRows<{ id: number; label: string }>(
          db,
          sql`select id, label from post_categories c
               where exists (select 1 from post_category_links l where l.category_id = c.id)
               order by label`,
        ),
      ]);
      return { data: { items: items.map(toSummary), categories } };
    },
  });

  app.route({
    ...routeFor(dashboardRoutes.latestBlogs),
    handler: async () => {
      const items = await db
        .select({ slug: posts.slug, title: posts.title, excerpt: posts.excerpt })
        .from(posts)
        .orderBy(desc(posts.publishedAt), desc(posts.id))
        .limit(5);
      return { data: { items } };
    },
  });

  app.route({
    ...routeFor(dashboardRoutes.blog),
    handler: async (request) => {
      const [post] = await queryRows<PostRow>(
        db,
        sql`select ${postColumns}, p.body from posts p where p.slug = ${request.params.slug}`,
      );
      if (!post) throw notFound();
      return { data: { ...toSummary(post), body: fillBrand(post.body ?? '', brand) } };
    },
  });

  app.route({
    ...routeFor(dashboardRoutes.page),
    handler: async (request, reply) => {
      const [page] = await db
        .select({ title: guides.title, body: guides.body })
        .from(guides)
        .where(and(eq(guides.slug, request.params.slug), guides.public));
      if (!page) throw notFound();
      // Public text that changes rarely: let browsers keep it a few minutes.
      void reply.header('cache-control', 'public, max-age=300');
      return { data: { ...page, body: fillBrand(page.body, brand) } };
    },
  });
};
