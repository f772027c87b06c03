import { z } from 'zod';
import { NICKNAME_MAX_LENGTH } from '@outpost/domain/constants';
import { SERVICE_STATUSES } from '@outpost/domain/services';
import { envelope, idParam } from './http';

/**
 * My Services, change plan, nicknames and data blocks (spec 2 sections 3, 4, 7).
 * Money is integer cents (`price`), quotas are MB, speeds Kbps, times ISO 8601 UTC.
 */

export const serviceType = z.enum(['Broadband', 'Telephony']);
export type ServiceType = z.infer<typeof serviceType>;
/** pending, active, suspended or cancelled (docs/decisions/052). */
export const serviceStatus = z.enum(SERVICE_STATUSES);
export type ServiceStatus = z.infer<typeof serviceStatus>;
export const technology = z.enum([
  'Sky Muster',
  'Sky Muster Plus',
  'Fixed Wireless',
  'Landline',
  'VOIP',
]);
export type Technology = z.infer<typeof technology>;

/** The plan a service moves to at the end of its period (a scheduled change or a revert). */
export const upcomingPlanSchema = z.object({
  planid: z.number().int(),
  plan: z.string(),
  /** When it takes effect: the end of the current period. */
  effective: z.iso.datetime(),
  peak_quota: z.number().int().nullable(),
  offpeak_quota: z.number().int().nullable(),
  upload_speed: z.number().int().nullable(),
  download_speed: z.number().int().nullable(),
  unlimited: z.boolean(),
  /** The price from then on, with the options chosen for it. */
  price: z.number().int(),
});
export type UpcomingPlan = z.infer<typeof upcomingPlanSchema>;

export const serviceSchema = z.object({
  serviceid: z.number().int(),
  type: serviceType,
  status: serviceStatus,
  technology,
  /** The plan's name. */
  plan: z.string(),
  planid: z.number().int(),
  /** The next plan's name when a change is scheduled, else null. */
  next_plan: z.string().nullable(),
  /** Monthly price in cents: the plan and its chosen options. */
  price: z.number().int(),
  upload_speed: z.number().int().nullable(),
  download_speed: z.number().int().nullable(),
  is_limitless: z.boolean(),
  is_custom: z.boolean(),
  peak_quota: z.number().int().nullable(),
  offpeak_quota: z.number().int().nullable(),
  identifier: z.string(),
  nickname: z.string().nullable(),
  has_nickname: z.boolean(),
  addr_abbr: z.string(),
  addr_line: z.string(),
  addr_suburb: z.string(),
  addr_state: z.string(),
  addr_postcode: z.string(),
  has_landline_barring: z.boolean(),
  has_landline_options: z.boolean(),
  has_voip_options: z.boolean(),
  can_ordernew: z.boolean(),
  can_transfer: z.boolean(),
  display: z.boolean(),
  description: z.string(),
  /** The feature ids of the plan options the service has. */
  options: z.array(z.number().int()),
  /** The current 30-day billing period. */
  period_start: z.iso.datetime(),
  period_end: z.iso.datetime(),
  /** The scheduled next plan (shown under Upcoming Plan Changes), or null. */
  upcoming: upcomingPlanSchema.nullable(),
  /**
   * When the provider has cancelled the service from a later date: that day's start (the service
   * is active or suspended until then); else null (docs/decisions/052).
   */
  cancels_on: z.iso.datetime().nullable(),
});
export type Service = z.infer<typeof serviceSchema>;
export const servicesOutput = envelope(z.array(serviceSchema));

/**
 * What the Data Usage and Data Blocks pages need of a service: enough to pick the plan, name it,
 * read its allowance and its period. A contact with view-activity but not view-services gets
 * only this (no price, address, options or upcoming changes; docs/decisions/039).
 */
export const activityServiceSchema = serviceSchema.pick({
  serviceid: true,
  type: true,
  status: true,
  technology: true,
  plan: true,
  is_limitless: true,
  peak_quota: true,
  offpeak_quota: true,
  identifier: true,
  nickname: true,
  period_end: true,
  cancels_on: true,
});
export type ActivityService = z.infer<typeof activityServiceSchema>;
export const activityServicesOutput = envelope(z.array(activityServiceSchema));

export const serviceParams = z.strictObject({ serviceid: idParam });
export const planParams = z.strictObject({ planid: idParam });
export const planDocumentName = z.enum(['kfs', 'cis']);
export type PlanDocumentName = z.infer<typeof planDocumentName>;
export const planDocumentParams = z.strictObject({ planid: idParam, document: planDocumentName });

export const availablePlanSchema = z.object({
  planid: z.number().int(),
  plan: z.string(),
  technology,
  is_current: z.boolean(),
  is_next: z.boolean(),
  /** A marketing flag shown as the row label ('Most popular'), or null. */
  flag: z.string().nullable(),
  unlimited: z.boolean(),
  is_custom: z.boolean(),
  peak_quota: z.number().int().nullable(),
  offpeak_quota: z.number().int().nullable(),
  upload_speed: z.number().int().nullable(),
  download_speed: z.number().int().nullable(),
  price: z.number().int(),
  /**
   * The next price announced for the plan (docs/decisions/055), or null: a service on it pays it
   * from its first billing period starting on or after `effective` (a day, the provider's zone).
   */
  price_change: z.object({ price: z.number().int(), effective: z.iso.date() }).nullable(),
  selectable: z.boolean(),
  available_now: z.boolean(),
  available_next: z.boolean(),
  available_current_only: z.boolean(),
  /** Document paths, fetched as '{prefix}/{path}/' (planDocumentUrl). */
  kfs: z.string().nullable(),
  cis: z.string().nullable(),
});
export type AvailablePlan = z.infer<typeof availablePlanSchema>;
export const availablePlansOutput = envelope(z.array(availablePlanSchema));

export const planOptionSchema = z.object({
  feature_id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Monthly price in cents. */
  price: z.number().int(),
});
export type PlanOption = z.infer<typeof planOptionSchema>;
export const planOptionsOutput = envelope(z.array(planOptionSchema));

/** An id in a JSON body: a number, never a numeric string. */
const bodyId = z.number().int().positive().max(2_147_483_647);

export const applyChange = z.enum(['Current Period', 'Current Period Only', 'Next Period']);
export type ApplyChange = z.infer<typeof applyChange>;

const changePlanFields = {
  planid: bodyId,
  when: applyChange,
  options: z
    .array(bodyId)
    .max(20)
    .refine((ids) => new Set(ids).size === ids.length, 'options must not repeat'),
};
export const changePlanPrepareInput = z.strictObject(changePlanFields);
export type ChangePlanPrepareInput = z.infer<typeof changePlanPrepareInput>;
const csrf = z.string().min(1).max(200);
export const changePlanCommitInput = z.strictObject({ ...changePlanFields, csrf });
export type ChangePlanCommitInput = z.infer<typeof changePlanCommitInput>;

export const changePlanResultSchema = z.object({
  serviceid: z.number().int(),
  /** The plan the service is on after the change. */
  plan: z.string(),
  /** The scheduled next plan after the change, or null (none, or cancelled). */
  next_plan: z.string().nullable(),
  when: applyChange,
  /** When the chosen plan takes effect. */
  effective: z.iso.datetime(),
  /** The pro-rata adjustment added to the next invoice, in cents (negative is a credit). */
  adjustment: z.number().int(),
  cancelled: z.boolean(),
});
export type ChangePlanResult = z.infer<typeof changePlanResultSchema>;
export const changePlanCommitOutput = envelope(changePlanResultSchema);

export const prepareOutput = envelope(z.object({ csrf: z.string() }));

const nickname = z
  .string()
  .trim()
  .max(NICKNAME_MAX_LENGTH)
  .regex(/^[^\p{Cc}\p{Cf}]*$/u, 'must not contain control characters');
export const setNicknamePrepareInput = z.strictObject({ nickname });
export const setNicknameCommitInput = z.strictObject({ nickname, csrf });
export type SetNicknameCommitInput = z.infer<typeof setNicknameCommitInput>;
export const setNicknameOutput = envelope(
  z.object({ serviceid: z.number().int(), nickname: z.string().nullable() }),
);

export const availableBlockSchema = z.object({
  dbid: z.number().int(),
  block: z.string(),
  peak_mb: z.number().int(),
  offpeak_mb: z.number().int(),
  price: z.number().int(),
});
export type AvailableBlock = z.infer<typeof availableBlockSchema>;
export const availableBlocksOutput = envelope(z.array(availableBlockSchema));

export const purchaseBlockPrepareInput = z.strictObject({ dbid: bodyId });
export const purchaseBlockCommitInput = z.strictObject({ dbid: bodyId, csrf });
export type PurchaseBlockCommitInput = z.infer<typeof purchaseBlockCommitInput>;

/**
 * 'applying' until the network has added the data (up to 2.5 hours), then 'active' until the
 * period it was bought in ends, then 'expired' (domain `blockState`).
 */
export const blockStatus = z.enum(['applying', 'active', 'expired']);
export type BlockStatus = z.infer<typeof blockStatus>;
export const blockPurchaseSchema = z.object({
  purchaseid: z.number().int(),
  purchased: z.iso.datetime(),
  block: z.string(),
  peak_mb: z.number().int(),
  offpeak_mb: z.number().int(),
  price: z.number().int(),
  status: blockStatus,
  /** Blocks expire at the end of the billing period they were bought in. */
  expires: z.iso.datetime(),
});
export type BlockPurchase = z.infer<typeof blockPurchaseSchema>;
export const purchaseBlockCommitOutput = envelope(blockPurchaseSchema);
export const blocksPurchasedOutput = envelope(z.array(blockPurchaseSchema));
