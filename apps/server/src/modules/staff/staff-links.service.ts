import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { STAFF_LINK_MAX_MS } from '@outpost/contracts/staff';
import type { Technology } from '@outpost/contracts/services';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { hashToken, newOpaqueToken, sameSecret } from '../../lib/tokens';
import { tokens } from '../auth/auth.schema';
import type { StaffRole } from '@outpost/domain/staff-rules';
import { staffError } from './staff.errors';
import { staffAudit, staffLinkUses } from './staff.schema';
import type { StaffCaller } from './staff.service';
import { STAFF_SESSION_MS } from './staff.service';

type LinkPayload = {
  /** staff id */
  s: number;
  /** purpose */
  p: 'login' | 'usage';
  /** account id (login) or service id (usage) */
  t: number;
  /** expiry, ms since the epoch */
  e: number;
  /** nonce: single use */
  n: string;
};

/** The key links are signed with: configured, else one per process (decision 025). */
export function linkKey(configured: string | undefined): Buffer {
  return configured ? Buffer.from(configured) : randomBytes(32);
}

const b64 = (data: Buffer | string) => Buffer.from(data).toString('base64url');
const sign = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest();

/** A link's token: the payload and its HMAC-SHA256, both base64url. */
export function signLink(key: Buffer, payload: LinkPayload): string {
  const body = b64(JSON.stringify(payload));
  return `${body}.${b64(sign(key, body))}`;
}

/** The payload of a token whose signature is ours, else null (constant-time comparison). */
export function readLink(key: Buffer, token: string): LinkPayload | null {
  const [body, mac, extra] = token.split('.');
  if (!body || !mac || extra !== undefined) return null;
  const expected = sign(key, body);
  const given = Buffer.from(mac, 'base64url');
  if (!sameSecret(given, expected)) return null;
  try {
    const p = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as LinkPayload;
    const ok =
      Number.isInteger(p.s) &&
      (p.p === 'login' || p.p === 'usage') &&
      Number.isInteger(p.t) &&
      Number.isInteger(p.e) &&
      typeof p.n === 'string' &&
      /^[0-9a-f-]{36}$/.test(p.n);
    return ok ? p : null;
  } catch {
    return null;
  }
}

/** Issues a link for an existing account (login) or service (usage); audited. */
export async function issueLink(
  db: Db,
  key: Buffer,
  staff: StaffCaller,
  input: { purpose: 'login' | 'usage'; accountid?: number; serviceid?: number },
  publicUrl: string,
  now: Date,
  requestId: string,
): Promise<{ url: string; expires: Date }> {
  const target = input.purpose === 'login' ? input.accountid! : input.serviceid!;
  const [exists] = await queryRows<{ account_id: number }>(
    db,
    input.purpose === 'login'
      ? sql`select id as account_id from accounts where id = ${target}`
      : sql`select account_id from services where id = ${target}`,
  );
  if (!exists) throw staffError('staffTargetMissing');
  const expires = new Date(now.getTime() + STAFF_LINK_MAX_MS);
  const token = signLink(key, {
    s: staff.id,
    p: input.purpose,
    t: target,
    e: expires.getTime(),
    n: randomUUID(),
  });
  await db.insert(staffAudit).values({
    at: now,
    staffId: staff.id,
    accountId: exists.account_id,
    action: 'link-issued',
    requestId,
    detail: input.purpose === 'login' ? 'portal' : `usage of service ${target}`,
  });
  const url =
    input.purpose === 'login'
      ? `${publicUrl}/staff-login/verify?token=${token}`
      : `${publicUrl}/staff-usage/${target}/verify?token=${token}`;
  return { url, expires };
}

export type OpenedLink = {
  staff: { id: number; name: string; role: StaffRole };
  holderId: number;
  accountId: number;
  customer: string;
  serviceId: number | null;
  technology: Technology | null;
};

/**
 * Opens a link: our signature, not expired, the purpose (and service) the page asks for, the
 * staff member still active, the account's holder active or invited (sessionMayActFor), and the
 * nonce never used before (a second use, even at the same moment, is refused). Every refusal and
 * the use are audited.
 */
export async function openLink(
  db: Db,
  key: Buffer,
  token: string,
  expect: { purpose: 'login' | 'usage'; serviceId?: number },
  now: Date,
  requestId: string,
): Promise<OpenedLink> {
  const refuse = async (detail: string, staffId: number | null = null): Promise<never> => {
    await db.insert(staffAudit).values({
      at: now,
      staffId,
      action: 'link-refused',
      requestId,
      detail,
    });
    throw staffError('staffLinkInvalid');
  };
  const p = readLink(key, token);
  if (!p) return refuse('bad signature or shape');
  if (p.e <= now.getTime() || p.e > now.getTime() + STAFF_LINK_MAX_MS)
    return refuse('expired', p.s);
  if (p.p !== expect.purpose || (expect.serviceId !== undefined && p.t !== expect.serviceId))
    return refuse('wrong purpose or service', p.s);
  const [row] = await queryRows<{
    staff_name: string;
    staff_role: StaffRole;
    account_id: number;
    holder_id: number | null;
    customer: string | null;
    service_id: number | null;
    technology: Technology | null;
  }>(
    db,
    p.p === 'login'
      ? sql`select m.name as staff_name, m.role as staff_role, a.id as account_id,
                   h.id as holder_id, h.given_names || ' ' || h.surname as customer,
                   null::int as service_id, null as technology
              from staff_members m, accounts a
              left join lateral (select id, given_names, surname from users
                                  where account_id = a.id and is_account_holder and role_status in ('Active', 'Invited')
                                  order by id limit 1) h on true
             where m.id = ${p.s} and m.active and a.id = ${p.t}`
      : sql`select m.name as staff_name, m.role as staff_role, s.account_id,
                   h.id as holder_id, h.given_names || ' ' || h.surname as customer,
                   s.id as service_id, s.technology
              from staff_members m, services s
              left join lateral (select id, given_names, surname from users
                                  where account_id = s.account_id and is_account_holder and role_status in ('Active', 'Invited')
                                  order by id limit 1) h on true
             where m.id = ${p.s} and m.active and s.id = ${p.t}`,
  );
  if (!row || row.holder_id === null) return refuse('staff inactive or customer gone', p.s);
  const used = await db
    .insert(staffLinkUses)
    .values({ nonce: p.n, staffId: p.s, usedAt: now })
    .onConflictDoNothing()
    .returning({ nonce: staffLinkUses.nonce });
  if (used.length === 0) return refuse('already used', p.s);
  await db.insert(staffAudit).values({
    at: now,
    staffId: p.s,
    accountId: row.account_id,
    userId: row.holder_id,
    action: 'link-used',
    requestId,
    detail: p.p === 'login' ? 'portal' : `usage of service ${p.t}`,
  });
  return {
    staff: { id: p.s, name: row.staff_name, role: row.staff_role },
    holderId: row.holder_id,
    accountId: row.account_id,
    customer: row.customer ?? '',
    serviceId: row.service_id,
    technology: row.technology,
  };
}

/** A usage-only token of the holder for one service, marked with the staff member. */
export async function staffUsageToken(
  db: Db,
  opened: OpenedLink,
  ttlSeconds: number,
  now: Date,
): Promise<{ token: string; expires: Date }> {
  const token = newOpaqueToken();
  const expires = new Date(now.getTime() + Math.min(ttlSeconds * 1000, STAFF_SESSION_MS));
  await db.insert(tokens).values({
    tokenHash: hashToken(token),
    type: 'USER',
    userId: opened.holderId,
    familyId: randomUUID(),
    expiresAt: expires,
    createdAt: now,
    serviceId: opened.serviceId,
    staffId: opened.staff.id,
  });
  return { token, expires };
}
