import {
  bigint,
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { services } from '../services/services.schema';

/**
 * Hourly traffic per service, in bytes, as the provider's network reports it. `hour` is the UTC
 * start of the hour; `peak` is whether it falls 4pm to midnight Brisbane time. On disk the table is
 * partitioned by month of `hour` (migration 0003; partitions are created as data arrives), so a
 * provider with thousands of services keeps each month's index small and drops old months whole.
 * No foreign key: ingestion checks service ids itself (a per-row check would halve its speed).
 */
export const usageHourly = pgTable(
  'usage_hourly',
  {
    serviceId: integer('service_id').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    peak: boolean('peak').notNull(),
    meteredDown: bigint('metered_down', { mode: 'number' }).notNull(),
    meteredUp: bigint('metered_up', { mode: 'number' }).notNull(),
    unmeteredDown: bigint('unmetered_down', { mode: 'number' }).notNull(),
    unmeteredUp: bigint('unmetered_up', { mode: 'number' }).notNull(),
    shaped: bigint('shaped', { mode: 'number' }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.hour] })],
);

/**
 * Daily totals per service and Brisbane date, kept by ingestion (each batch recomputes the days it
 * touched from usage_hourly). Periods start at Brisbane midnight, so a period is 30 of these rows:
 * the summary, alerts, daily and monthly views read here (13 months is ~400 rows, not ~9,500).
 */
export const usageDaily = pgTable(
  'usage_daily',
  {
    serviceId: integer('service_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    peak: bigint('peak', { mode: 'number' }).notNull(),
    offpeak: bigint('offpeak', { mode: 'number' }).notNull(),
    unmetered: bigint('unmetered', { mode: 'number' }).notNull(),
    shaped: bigint('shaped', { mode: 'number' }).notNull(),
    meteredDown: bigint('metered_down', { mode: 'number' }).notNull(),
    meteredUp: bigint('metered_up', { mode: 'number' }).notNull(),
    unmeteredDown: bigint('unmetered_down', { mode: 'number' }).notNull(),
    unmeteredUp: bigint('unmetered_up', { mode: 'number' }).notNull(),
    /** The start of the last hour with data that day. */
    lastHour: timestamp('last_hour', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.day] })],
);

/**
 * Each service's totals per 30-day billing period (periods start at the service's `period_start`
 * plus a whole number of 30 days, so `date_bin('30 days', instant, period_start)` finds one):
 * usage in bytes, kept by ingestion from usage_daily for the periods a batch touched, and data
 * block MB bought in the period, kept by a trigger on data_block_purchases (migration 0005). The
 * dashboard reads one row per service here instead of summing 30 daily rows and the purchases.
 */
export const servicePeriodTotals = pgTable(
  'service_period_totals',
  {
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    peak: bigint('peak', { mode: 'number' }).notNull().default(0),
    offpeak: bigint('offpeak', { mode: 'number' }).notNull().default(0),
    unmetered: bigint('unmetered', { mode: 'number' }).notNull().default(0),
    blockPeakMb: integer('block_peak_mb').notNull().default(0),
    blockOffpeakMb: integer('block_offpeak_mb').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.periodStart] })],
);

/** One-time codes for the embedded usage page: hashed, single use, 10 minutes. */
export const usageCodes = pgTable(
  'usage_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    codeHash: text('code_hash').notNull().unique(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('usage_codes_service_idx').on(t.serviceId)],
);

/** Usage alerts already sent: each threshold once per service, period and allowance. */
export const usageAlertsSent = pgTable(
  'usage_alerts_sent',
  {
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    /** 'peak' | 'offpeak' */
    allowance: text('allowance').notNull(),
    /** 50 | 85 | 100 */
    threshold: integer('threshold').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.periodStart, t.allowance, t.threshold] })],
);
