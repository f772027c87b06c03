import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import type { NumberedRecord, Rejection } from './ingest';
import { ingestBatch } from './ingest';
import type { AlertDeps } from './usage-alerts';
import { evaluateUsageAlerts } from './usage-alerts';
import type { UsageService } from './usage.service';

export type IngestOutcome = { accepted: number; rejected: Rejection[]; alerts: number };

/** Services by id with their plans, for the alert check after a batch. */
async function servicesById(db: Db, ids: number[]): Promise<UsageService[]> {
  if (ids.length === 0) return [];
  return queryRows<UsageService>(
    db,
    sql`select s.id, s.account_id, s.technology, s.type, s.status, s.period_start, s.identifier,
               s.nickname, p.name as plan_name, p.peak_quota_mb, p.offpeak_quota_mb, p.unlimited
          from services s join plans p on p.id = s.plan_id
         where s.id = any(${`{${ids.join(',')}}`}::int[])`,
  );
}

/** One batch: written in one transaction, then each service it touched is checked for alerts. */
export async function ingestAndAlert(
  deps: AlertDeps,
  records: NumberedRecord[],
  now: Date,
): Promise<IngestOutcome> {
  const batch = await ingestBatch(deps.db, records, now);
  let alerts = 0;
  for (const service of await servicesById(deps.db, batch.serviceIds))
    alerts += await evaluateUsageAlerts(deps, service, now);
  return { accepted: batch.accepted, rejected: batch.rejected, alerts };
}
