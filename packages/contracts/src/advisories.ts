import { z } from 'zod';
import {
  ADVISORY_KINDS,
  ADVISORY_SEVERITIES,
  ADVISORY_STATUSES,
} from '@outpost/domain/advisories-rules';
import { apiPaths } from './api-paths';
import { envelope, idParam } from './http';
import { defineRoute } from './route-contract';

/**
 * Network status (spec 3 sections 2.7, 3, 4, 7, 9; docs/decisions/019): the advisories network
 * operations publish, the flag for an advisory that affects one of the caller's services, and
 * subscriptions to an advisory's updates.
 */

/** Advisory detail (spec 3 section 3): advisoryid, title, severity, status, started, ended, message. */
export const advisoryDetailSchema = z.object({
  advisoryid: z.number().int(),
  title: z.string(),
  severity: z.enum(ADVISORY_SEVERITIES),
  status: z.enum(ADVISORY_STATUSES),
  /** ISO 8601 (UTC); the client shows it in AEST. */
  started: z.iso.datetime(),
  /** The (expected) end, or null when none is set: the page then shows no end time. */
  ended: z.iso.datetime().nullable(),
  /** Plain text. */
  message: z.string(),
  /**
   * Beyond the spec: 'Affects your service at 12 Wattle Rd' when the advisory (not resolved)
   * covers one of the caller's account's services and the caller may see services; else null.
   */
  affects: z.string().nullable(),
  /** Beyond the spec: whether the caller gets this advisory's updates. */
  subscribed: z.boolean(),
});
export type AdvisoryDetail = z.infer<typeof advisoryDetailSchema>;

/**
 * Advisory list item (spec 3 section 3: advisoryid, advisory). `advisory` is the title; `detail`
 * carries the detail of the same advisory, so a page of the list needs no further round trips on
 * a satellite link (docs/decisions/019). The detail call stays for a single advisory.
 */
export const advisoryListItemSchema = z.object({
  advisoryid: z.number().int(),
  advisory: z.string(),
  detail: advisoryDetailSchema,
});
export type AdvisoryListItem = z.infer<typeof advisoryListItemSchema>;

export const advisoriesQuery = z.strictObject({
  /** 1-based; two advisories per page, newest (latest start) first. */
  page: z
    .string()
    .regex(/^[0-9]{1,4}$/, 'must be a page number')
    .transform(Number)
    .pipe(z.number().int().min(1).max(1000))
    .optional(),
});

export const advisoriesPageSchema = z.object({
  page: z.number().int(),
  per_page: z.number().int(),
  /** Whether a later page holds more ('Load More' shows while true). */
  more: z.boolean(),
  items: z.array(advisoryListItemSchema),
});
export type AdvisoriesPage = z.infer<typeof advisoriesPageSchema>;
export const advisoriesOutput = envelope(advisoriesPageSchema);

export const advisoryParams = z.strictObject({ advisoryid: idParam });
export const advisoryOutput = envelope(advisoryDetailSchema);

export const subscriptionSchema = z.object({
  advisoryid: z.number().int(),
  subscribed: z.boolean(),
});
export const subscriptionOutput = envelope(subscriptionSchema);
export const emptyBody = z.strictObject({});

const plainText = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[^\p{Cc}]*$/u, 'must not contain control characters');
/** The areas an advisory covers: any of postcodes, satellite beams, towers (at least one). */
export const advisoryAreasInput = z
  .strictObject({
    postcodes: z
      .array(z.string().regex(/^[0-9]{4}$/, 'must be a 4-digit postcode'))
      .max(500)
      .default([]),
    beams: z
      .array(z.string().regex(/^[A-Z0-9-]{1,20}$/, 'must be a beam id (e.g. SM-B41)'))
      .max(200)
      .default([]),
    towers: z
      .array(z.string().regex(/^[A-Z0-9-]{1,20}$/, 'must be a tower id (e.g. TWR-LRE-01)'))
      .max(500)
      .default([]),
  })
  .refine((a) => a.postcodes.length + a.beams.length + a.towers.length > 0, {
    message: 'name at least one postcode, beam or tower',
  });
export type AdvisoryAreas = z.infer<typeof advisoryAreasInput>;

/** Network operations: a new advisory. */
export const createAdvisoryInput = z.strictObject({
  /** An incident or maintenance; by default maintenance when Scheduled, else an incident. */
  kind: z.enum(ADVISORY_KINDS).optional(),
  title: plainText(150),
  severity: z.enum(ADVISORY_SEVERITIES),
  status: z.enum(ADVISORY_STATUSES),
  started: z.iso.datetime({ offset: true }),
  ended: z.iso.datetime({ offset: true }).nullable().optional(),
  message: plainText(2000),
  areas: advisoryAreasInput,
});
export type CreateAdvisoryInput = z.infer<typeof createAdvisoryInput>;

/**
 * Network operations: an update (a new expected end, a status change such as Resolved, a new
 * message, changed areas). Every update reaches the advisory's subscribers once.
 */
export const updateAdvisoryInput = z
  .strictObject({
    status: z.enum(ADVISORY_STATUSES).optional(),
    /** A new expected end (or the actual end); null clears it. */
    ended: z.iso.datetime({ offset: true }).nullable().optional(),
    message: plainText(2000).optional(),
    severity: z.enum(ADVISORY_SEVERITIES).optional(),
    areas: advisoryAreasInput.optional(),
    /** What the update says to subscribers; by default a summary of what changed. */
    note: plainText(500).optional(),
  })
  .refine((u) => Object.values(u).some((v) => v !== undefined), {
    message: 'change at least one field',
  });
export type UpdateAdvisoryInput = z.infer<typeof updateAdvisoryInput>;

export const internalAdvisorySchema = z.object({
  advisoryid: z.number().int(),
  status: z.enum(ADVISORY_STATUSES),
  /** The update's id (null on create). */
  updateid: z.number().int().nullable(),
  /** Subscribers this update reached (0 on create). */
  notified: z.number().int(),
});
export const internalAdvisoryOutput = envelope(internalAdvisorySchema);

const advisoryExample = { params: { advisoryid: 1 } } as const;

export const advisoriesRoutes = {
  networkStatus: defineRoute({
    id: 'networkStatus',
    method: 'GET',
    path: apiPaths.networkStatus,
    summary:
      'Network advisories, two per page, newest first, each with its detail, whether it affects one of your services and whether you follow it',
    access: 'user',
    permissions: [],
    objects: [],
    querystring: advisoriesQuery,
    response: advisoriesOutput,
    example: { querystring: { page: '1' } },
  }),
  advisory: defineRoute({
    id: 'advisory',
    method: 'GET',
    path: apiPaths.advisory,
    summary: 'One network advisory',
    access: 'user',
    permissions: [],
    objects: [],
    params: advisoryParams,
    response: advisoryOutput,
    example: advisoryExample,
  }),
  subscribeAdvisory: defineRoute({
    id: 'subscribeAdvisory',
    method: 'POST',
    path: apiPaths.advisorySubscription,
    summary: "Get an advisory's updates (in the portal, by email, by SMS, by your preferences)",
    access: 'user',
    permissions: [],
    objects: [],
    params: advisoryParams,
    body: emptyBody.nullish(),
    response: subscriptionOutput,
    example: { ...advisoryExample, body: {} },
  }),
  unsubscribeAdvisory: defineRoute({
    id: 'unsubscribeAdvisory',
    method: 'DELETE',
    path: apiPaths.advisorySubscription,
    summary: "Stop an advisory's updates",
    access: 'user',
    permissions: [],
    objects: [],
    params: advisoryParams,
    response: subscriptionOutput,
    example: advisoryExample,
  }),
  internalCreateAdvisory: defineRoute({
    id: 'internalCreateAdvisory',
    method: 'POST',
    path: apiPaths.internalAdvisories,
    summary: 'Network operations: publish an advisory naming its areas (postcodes, beams, towers)',
    access: 'internal',
    permissions: [],
    objects: [],
    body: createAdvisoryInput,
    response: internalAdvisoryOutput,
    example: {
      body: {
        title: 'Planned maintenance',
        severity: 'Low',
        status: 'Scheduled',
        started: '2026-12-01T14:00:00Z',
        ended: '2026-12-01T18:00:00Z',
        message: 'Short outages while we upgrade equipment.',
        areas: { postcodes: ['4730'] },
      },
    },
  }),
  internalUpdateAdvisory: defineRoute({
    id: 'internalUpdateAdvisory',
    method: 'PATCH',
    path: apiPaths.internalAdvisory,
    summary:
      'Network operations: update an advisory (new expected end, status, message, areas); each update reaches its subscribers once',
    access: 'internal',
    permissions: [],
    objects: [],
    params: advisoryParams,
    body: updateAdvisoryInput,
    response: internalAdvisoryOutput,
    example: { ...advisoryExample, body: { status: 'In Progress' } },
  }),
} as const;
