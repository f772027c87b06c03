import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Technology } from '@outpost/contracts/services';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { usageError } from './usage.errors';
import { hashToken, newOpaqueToken } from '../../lib/tokens';
import { tokens } from '../auth/auth.schema';
import { services } from '../services/services.schema';
import { usageCodes } from './usage.schema';

/**
 * Embedded usage (spec 2, "Usage-only access"): the provider creates a one-time code for a
 * service (CLI or internal endpoint) and links to /embed/usage/{code}; the page exchanges it for
 * a USER token scoped to that one service, which only the read-only usage routes accept.
 */

export const USAGE_CODE_TTL_MS = 10 * 60 * 1000;

export async function createUsageCode(
  db: Db,
  serviceId: number,
  now: Date,
): Promise<{ otc: string; expires: Date } | null> {
  const [service] = await db
    .select({ id: services.id })
    .from(services)
    .where(eq(services.id, serviceId));
  if (!service) return null;
  const otc = newOpaqueToken();
  const expires = new Date(now.getTime() + USAGE_CODE_TTL_MS);
  await db
    .insert(usageCodes)
    .values({ codeHash: hashToken(otc), serviceId, expiresAt: expires, createdAt: now });
  return { otc, expires };
}

/**
 * Uses a code (once: the update claims it atomically) and mints a USER token scoped to its
 * service, held by the account holder. Unknown, used and expired codes get the same answer.
 */
export async function exchangeUsageCode(
  db: Db,
  otc: string,
  now: Date,
  ttlSeconds: number,
): Promise<{ token: string; expires: Date; serviceid: number; technology: Technology }> {
  const [claimed] = await queryRows<{
    service_id: number;
    technology: Technology;
    holder_id: number | null;
  }>(
    db,
    sql`update usage_codes c set used_at = ${now}
          from services s
         where c.code_hash = ${hashToken(otc)} and c.used_at is null and c.expires_at > ${now}
           and s.id = c.service_id
        returning c.service_id, s.technology,
          (select u.id from users u where u.account_id = s.account_id and u.is_account_holder
             and u.role_status = 'Active' order by u.id limit 1) as holder_id`,
  );
  if (!claimed || claimed.holder_id === null) throw usageError('usageCodeRefused');
  const token = newOpaqueToken();
  const expires = new Date(now.getTime() + ttlSeconds * 1000);
  await db.insert(tokens).values({
    tokenHash: hashToken(token),
    type: 'USER',
    userId: claimed.holder_id,
    familyId: randomUUID(),
    expiresAt: expires,
    createdAt: now,
    serviceId: claimed.service_id,
  });
  return { token, expires, serviceid: claimed.service_id, technology: claimed.technology };
}
