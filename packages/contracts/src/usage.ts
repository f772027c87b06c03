import { z } from 'zod';
import { envelope, idParam } from './http';
import { technology } from './services';

/**
 * Data usage (spec 2 sections 2, 3, 7). Volumes are decimal megabytes (1 MB = 1,000,000 bytes)
 * rounded to 3 places; quotas are MB as in plans; times ISO 8601 UTC; peak is 4pm to midnight and
 * off-peak midnight to 4pm, Brisbane time.
 */

export const usageServiceParams = z.strictObject({ serviceid: idParam });

export const usageBy = z.enum(['hour', 'day', 'month']);
export type UsageBy = z.infer<typeof usageBy>;
export const usageType = z.enum(['consumption', 'usage']);
export type UsageType = z.infer<typeof usageType>;
export const activityQuery = z.strictObject({ by: usageBy, type: usageType });
export type ActivityQuery = z.infer<typeof activityQuery>;

/** The usage summary of the current period (activitysummary). */
export const usageSummarySchema = z.object({
  periodStart: z.iso.datetime(),
  periodStop: z.iso.datetime(),
  planPeakQuota: z.number().nullable(),
  planOffPeakQuota: z.number().nullable(),
  blocksPeakQuota: z.number(),
  blocksOffPeakQuota: z.number(),
  totalPeakQuota: z.number().nullable(),
  totalOffPeakQuota: z.number().nullable(),
  usedPeakQuota: z.number(),
  usedOffPeakQuota: z.number(),
  unmeteredUsed: z.number(),
  excessUsed: z.number(),
  remainingPeakQuota: z.number().nullable(),
  remainingOffPeakQuota: z.number().nullable(),
  /** HTML (sanitise before showing): what counts against the plan. */
  plan_notes: z.string(),
  // Beyond the spec, for the Usage Planner and labels:
  serviceid: z.number().int(),
  /** The service's number or AVC id (names the report file). */
  identifier: z.string(),
  plan: z.string(),
  technology,
  is_limitless: z.boolean(),
  /** 'Peak' for Sky Muster Plus, else 'Anytime'. */
  peakLabel: z.enum(['Peak', 'Anytime']),
  /** The end of the last hour of usage received from the network, or null if none this period. */
  lastUpdated: z.iso.datetime().nullable(),
});
export type UsageSummary = z.infer<typeof usageSummarySchema>;
export const usageSummaryOutput = envelope(usageSummarySchema);

/** One row of activity: an hour, a day or a month (Brisbane time). */
export const usageRowSchema = z.object({
  Hour12: z.number().int().nullable(),
  Meridian: z.enum(['AM', 'PM']).nullable(),
  /** Local start of the row, 'YYYY-MM-DDTHH:00' (Brisbane). */
  LocalTime: z.string(),
  Day: z.number().int().nullable(),
  /** 'HH:00' for hours, else null. */
  Time: z.string().nullable(),
  Month: z.number().int(),
  Year: z.number().int(),
  Peak: z.number(),
  'Off-peak': z.number(),
  Shaped: z.number(),
  Unmetered: z.number(),
  Downloaded: z.number(),
  Uploaded: z.number(),
  UnmeteredDownloaded: z.number(),
  UnmeteredUploaded: z.number(),
});
export type UsageRow = z.infer<typeof usageRowSchema>;
export const activityOutput = envelope(
  z.object({
    by: usageBy,
    type: usageType,
    periodStart: z.iso.datetime(),
    periodStop: z.iso.datetime(),
    rows: z.array(usageRowSchema),
  }),
);

const usageAmount = z.object({ used_gb: z.number(), quota_gb: z.number().nullable() });
/** The dashboard's usage card (dashboardactivitysummary). */
export const serviceActivitySummarySchema = z.object({
  peak_usage: usageAmount,
  offpeak_usage: usageAmount,
  unmetered_usage: z.number(),
  is_limitless: z.boolean(),
  periodStart: z.iso.datetime(),
  periodStop: z.iso.datetime(),
});
export type ServiceActivitySummary = z.infer<typeof serviceActivitySummarySchema>;
export const serviceActivitySummaryOutput = envelope(serviceActivitySummarySchema);

/** Embedded usage: exchange a one-time code for a USER token scoped to one service. */
export const usageOnlyLoginInput = z.strictObject({
  otc: z.string().trim().min(8).max(128),
});
export const usageOnlyTokenSchema = z.object({
  type: z.literal('USER'),
  token: z.string(),
  expires: z.iso.datetime(),
  serviceid: z.number().int(),
  technology,
});
export const usageOnlyLoginOutput = envelope(z.object({ tokens: z.array(usageOnlyTokenSchema) }));

/** Provider systems: one-time codes and usage records (internal access, service key). */
export const createUsageCodeInput = z.strictObject({ serviceid: z.number().int().positive() });
export const createUsageCodeOutput = envelope(
  z.object({ otc: z.string(), expires: z.iso.datetime(), url: z.string() }),
);

/** One hour of one service's traffic as a provider's network reports it (bytes). */
export const usageRecordSchema = z.strictObject({
  serviceid: z.number().int().positive(),
  /** The start of the hour, ISO 8601 with an offset (minutes and seconds zero). */
  hour: z.iso.datetime({ offset: true }),
  metered_down: z.number().int().min(0),
  metered_up: z.number().int().min(0),
  unmetered_down: z.number().int().min(0),
  unmetered_up: z.number().int().min(0),
  shaped: z.number().int().min(0),
});
export type UsageRecord = z.infer<typeof usageRecordSchema>;
export const ingestUsageInput = z.strictObject({
  records: z.array(z.unknown()).min(1).max(10_000),
});
export const ingestUsageOutput = envelope(
  z.object({
    accepted: z.number().int(),
    rejected: z.array(z.object({ line: z.number().int(), reason: z.string() })),
    alerts: z.number().int(),
  }),
);
