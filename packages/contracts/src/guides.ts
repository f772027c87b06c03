import { z } from 'zod';
import { apiPaths } from './api-paths';
import { GUIDE_SEARCH_MAX_LENGTH, GUIDE_TYPES } from '@outpost/domain/guides-rules';
import { envelope } from './http';
import { defineRoute } from './route-contract';

/**
 * Support guides (spec 3 sections 2.7, 3, 5 and 7; docs/decisions/018): the list grouped by
 * category, searched by keyword. A guide's page is `authRoutes.guide` (GET by slug).
 */

export const guidesQuery = z.strictObject({
  /** The keyword; one of fewer than 3 characters (after trimming) searches nothing: the whole list. */
  s: z.string().max(GUIDE_SEARCH_MAX_LENGTH).optional(),
});
export type GuidesQuery = z.infer<typeof guidesQuery>;

export const guideItem = z.object({
  type: z.enum(GUIDE_TYPES),
  title: z.string(),
  slug: z.string(),
  download: z.string().nullable(),
});

export const guideCategory = z.object({
  label: z.string(),
  id: z.string(),
  items: z.array(guideItem),
});

/** Categories in order (by best match when searching), each with its guides in order. */
export const guidesOutput = envelope(z.array(guideCategory));

export const guidesRoutes = {
  guides: defineRoute({
    id: 'guides',
    method: 'GET',
    path: apiPaths.guides,
    summary: 'Support guides grouped by category, optionally searched (?s=keyword)',
    access: 'user',
    permissions: [],
    objects: [],
    querystring: guidesQuery,
    response: guidesOutput,
    example: { querystring: { s: 'satellite' } },
  }),
} as const;
