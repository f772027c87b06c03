import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRoutes } from '@outpost/contracts/auth-routes';
import type { Brand } from '@outpost/contracts/brand';
import { guidesRoutes } from '@outpost/contracts/guides';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { routeFor } from '../../lib/route';
import { fillBrand } from '../content/brand-placeholders';
import { guideBySlug, listGuides } from './support.service';

export const supportModule: FastifyPluginAsyncZod<{ db: Db; brand: Brand }> = async (
  app,
  { db, brand },
) => {
  app.route({
    ...routeFor(guidesRoutes.guides),
    handler: async (request) => ({ data: await listGuides(db, request.query.s) }),
  });

  app.route({
    ...routeFor(authRoutes.guide),
    handler: async (request) => {
      const guide = await guideBySlug(db, request.params.slug);
      if (!guide) throw notFound();
      return { data: { ...guide, body: fillBrand(guide.body, brand) } };
    },
  });
};
