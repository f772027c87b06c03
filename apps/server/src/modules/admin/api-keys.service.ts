import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { ApiKeySummary } from '@outpost/contracts/admin';
import type { AdminScope, ApiKeyScope } from '@outpost/domain/admin-rules';
import {
  API_KEY_DEFAULT_DAYS,
  API_KEY_PREFIX,
  STAFF_ROLE_SCOPES,
} from '@outpost/domain/admin-rules';
import { DAY_MS } from '@outpost/domain/services';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { hashToken } from '../../lib/tokens';
import { apiKeys, staffMembers } from '../staff/staff.schema';
import type { StaffCaller } from '../staff/staff.service';
import { adminError } from './admin.errors';

/** Who called the admin API: a staff member (their session) or an API key. */
export type AdminCaller =
  | { kind: 'staff'; staff: StaffCaller; scopes: readonly AdminScope[] }
  | { kind: 'key'; keyId: number; name: string; scopes: readonly AdminScope[] };

/** The last use of a key is written at most this often (not one write per call). */
const LAST_USED_EVERY_MS = 60_000;

/** How many of a key's characters lists show: the prefix and 8 of its random part. */
const SHOWN = API_KEY_PREFIX.length + 8;

/** A new key: `opk_` and 256 random bits, URL-safe. */
export function newApiKey(): string {
  return API_KEY_PREFIX + randomBytes(32).toString('base64url');
}

type KeyRow = typeof apiKeys.$inferSelect & { creator: string | null };

function summaryOf(row: KeyRow): ApiKeySummary {
  return {
    keyid: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiKeyScope[],
    created: row.createdAt.toISOString(),
    expires: row.expiresAt.toISOString(),
    revoked: row.revokedAt?.toISOString() ?? null,
    last_used: row.lastUsedAt?.toISOString() ?? null,
    created_by: row.creator,
  };
}

/** A new key for the provider's systems; the key itself is in this answer only. */
export async function createApiKey(
  db: Db,
  input: { name: string; scopes: readonly ApiKeyScope[]; expiresInDays?: number | undefined },
  createdBy: StaffCaller | null,
  now: Date,
): Promise<ApiKeySummary & { key: string }> {
  const key = newApiKey();
  const [row] = await db
    .insert(apiKeys)
    .values({
      name: input.name.trim(),
      prefix: key.slice(0, SHOWN),
      keyHash: hashToken(key),
      scopes: [...input.scopes],
      createdBy: createdBy?.id ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + (input.expiresInDays ?? API_KEY_DEFAULT_DAYS) * DAY_MS),
    })
    .returning();
  return { ...summaryOf({ ...row!, creator: createdBy?.name ?? null }), key };
}

/** Every key, newest first (revoked and expired ones too: the list is their history). */
export async function listApiKeys(db: Db): Promise<ApiKeySummary[]> {
  const rows = await db
    .select({ key: apiKeys, creator: staffMembers.name })
    .from(apiKeys)
    .leftJoin(staffMembers, eq(staffMembers.id, apiKeys.createdBy))
    .orderBy(desc(apiKeys.id));
  return rows.map((r) => summaryOf({ ...r.key, creator: r.creator }));
}

/** Revokes a key (again: no change, the first time stands); an unknown id is 404. */
export async function revokeApiKey(db: Db, keyId: number, now: Date): Promise<ApiKeySummary> {
  await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, keyId), isNull(apiKeys.revokedAt)));
  const [row] = await db
    .select({ key: apiKeys, creator: staffMembers.name })
    .from(apiKeys)
    .leftJoin(staffMembers, eq(staffMembers.id, apiKeys.createdBy))
    .where(eq(apiKeys.id, keyId));
  if (!row) throw adminError('apiKeyMissing');
  return summaryOf({ ...row.key, creator: row.creator });
}

/**
 * The key behind a presented secret when it is live (not revoked, not expired), its last use
 * written when the one on record is a minute old or more; null otherwise. One statement.
 */
export async function apiKeyCaller(
  db: Db,
  presented: string,
  now: Date,
): Promise<Extract<AdminCaller, { kind: 'key' }> | null> {
  if (!presented.startsWith(API_KEY_PREFIX)) return null;
  const [row] = await queryRows<{ id: number; name: string; scopes: string[] }>(
    db,
    sql`with k as (
          select id, name, scopes from api_keys
           where key_hash = ${hashToken(presented)} and revoked_at is null
             and expires_at > ${now}),
        touched as (
          update api_keys set last_used_at = ${now}
           where id = (select id from k)
             and (last_used_at is null
                  or last_used_at <= ${new Date(now.getTime() - LAST_USED_EVERY_MS)}))
        select id, name, scopes from k`,
  );
  return row
    ? { kind: 'key', keyId: row.id, name: row.name, scopes: row.scopes as ApiKeyScope[] }
    : null;
}

/** A staff member as an admin API caller: their role's scopes. */
export function staffAdminCaller(staff: StaffCaller): AdminCaller {
  return { kind: 'staff', staff, scopes: STAFF_ROLE_SCOPES[staff.role] };
}
