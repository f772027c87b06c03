import { BILLING_PERIOD_MS } from '@outpost/domain/services';
import {
  businessHour,
  startOfBusinessMonth,
  wallTime,
  weekdayOf,
} from '@outpost/domain/time/zoned';
import type { UsageRecord } from '@outpost/contracts/usage';
import type { Db } from '../db/client';
import type { NumberedRecord } from '../modules/usage/ingest';
import { ingestBatch } from '../modules/usage/ingest';

/**
 * Realistic hourly usage, deterministic for a given service and time range: an evening peak,
 * busier weekends, occasional spikes (updates, a film night), uploads about a tenth of downloads,
 * off-peak traffic unmetered on Sky Muster Plus, and shaping once a period's allowance is gone.
 */

const HOUR_MS = 3_600_000;
const GB = 1_000_000_000;

// Relative traffic by Brisbane hour: quiet nights, a morning bump, the evening peak.
const HOURLY_WEIGHT = [
  0.25, 0.15, 0.1, 0.1, 0.1, 0.15, 0.35, 0.6, 0.7, 0.6, 0.55, 0.55, 0.6, 0.6, 0.6, 0.7, 1.0, 1.3,
  1.6, 1.9, 2.0, 1.8, 1.3, 0.7,
];
const WEIGHT_SUM = HOURLY_WEIGHT.reduce((a, b) => a + b, 0);

/** mulberry32: a small, fast, seeded generator (the same numbers for the same seed). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type UsageProfile = {
  serviceid: number;
  technology: string;
  /** Average GB a day, all hours. */
  dailyGb: number;
  /** The metered allowance per period in MB (null: unlimited), and the period anchor. */
  quotaMb: number | null;
  periodStart: Date;
};

/** Hourly records for [from, to) (whole hours). */
export function* generateUsage(
  profile: UsageProfile,
  from: Date,
  to: Date,
): Generator<UsageRecord> {
  const random = seededRandom(profile.serviceid * 7919 + Math.floor(from.getTime() / HOUR_MS));
  const unmeteredOffPeak = profile.technology === 'Sky Muster Plus';
  let dayFactor = 1;
  let periodIndex = Number.NaN;
  let meteredInPeriod = 0;
  for (let t = Math.ceil(from.getTime() / HOUR_MS) * HOUR_MS; t < to.getTime(); t += HOUR_MS) {
    const hour = new Date(t);
    const local = businessHour(hour);
    const index = Math.floor((t - profile.periodStart.getTime()) / BILLING_PERIOD_MS);
    if (index !== periodIndex) {
      periodIndex = index;
      meteredInPeriod = 0;
    }
    if (local === 0 || Number.isNaN(dayFactor)) {
      const weekday = weekdayOf(wallTime(hour).date);
      const weekend = weekday === 0 || weekday === 6 ? 1.25 : 1;
      const spike = random() < 0.04 ? 2.5 + random() * 2 : 1;
      dayFactor = weekend * spike * (0.7 + random() * 0.6);
    }
    const down =
      ((profile.dailyGb * GB * HOURLY_WEIGHT[local]!) / WEIGHT_SUM) *
      dayFactor *
      (0.7 + random() * 0.6) *
      0.9;
    const up = down * (0.08 + random() * 0.05);
    const peak = local >= 16;
    const record: UsageRecord = {
      serviceid: profile.serviceid,
      hour: hour.toISOString(),
      metered_down: 0,
      metered_up: 0,
      unmetered_down: 0,
      unmetered_up: 0,
      shaped: 0,
    };
    if (unmeteredOffPeak && !peak) {
      record.unmetered_down = Math.round(down);
      record.unmetered_up = Math.round(up);
    } else if (profile.quotaMb !== null && meteredInPeriod >= profile.quotaMb * 1_000_000) {
      // Over the allowance: the link is shaped, so far less moves, and it is counted apart.
      record.shaped = Math.round((down + up) * 0.15);
    } else {
      record.metered_down = Math.round(down);
      record.metered_up = Math.round(up);
      meteredInPeriod += record.metered_down + record.metered_up;
    }
    yield record;
  }
}

const SEED_BATCH = 5000;

/**
 * Seeds 13 months of hourly usage up to the last full hour for each active demo broadband
 * service, through the same batch writer the ingestion uses.
 */
export async function seedUsage(db: Db, now: Date, profiles: UsageProfile[]): Promise<number> {
  const from = startOfBusinessMonth(now, 12);
  const to = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  let total = 0;
  for (const profile of profiles) {
    let batch: NumberedRecord[] = [];
    for (const record of generateUsage(profile, from, to)) {
      batch.push({ line: total + batch.length + 1, record });
      if (batch.length === SEED_BATCH) {
        total += (await ingestBatch(db, batch, now)).accepted;
        batch = [];
      }
    }
    if (batch.length > 0) total += (await ingestBatch(db, batch, now)).accepted;
  }
  return total;
}
