import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRoutes } from '@outpost/contracts/api-routes';
import type { Brand } from '@outpost/contracts/brand';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { routeFor } from '../../lib/route';
import { fillBrand } from '../content/brand-placeholders';
import { guides } from './support.schema';

export const supportModule: FastifyPluginAsyncZod<{ db: Db; brand: Brand }> = async (
  app,
  { db, brand },
) => {
  app.route({
    ...routeFor(authRoutes.guide),
    handler: async (request) => {
      const [guide] = await db
        .select({ title: guides.title, body: guides.body })
        .from(guides)
        .where(eq(guides.slug, request.params.slug));
      if (!guide) throw notFound();
      return { data: { ...guide, body: fillBrand(guide.body, brand) } };
    },
  });
};
