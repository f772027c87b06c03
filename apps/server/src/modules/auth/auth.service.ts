import { sessionMayActFor } from '@outpost/domain/staff-rules';
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { checkNewPassword, checkPasswordChanged } from '@outpost/domain/password-rules';
import type { SessionOutput, TokenOutput } from '@outpost/contracts/auth';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { tooManyRequests, unauthenticated } from '../../lib/errors';
import { authError } from './auth.errors';
import { hashToken, newOpaqueToken } from '../../lib/tokens';
import type { RateLimitStore } from '../../plugins/rate-limit-store';
import { users } from '../../db/accounts.schema';
import { effectivePermissions } from '../users/users.service';
import { authEvents, sessions, tokens } from './auth.schema';
import { hashPassword, verifyPassword } from './passwords';
import { requireSecondFactor } from './two-factor';
import type { Messaging } from '../../adapters/messaging';
import type { Brand } from '@outpost/contracts/brand';

export type AuthDeps = {
  db: Db;
  clock: Clock;
  rateLimits: RateLimitStore;
  userTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  loginLimitPerUsername: number;
  loginLimitPerIp: number;
  messaging: Messaging;
  brand: Brand;
};

import type { RequestMeta } from '../../lib/route';

const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** A rotated refresh token reused within this grace is a race between tabs, not theft. */
const REFRESH_REUSE_GRACE_MS = 10_000;

type AuditEvent = {
  event: 'login' | 'refresh' | 'logout' | 'recovery' | 'password' | 'contact-details';
  outcome: 'success' | 'failure' | 'blocked' | 'challenge';
  username?: string | null;
  userId?: number | null;
  detail?: string;
};

export async function audit(db: Db, meta: RequestMeta, e: AuditEvent): Promise<void> {
  await db.insert(authEvents).values({
    event: e.event,
    outcome: e.outcome,
    username: e.username?.slice(0, 200) ?? null,
    userId: e.userId ?? null,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 300) ?? null,
    detail: e.detail ?? null,
  });
}

/** A staff-assisted session lasts at most this long, refreshes included (decision 025). */
export const STAFF_ASSISTED_MS = 60 * 60 * 1000;

/**
 * Issues a USER and a REFRESH token in a family and builds the session answer. `staffId`: a
 * staff-assisted session (decision 025), set when the family starts; its tokens carry it on
 * every refresh, and its REFRESH token lasts STAFF_ASSISTED_MS.
 */
export async function issueSession(
  deps: Pick<AuthDeps, 'db' | 'clock' | 'userTokenTtlSeconds' | 'refreshTokenTtlDays'>,
  userId: number,
  familyId: string,
  meta?: RequestMeta,
  staffId?: number,
): Promise<SessionOutput> {
  const now = deps.clock();
  // The session's row (the Sessions list, step-up): made at login, touched at each refresh.
  const [session] = await deps.db
    .insert(sessions)
    .values({
      familyId,
      userId,
      createdAt: now,
      lastUsedAt: now,
      userAgent: meta?.userAgent?.slice(0, 300) ?? null,
      ip: meta?.ip ?? null,
      staffId: staffId ?? null,
    })
    .onConflictDoUpdate({ target: sessions.familyId, set: { lastUsedAt: now } })
    .returning({ staffId: sessions.staffId, createdAt: sessions.createdAt });
  const assistedBy = session?.staffId ?? null;
  const userToken = newOpaqueToken();
  const refreshToken = newOpaqueToken();
  const refreshExpires =
    assistedBy === null
      ? new Date(now.getTime() + deps.refreshTokenTtlDays * 86_400_000)
      : new Date(session!.createdAt.getTime() + STAFF_ASSISTED_MS);
  const userTtl = new Date(now.getTime() + deps.userTokenTtlSeconds * 1000);
  const userExpires = userTtl < refreshExpires ? userTtl : refreshExpires;
  await deps.db.insert(tokens).values([
    {
      tokenHash: hashToken(userToken),
      type: 'USER',
      userId,
      familyId,
      expiresAt: userExpires,
      createdAt: now,
      staffId: assistedBy,
    },
    {
      tokenHash: hashToken(refreshToken),
      type: 'REFRESH',
      userId,
      familyId,
      expiresAt: refreshExpires,
      createdAt: now,
      staffId: assistedBy,
    },
  ]);
  const [user] = await deps.db
    .select({
      user_id: users.id,
      username: users.username,
      given_names: users.givenNames,
      surname: users.surname,
      account_holder: users.isAccountHolder,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new Error(`user ${userId} vanished while issuing a session`);
  const tokenList: TokenOutput[] = [
    { type: 'USER', token: userToken, expires: userExpires.toISOString() },
    { type: 'REFRESH', token: refreshToken, expires: refreshExpires.toISOString() },
  ];
  return {
    tokens: tokenList,
    user: {
      user_id: user.user_id,
      username: user.username,
      given_names: user.given_names,
      surname: user.surname,
      session_expiry: userExpires.toISOString(),
    },
    permissions: await effectivePermissions(deps.db, userId),
    account_holder: user.account_holder,
  };
}

/** The counter of sign-in tries for a username (any case): the person's sign-in lock. */
export const loginUserKey = (username: string) => `login:user:${username.trim().toLowerCase()}`;

export async function login(
  deps: AuthDeps,
  input: { username: string; password: string; verification?: string | undefined },
  meta: RequestMeta,
): Promise<SessionOutput> {
  const username = input.username.trim();
  const userKey = loginUserKey(username);
  const [ipHit, userHit] = await Promise.all([
    deps.rateLimits.hit(`login:ip:${meta.ip}`, LOGIN_WINDOW_MS),
    deps.rateLimits.hit(userKey, LOGIN_WINDOW_MS),
  ]);
  if (ipHit.count > deps.loginLimitPerIp || userHit.count > deps.loginLimitPerUsername) {
    await audit(deps.db, meta, {
      event: 'login',
      outcome: 'blocked',
      username,
      detail: ipHit.count > deps.loginLimitPerIp ? 'ip limit' : 'username limit',
    });
    throw authError('loginRateLimited');
  }

  const [user] = await deps.db
    .select({
      id: users.id,
      passwordHash: users.passwordHash,
      roleStatus: users.roleStatus,
      twoFactorMethod: users.twoFactorMethod,
      totpSecret: users.totpSecret,
      totpLastStep: users.totpLastStep,
      email: users.email,
      mobile: users.mobile,
    })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()));

  const passwordOk = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !passwordOk || user.roleStatus !== 'Active') {
    await audit(deps.db, meta, {
      event: 'login',
      outcome: 'failure',
      username,
      userId: user?.id ?? null,
      detail: !user ? 'unknown username' : !passwordOk ? 'wrong password' : 'contact not active',
    });
    throw authError('badCredentials');
  }

  if (user.twoFactorMethod) {
    try {
      await requireSecondFactor(deps, user, input.verification);
    } catch (error) {
      const outcome = input.verification ? 'failure' : 'challenge';
      await audit(deps.db, meta, {
        event: 'login',
        outcome,
        username,
        userId: user.id,
        detail: `two-factor ${user.twoFactorMethod}`,
      });
      throw error;
    }
  }

  await deps.rateLimits.reset(userKey);
  const session = await issueSession(deps, user.id, randomUUID(), meta);
  await audit(deps.db, meta, { event: 'login', outcome: 'success', username, userId: user.id });
  return session;
}

const refreshInvalid = () => authError('refreshInvalid');

/**
 * Rotates a refresh token. Using an already-rotated token again revokes the whole family
 * (someone else holds a copy), except within a short grace that covers two tabs racing.
 */
export async function refresh(
  deps: AuthDeps,
  refreshToken: string | undefined,
  meta: RequestMeta,
): Promise<SessionOutput> {
  if (!refreshToken) throw authError('missingRefresh');
  const now = deps.clock();
  const [row] = await deps.db
    .select({
      id: tokens.id,
      type: tokens.type,
      userId: tokens.userId,
      familyId: tokens.familyId,
      expiresAt: tokens.expiresAt,
      rotatedAt: tokens.rotatedAt,
      revokedAt: tokens.revokedAt,
      roleStatus: users.roleStatus,
      staffId: tokens.staffId,
    })
    .from(tokens)
    .innerJoin(users, eq(users.id, tokens.userId))
    .where(eq(tokens.tokenHash, hashToken(refreshToken)));

  if (!row || row.type !== 'REFRESH' || row.revokedAt) {
    await audit(deps.db, meta, {
      event: 'refresh',
      outcome: 'failure',
      userId: row?.userId,
      detail: row ? 'revoked or wrong type' : 'unknown token',
    });
    throw refreshInvalid();
  }
  if (row.rotatedAt) {
    const withinGrace = now.getTime() - row.rotatedAt.getTime() < REFRESH_REUSE_GRACE_MS;
    if (!withinGrace) await revokeFamily(deps.db, row.familyId, now);
    await audit(deps.db, meta, {
      event: 'refresh',
      outcome: 'blocked',
      userId: row.userId,
      detail: withinGrace ? 'reuse within grace' : 'reuse of rotated token: family revoked',
    });
    throw refreshInvalid();
  }
  if (row.expiresAt <= now || !sessionMayActFor(row.roleStatus, row.staffId !== null)) {
    await audit(deps.db, meta, {
      event: 'refresh',
      outcome: 'failure',
      userId: row.userId,
      detail: 'expired or inactive',
    });
    throw refreshInvalid();
  }

  // Claim the token atomically: of two parallel refreshes only one wins.
  const claimed = await deps.db
    .update(tokens)
    .set({ rotatedAt: now })
    .where(and(eq(tokens.id, row.id), isNull(tokens.rotatedAt), isNull(tokens.revokedAt)))
    .returning({ id: tokens.id });
  if (claimed.length === 0) throw refreshInvalid();
  // The family's earlier USER tokens end with the rotation.
  await deps.db
    .update(tokens)
    .set({ revokedAt: now })
    .where(
      and(eq(tokens.familyId, row.familyId), eq(tokens.type, 'USER'), isNull(tokens.revokedAt)),
    );
  const session = await issueSession(deps, row.userId, row.familyId, meta);
  await audit(deps.db, meta, { event: 'refresh', outcome: 'success', userId: row.userId });
  return session;
}

export async function revokeFamily(db: Db, familyId: string, now: Date): Promise<void> {
  await db
    .update(tokens)
    .set({ revokedAt: now })
    .where(and(eq(tokens.familyId, familyId), isNull(tokens.revokedAt)));
}

/**
 * Ends every session of a user (their tokens revoked, their sessions marked ended): a removed
 * contact, or staff ending them for a lost phone. Answers how many sessions were live. Call inside
 * a transaction.
 */
export async function endAllSessions(tx: Db, userId: number, now: Date): Promise<number> {
  await tx
    .update(tokens)
    .set({ revokedAt: now })
    .where(and(eq(tokens.userId, userId), isNull(tokens.revokedAt)));
  const ended = await tx
    .update(sessions)
    .set({ endedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt)))
    .returning({ id: sessions.id });
  return ended.length;
}

export async function logout(
  deps: AuthDeps,
  auth: { userId: number; familyId: string },
  meta: RequestMeta,
): Promise<void> {
  await revokeFamily(deps.db, auth.familyId, deps.clock());
  await audit(deps.db, meta, { event: 'logout', outcome: 'success', userId: auth.userId });
}

const CURRENT_PASSWORD_WINDOW_MS = 15 * 60 * 1000;
const CURRENT_PASSWORD_TRIES = 5;

/**
 * Changes the caller's password (rules of spec 1 section 5, checked again here) and ends every
 * other session of theirs: whoever else held a token must log in with the new password. The
 * current password is needed, except once in the session that access recovery started (the
 * forced update: the recovery code proved who it is). Wrong current passwords are limited like
 * logins, so a borrowed session cannot guess it.
 */
export async function changePassword(
  deps: AuthDeps,
  auth: { userId: number; familyId: string },
  input: { password: string; current_password?: string | undefined },
  meta: RequestMeta,
): Promise<void> {
  if (checkNewPassword(input.password) !== null) {
    throw authError('passwordWeak');
  }
  const [user] = await deps.db
    .select({ passwordHash: users.passwordHash, recoveryFamilyId: users.recoveryFamilyId })
    .from(users)
    .where(eq(users.id, auth.userId));
  if (!user) throw unauthenticated();
  const afterRecovery = user.recoveryFamilyId === auth.familyId;
  if (!afterRecovery) {
    if (input.current_password === undefined) throw authError('currentPasswordRequired');
    if (checkPasswordChanged(input.current_password, input.password) !== null) {
      throw authError('passwordUnchanged');
    }
    const tries = await deps.rateLimits.hit(
      `password:current:${auth.userId}`,
      CURRENT_PASSWORD_WINDOW_MS,
    );
    if (tries.count > CURRENT_PASSWORD_TRIES) throw tooManyRequests();
    if (!(await verifyPassword(user.passwordHash, input.current_password))) {
      await audit(deps.db, meta, {
        event: 'password',
        outcome: 'failure',
        userId: auth.userId,
        detail: 'current password wrong',
      });
      throw authError('currentPasswordWrong');
    }
  } else if (await verifyPassword(user.passwordHash, input.password)) {
    // The forced update has no current password to compare: the stored hash says it is the same.
    throw authError('passwordUnchanged');
  }
  const now = deps.clock();
  const passwordHash = await hashPassword(input.password);
  await withTransaction(deps.db, async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: now, recoveryFamilyId: null })
      .where(eq(users.id, auth.userId));
    await tx
      .update(tokens)
      .set({ revokedAt: now })
      .where(
        and(
          eq(tokens.userId, auth.userId),
          ne(tokens.familyId, auth.familyId),
          isNull(tokens.revokedAt),
        ),
      );
    await audit(tx, meta, {
      event: 'password',
      outcome: 'success',
      userId: auth.userId,
      detail: afterRecovery
        ? 'after access recovery; other sessions ended'
        : 'other sessions ended',
    });
  });
  if (!afterRecovery) await deps.rateLimits.reset(`password:current:${auth.userId}`);
}
