import { enqueueMessage } from '../../adapters/messaging';
import { sql } from 'drizzle-orm';
import { formatDate, formatMegabytes } from '@outpost/domain/format';
import { formatPhone, serviceName } from '@outpost/domain/phone-format';
import { quotaLabel } from '@outpost/domain/services';
import type { UsageAlertThreshold } from '@outpost/domain/usage';
import { thresholdsReached } from '@outpost/domain/usage';
import type { Messaging } from '../../adapters/messaging';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { escapeHtml } from '../../lib/html';
import { webPaths } from '../notifications/web-paths';
import { usageAlertRecipients } from '../profile/alert-channels';
import { notify } from '../notifications/notifications.service';
import type { UsageService } from './usage.service';
import { blockQuotas, periodOf, toMb, usageTotals } from './usage.service';

/**
 * Usage alerts (Telecommunications Consumer Protections Code): at 50 %, 85 % and 100 % of each
 * metered allowance of the period, once each per period, to each contact who may see the usage,
 * by the channels their preferences choose (in the portal, email, SMS; decision 016). Unlimited
 * plans get none. When usage jumps past several thresholds at once, all are recorded but only
 * the highest is sent.
 */

type Allowance = 'peak' | 'offpeak';

export type AlertDeps = {
  db: Db;
  messaging: Messaging;
  brandName: string;
  /** Failures that do not stop the alerts (a push provider; docs/decisions/023). */
  onError?: (error: unknown, context: string) => void;
};

function describe(s: UsageService): string {
  return s.nickname
    ? `${s.nickname} (${formatPhone(s.identifier)})`
    : serviceName(s.technology, s.identifier);
}

function alertText(
  s: UsageService,
  allowance: Allowance,
  threshold: UsageAlertThreshold,
  used: number,
  quota: number,
  stop: Date,
): string {
  const label = allowance === 'peak' ? quotaLabel(s.technology) : 'Off-Peak';
  const amounts = `${formatMegabytes(used)} of ${formatMegabytes(quota)}`;
  if (threshold === 100)
    return `You have used all of your ${label} data for ${describe(s)} this period (${amounts}). Your speed is now slowed (shaped) until your new period starts on ${formatDate(stop)}. To get full speed back sooner, buy a data block.`;
  return `You have used ${threshold}% of your ${label} data for ${describe(s)} this period (${amounts}). This period's last day is ${formatDate(new Date(stop.getTime() - 1))}.`;
}

/** Checks one service's current period and sends the alerts it has newly earned. */
export async function evaluateUsageAlerts(
  deps: AlertDeps,
  s: UsageService,
  now: Date,
): Promise<number> {
  if (s.unlimited || s.type !== 'Broadband' || s.status !== 'active') return 0;
  const { db } = deps;
  const { start, stop } = periodOf(s, now);
  const [used, blocks] = await Promise.all([
    usageTotals(db, s, start, stop),
    blockQuotas(db, s.id, start, stop),
  ]);
  const allowances: { allowance: Allowance; used: number; quota: number }[] = [
    { allowance: 'peak', used: toMb(used.peak), quota: (s.peak_quota_mb ?? 0) + blocks.peak },
    {
      allowance: 'offpeak',
      used: toMb(used.offpeak),
      quota: (s.offpeak_quota_mb ?? 0) + blocks.offpeak,
    },
  ];
  const messages: string[] = [];
  for (const a of allowances) {
    const reached = thresholdsReached(a.used, a.quota);
    if (reached.length === 0) continue;
    // Claim the thresholds atomically: concurrent ingestions cannot both send one.
    const claimed = await queryRows<{ threshold: UsageAlertThreshold }>(
      db,
      sql`insert into usage_alerts_sent (service_id, period_start, allowance, threshold, sent_at)
          select ${s.id}, ${start}, ${a.allowance}, t, ${now}
            from unnest(${`{${reached.join(',')}}`}::int[]) as t
          on conflict do nothing
          returning threshold`,
    );
    if (claimed.length === 0) continue;
    const highest = Math.max(...claimed.map((c) => c.threshold)) as UsageAlertThreshold;
    messages.push(alertText(s, a.allowance, highest, a.used, a.quota, stop));
  }
  if (messages.length === 0) return 0;

  // Each recipient by the channels of their preferences (decisions 016 and 023).
  const recipients = await usageAlertRecipients(db, s.account_id);
  for (const message of messages) {
    for (const r of recipients.filter((x) => x.inApp))
      await db.execute(sql`insert into alerts (user_id, account_id, kind, message, ref, created_at)
          values (${r.userId}, ${s.account_id}, 'usage', ${`<p>${escapeHtml(message)}</p>`},
                  ${`service:${s.id}`}, ${now})`);
    for (const r of recipients.filter((x) => x.byEmail))
      await enqueueMessage(db, 'email', {
        to: r.email!,
        subject: `${deps.brandName}: data usage update`,
        body: `${message}\n\nSee your usage any time in the portal.`,
      });
    for (const r of recipients.filter((x) => x.bySms))
      await enqueueMessage(db, 'sms', {
        to: r.mobile!,
        subject: 'Data usage update',
        body: `${deps.brandName}: ${message}`,
      });
    // Push to each registered device of those whose push channel is on (docs/decisions/023).
    await notify(
      { db, push: deps.messaging.push, ...(deps.onError ? { onError: deps.onError } : {}) },
      recipients.map((r) => r.userId),
      {
        kind: 'usage',
        title: 'Data usage update',
        body: message,
        navigation_url: webPaths.usage,
      },
      now,
    );
  }
  return messages.length;
}
