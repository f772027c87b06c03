import { and, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows, withTransaction } from '../../db/client';
import { hashToken, newOpaqueToken } from '../../lib/tokens';
import type { RateLimitStore } from '../../plugins/rate-limit-store';
import { sessions, tokens } from '../auth/auth.schema';
import { Secret } from 'otpauth';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { totpFor } from '../auth/two-factor';
import type { StaffRole } from '@outpost/domain/staff-rules';
import { STAFF_ROLE_SCOPES } from '@outpost/domain/admin-rules';
import { staffError } from './staff.errors';
import { apiKeys, staffAudit, staffMembers, staffSessions } from './staff.schema';

/**
 * A staff sign-in lasts this long after the last call (their own short sessions; decision 025): it
 * renews while the person works and ends after this long idle (issue 39).
 */
export const STAFF_SESSION_MS = 30 * 60 * 1000;
/** A session is renewed at most this often (one write a minute per working staff member). */
const STAFF_RENEW_EVERY_MS = 60 * 1000;
const LOGIN_WINDOW_MS = 15 * 60 * 1000;
const LOGIN_TRIES = 5;

export type StaffCaller = { id: number; name: string; role: StaffRole; sessionId: number };

// ---- sign-in

/**
 * Email, password and an authenticator code, always: 5 tries per 15 minutes per email and per
 * address, one answer for every failure, each code's time step used once.
 */
export async function staffLogin(
  db: Db,
  rateLimits: RateLimitStore,
  input: { email: string; password: string; code: string },
  ip: string,
  now: Date,
): Promise<{ token: string; expires: Date; staff: StaffCaller }> {
  const email = input.email.trim().toLowerCase();
  const [byEmail, byIp] = await Promise.all([
    rateLimits.hit(`staff-login:${email}`, LOGIN_WINDOW_MS),
    rateLimits.hit(`staff-login-ip:${ip}`, LOGIN_WINDOW_MS),
  ]);
  if (byEmail.count > LOGIN_TRIES || byIp.count > LOGIN_TRIES * 4)
    throw staffError('staffLoginFailed');
  const [member] = await db
    .select()
    .from(staffMembers)
    .where(eq(sql`lower(${staffMembers.email})`, email));
  const passwordOk = await verifyPassword(member?.passwordHash, input.password);
  if (!member || !member.active || !passwordOk) throw staffError('staffLoginFailed');
  const nowMs = now.getTime();
  const delta = totpFor(member.totpSecret).validate({
    token: input.code,
    timestamp: nowMs,
    window: 1,
  });
  if (delta === null) throw staffError('staffLoginFailed');
  const step = Math.floor(nowMs / 30_000) + delta;
  const claimed = await db
    .update(staffMembers)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(staffMembers.id, member.id),
        or(isNull(staffMembers.totpLastStep), lt(staffMembers.totpLastStep, step)),
      ),
    )
    .returning({ id: staffMembers.id });
  if (claimed.length === 0) throw staffError('staffLoginFailed');
  await rateLimits.reset(`staff-login:${email}`);
  const token = newOpaqueToken();
  const expires = new Date(nowMs + STAFF_SESSION_MS);
  const [session] = await db
    .insert(staffSessions)
    .values({ staffId: member.id, tokenHash: hashToken(token), createdAt: now, expiresAt: expires })
    .returning({ id: staffSessions.id });
  return {
    token,
    expires,
    staff: {
      id: member.id,
      name: member.name,
      role: member.role as StaffRole,
      sessionId: session!.id,
    },
  };
}

/**
 * The staff member behind an X-Staff-Token, if the session is live and they are active. A call
 * renews the session to STAFF_SESSION_MS from now (at most once a minute), so it ends only idle.
 */
export async function staffCaller(db: Db, token: string, now: Date): Promise<StaffCaller | null> {
  const [row] = await db
    .select({
      id: staffMembers.id,
      name: staffMembers.name,
      role: staffMembers.role,
      sessionId: staffSessions.id,
      expiresAt: staffSessions.expiresAt,
    })
    .from(staffSessions)
    .innerJoin(staffMembers, eq(staffMembers.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, hashToken(token)),
        isNull(staffSessions.endedAt),
        gt(staffSessions.expiresAt, now),
        eq(staffMembers.active, true),
      ),
    );
  if (!row) return null;
  const { expiresAt, ...caller } = row;
  if (expiresAt.getTime() - now.getTime() < STAFF_SESSION_MS - STAFF_RENEW_EVERY_MS) {
    await db
      .update(staffSessions)
      .set({ expiresAt: new Date(now.getTime() + STAFF_SESSION_MS) })
      .where(and(eq(staffSessions.id, row.sessionId), isNull(staffSessions.endedAt)));
  }
  return { ...caller, role: caller.role as StaffRole };
}

export async function endStaffSession(db: Db, sessionId: number, now: Date): Promise<void> {
  await db.update(staffSessions).set({ endedAt: now }).where(eq(staffSessions.id, sessionId));
}

// ---- audit

export type AuditRecord = {
  staffId: number | null;
  apiKeyId?: number | null;
  accountId: number | null;
  userId: number | null;
  action: string;
  method?: string;
  route?: string;
  status?: number;
  requestId?: string;
  detail?: string;
};

export async function recordAudit(db: Db, at: Date, r: AuditRecord): Promise<void> {
  await db.insert(staffAudit).values({ at, ...r });
}

export async function listAudit(
  db: Db,
  filter: {
    accountid?: number | undefined;
    staffid?: number | undefined;
    limit?: number | undefined;
  },
) {
  const rows = await db
    .select({
      at: staffAudit.at,
      staffid: staffAudit.staffId,
      staff: staffMembers.name,
      keyid: staffAudit.apiKeyId,
      key: apiKeys.name,
      accountid: staffAudit.accountId,
      userid: staffAudit.userId,
      action: staffAudit.action,
      method: staffAudit.method,
      route: staffAudit.route,
      status: staffAudit.status,
      request_id: staffAudit.requestId,
      detail: staffAudit.detail,
    })
    .from(staffAudit)
    .leftJoin(staffMembers, eq(staffMembers.id, staffAudit.staffId))
    .leftJoin(apiKeys, eq(apiKeys.id, staffAudit.apiKeyId))
    .where(
      and(
        filter.accountid === undefined ? undefined : eq(staffAudit.accountId, filter.accountid),
        filter.staffid === undefined ? undefined : eq(staffAudit.staffId, filter.staffid),
      ),
    )
    .orderBy(desc(staffAudit.at), desc(staffAudit.id))
    .limit(Math.min(filter.limit ?? 100, 500));
  return rows.map((r) => ({ ...r, at: r.at.toISOString() }));
}

// ---- staff members (CLI and demo seed)

/** A new staff member with a fresh authenticator secret (shown once, to enrol their app). */
export async function createStaffMember(
  db: Db,
  input: { email: string; name: string; role: StaffRole; password: string; totpSecret?: string },
): Promise<{ id: number; totpSecret: string; otpauth: string }> {
  const totpSecret = input.totpSecret ?? new Secret({ size: 20 }).base32;
  const [row] = await db
    .insert(staffMembers)
    .values({
      email: input.email.trim(),
      name: input.name.trim(),
      role: input.role,
      passwordHash: await hashPassword(input.password),
      totpSecret,
    })
    .returning({ id: staffMembers.id });
  const otpauth = totpFor(totpSecret).toString();
  return { id: row!.id, totpSecret, otpauth };
}

/**
 * Switches a staff member on or off. Off ends their staff sessions and, for good, every
 * staff-assisted customer session they opened (its tokens revoked and its session row ended, in
 * one transaction): switching them on again later revives none of them (decision 025).
 */
export async function setStaffActive(
  db: Db,
  email: string,
  active: boolean,
  now: Date = new Date(),
): Promise<boolean> {
  return withTransaction(db, async (tx) => {
    const rows = await tx
      .update(staffMembers)
      .set({ active })
      .where(eq(sql`lower(${staffMembers.email})`, email.trim().toLowerCase()))
      .returning({ id: staffMembers.id });
    const member = rows[0];
    if (!active && member) {
      await tx
        .update(staffSessions)
        .set({ endedAt: now })
        .where(and(eq(staffSessions.staffId, member.id), isNull(staffSessions.endedAt)));
      await tx
        .update(tokens)
        .set({ revokedAt: now })
        .where(and(eq(tokens.staffId, member.id), isNull(tokens.revokedAt)));
      await tx
        .update(sessions)
        .set({ endedAt: now })
        .where(and(eq(sessions.staffId, member.id), isNull(sessions.endedAt)));
    }
    return rows.length > 0;
  });
}

/** The active holder of an account (the lowest id, should there be two), or undefined. */
export async function activeHolderOf(
  db: Db,
  accountId: number,
): Promise<{ id: number } | undefined> {
  const [holder] = await queryRows<{ id: number }>(
    db,
    sql`select id from users
         where account_id = ${accountId} and is_account_holder and role_status = 'Active'
         order by id limit 1`,
  );
  return holder;
}

// ---- staff administration (the admin API, decision 051)

export type StaffListItem = {
  staffid: number;
  email: string;
  name: string;
  role: StaffRole;
  active: boolean;
  created: string;
  last_sign_in: string | null;
};

/** Every staff member, by name, with their last sign-in. */
export async function listStaff(db: Db): Promise<StaffListItem[]> {
  const rows = await queryRows<{
    id: number;
    email: string;
    name: string;
    role: StaffRole;
    active: boolean;
    created_at: Date | string;
    last_sign_in: Date | string | null;
  }>(
    db,
    sql`select m.id, m.email, m.name, m.role, m.active, m.created_at,
               (select max(s.created_at) from staff_sessions s where s.staff_id = m.id) as last_sign_in
          from staff_members m order by lower(m.name), m.id`,
  );
  return rows.map((r) => ({
    staffid: r.id,
    email: r.email,
    name: r.name,
    role: r.role,
    active: r.active,
    created: new Date(r.created_at).toISOString(),
    last_sign_in: r.last_sign_in === null ? null : new Date(r.last_sign_in).toISOString(),
  }));
}

/**
 * Whom a ticket can be given to (docs/decisions/057): the active staff members whose role holds
 * the scope `desk` (the same table the scope check reads), by name. Only names and roles: the
 * desk reads it without the scope `staff`, so no email or sign-in times.
 */
export async function listDeskAssignees(
  db: Db,
): Promise<{ staffid: number; name: string; role: StaffRole }[]> {
  const roles = (Object.keys(STAFF_ROLE_SCOPES) as StaffRole[]).filter((role) =>
    STAFF_ROLE_SCOPES[role].includes('tickets'),
  );
  const rows = await db
    .select({ staffid: staffMembers.id, name: staffMembers.name, role: staffMembers.role })
    .from(staffMembers)
    .where(and(eq(staffMembers.active, true), inArray(staffMembers.role, roles)))
    .orderBy(sql`lower(${staffMembers.name})`, staffMembers.id);
  return rows.map((r) => ({ ...r, role: r.role as StaffRole }));
}

/**
 * A staff member's role or active state changed. Switching off goes through setStaffActive (their
 * sessions and staff-assisted customer sessions end); a new role takes effect at their next
 * request (the role is read with the session). Answers the email, or null for an unknown id.
 */
export async function updateStaffMember(
  db: Db,
  staffId: number,
  change: { role?: StaffRole | undefined; active?: boolean | undefined },
  now: Date,
): Promise<string | null> {
  const [member] = await db
    .select({ email: staffMembers.email })
    .from(staffMembers)
    .where(eq(staffMembers.id, staffId));
  if (!member) return null;
  if (change.role !== undefined)
    await db.update(staffMembers).set({ role: change.role }).where(eq(staffMembers.id, staffId));
  if (change.active !== undefined) await setStaffActive(db, member.email, change.active, now);
  return member.email;
}

/**
 * A new authenticator secret for a staff member who lost theirs (shown once, to enrol again);
 * their sessions end, so the old device signs in no more.
 */
export async function resetStaffAuthenticator(
  db: Db,
  staffId: number,
  now: Date,
): Promise<{ totpSecret: string; otpauth: string } | null> {
  const totpSecret = new Secret({ size: 20 }).base32;
  return withTransaction(db, async (tx) => {
    const rows = await tx
      .update(staffMembers)
      .set({ totpSecret, totpLastStep: null })
      .where(eq(staffMembers.id, staffId))
      .returning({ id: staffMembers.id });
    if (rows.length === 0) return null;
    await tx
      .update(staffSessions)
      .set({ endedAt: now })
      .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.endedAt)));
    return { totpSecret, otpauth: totpFor(totpSecret).toString() };
  });
}
