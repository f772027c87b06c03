import { z } from 'zod';
import {
  ADVISORY_KINDS,
  ADVISORY_SEVERITIES,
  ADVISORY_STATUSES,
  ADVISORY_VIEWS,
} from '@outpost/domain/advisories-rules';
import { adminAccountsQuery, idempotencyHeaders } from './admin';
import { advisoryParams } from './advisories';
import { adminPaths } from './api-paths';
import { envelope, pageOf } from './http';
import { defineRoute } from './route-contract';

/**
 * Network advisories on the admin API (docs/decisions/019, "The staff editor"): the list, the
 * areas services use, a preview of who an advisory reaches, publishing, updates that reach the
 * subscribers, resolving. Read with `read`; written with `provisioning` (network operations, as a
 * provider's own monitoring would do with a key).
 */

const plainText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[^\p{Cc}]*$/u, 'must not contain control characters');

/** One area as services store it (a postcode, a beam, a tower id): chosen from GET areas. */
const areaName = z.string().trim().min(1).max(30);

/**
 * The areas an advisory covers, each one that some service uses (the server refuses others, so
 * the editor picks from GET areas and never types one); at least one.
 */
export const adminAdvisoryAreasInput = z
  .strictObject({
    postcodes: z.array(areaName).max(500).default([]),
    beams: z.array(areaName).max(200).default([]),
    towers: z.array(areaName).max(500).default([]),
  })
  .refine((a) => a.postcodes.length + a.beams.length + a.towers.length > 0, {
    message: 'name at least one postcode, beam or tower',
  });
export type AdminAdvisoryAreas = z.output<typeof adminAdvisoryAreasInput>;

const advisoryAreas = z.object({
  postcodes: z.array(z.string()),
  beams: z.array(z.string()),
  towers: z.array(z.string()),
});

const advisoryUpdate = z.object({
  updateid: z.number().int(),
  status: z.enum(ADVISORY_STATUSES),
  /** What subscribers were told. */
  note: z.string(),
  created: z.iso.datetime(),
});

export const adminAdvisorySchema = z.object({
  advisoryid: z.number().int(),
  kind: z.enum(ADVISORY_KINDS),
  title: z.string(),
  severity: z.enum(ADVISORY_SEVERITIES),
  status: z.enum(ADVISORY_STATUSES),
  /** The start (maintenance: the window's), and the (expected) end or null. */
  started: z.iso.datetime(),
  ended: z.iso.datetime().nullable(),
  message: z.string(),
  areas: advisoryAreas,
  /** Customers' contacts who follow its updates. */
  subscribers: z.number().int(),
  /** Its updates, the newest first. */
  updates: z.array(advisoryUpdate),
  created: z.iso.datetime(),
  updated: z.iso.datetime(),
});
export type AdminAdvisory = z.infer<typeof adminAdvisorySchema>;

export const adminAdvisoriesQuery = z.strictObject({
  /** active (open, not scheduled), scheduled or resolved; without it, all. */
  view: z.enum(ADVISORY_VIEWS).optional(),
  limit: adminAccountsQuery.shape.limit,
  offset: adminAccountsQuery.shape.offset,
});

const areaCount = z.object({ area: z.string(), services: z.number().int() });
export const adminAdvisoryAreasSchema = z.object({
  postcodes: z.array(areaCount),
  beams: z.array(areaCount),
  towers: z.array(areaCount),
});
export type AdminAdvisoryAreaCounts = z.infer<typeof adminAdvisoryAreasSchema>;

export const adminAdvisoryPreviewInput = z.strictObject({ areas: adminAdvisoryAreasInput });
export const adminAdvisoryPreviewSchema = z.object({
  /** Services covered (those the dashboards flag), and the distinct accounts they belong to. */
  services: z.number().int(),
  customers: z.number().int(),
  /** 'Affects 12 services of 9 customers'. */
  text: z.string(),
});
export type AdminAdvisoryPreview = z.infer<typeof adminAdvisoryPreviewSchema>;

const instant = z.iso.datetime({ offset: true });

/**
 * A new advisory. An incident starts now (or at `starts_at`) as Investigating, with an expected
 * end when known; maintenance is Scheduled for its window, `starts_at` to `ends_at`, both needed.
 */
export const adminAdvisoryCreateInput = z.strictObject({
  kind: z.enum(ADVISORY_KINDS),
  title: plainText(150),
  message: plainText(2000),
  severity: z.enum(ADVISORY_SEVERITIES),
  areas: adminAdvisoryAreasInput,
  starts_at: instant.optional(),
  ends_at: instant.nullable().optional(),
});

/** An update: what subscribers are told, and optionally a new status, severity or expected end. */
export const adminAdvisoryUpdateInput = z.strictObject({
  note: plainText(500),
  /** Not Resolved: resolving is its own call. */
  status: z.enum(ADVISORY_STATUSES).exclude(['Resolved']).optional(),
  severity: z.enum(ADVISORY_SEVERITIES).optional(),
  /** A new expected end; null clears it. */
  ends_at: instant.nullable().optional(),
  /** A new message on the page (the advisory's text). */
  message: plainText(2000).optional(),
});

export const adminAdvisoryResolveInput = z.strictObject({
  /** What subscribers are told; by default 'It is resolved.' and the end time. */
  note: plainText(500).optional(),
});

/** A write's answer: the advisory, and how many subscribers the update was owed to. */
const adminAdvisoryWritten = adminAdvisorySchema.extend({ notified: z.number().int() });

const example = {
  kind: 'incident',
  title: 'Outage: tower TWR-ISF-01',
  message: 'The tower lost power. Technicians are on their way.',
  severity: 'High',
  areas: { towers: ['TWR-ISF-01'] },
} as const;

export const adminAdvisoriesRoutes = {
  adminAdvisories: defineRoute({
    id: 'adminAdvisories',
    method: 'GET',
    path: adminPaths.adminAdvisories,
    summary:
      'Network advisories: all, or the active, scheduled or resolved ones, the latest start first; a page at a time',
    access: 'admin',
    adminScope: 'read',
    permissions: [],
    objects: [],
    querystring: adminAdvisoriesQuery,
    response: pageOf(adminAdvisorySchema),
    example: { querystring: { view: 'active' } },
  }),
  adminAdvisoryAreas: defineRoute({
    id: 'adminAdvisoryAreas',
    method: 'GET',
    path: adminPaths.adminAdvisoryAreas,
    summary:
      'The postcodes, satellite beams and towers the services use, with how many services each (what an advisory may name)',
    access: 'admin',
    adminScope: 'read',
    permissions: [],
    objects: [],
    response: envelope(adminAdvisoryAreasSchema),
    example: {},
  }),
  adminAdvisoryPreview: defineRoute({
    id: 'adminAdvisoryPreview',
    method: 'POST',
    path: adminPaths.adminAdvisoryPreview,
    summary:
      'How many services, and of how many customers, an advisory naming these areas affects (changes nothing)',
    access: 'admin',
    adminScope: 'read',
    permissions: [],
    objects: [],
    body: adminAdvisoryPreviewInput,
    response: envelope(adminAdvisoryPreviewSchema),
    example: { body: { areas: { towers: ['TWR-ISF-01'] } } },
  }),
  adminCreateAdvisory: defineRoute({
    id: 'adminCreateAdvisory',
    method: 'POST',
    path: adminPaths.adminAdvisories,
    summary:
      'Publish an advisory (an incident, or scheduled maintenance with its window) for areas services use: it shows at once on the network status page and the dashboards of the customers affected',
    access: 'admin',
    adminScope: 'provisioning',
    permissions: [],
    objects: [],
    headers: idempotencyHeaders,
    body: adminAdvisoryCreateInput,
    response: envelope(adminAdvisoryWritten),
    example: { body: example },
  }),
  adminAdvisoryUpdate: defineRoute({
    id: 'adminAdvisoryUpdate',
    method: 'POST',
    path: adminPaths.adminAdvisoryUpdates,
    summary:
      "Post an update on an advisory (optionally a new status, severity or expected end): it reaches the advisory's subscribers once, by their alert preferences",
    access: 'admin',
    adminScope: 'provisioning',
    permissions: [],
    objects: [],
    params: advisoryParams,
    headers: idempotencyHeaders,
    body: adminAdvisoryUpdateInput,
    response: envelope(adminAdvisoryWritten),
    example: {
      params: { advisoryid: 2 },
      body: { note: 'Power is back; the tower is coming up.', status: 'Monitoring' },
    },
  }),
  adminResolveAdvisory: defineRoute({
    id: 'adminResolveAdvisory',
    method: 'POST',
    path: adminPaths.adminResolveAdvisory,
    summary:
      'Resolve an advisory: it ends now, leaves the dashboards, stays in the public history, and its subscribers are told',
    access: 'admin',
    adminScope: 'provisioning',
    permissions: [],
    objects: [],
    params: advisoryParams,
    headers: idempotencyHeaders,
    body: adminAdvisoryResolveInput,
    response: envelope(adminAdvisoryWritten),
    example: { params: { advisoryid: 2 }, body: {} },
  }),
} as const;
