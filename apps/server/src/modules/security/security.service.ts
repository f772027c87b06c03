import { and, desc, eq, exists, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import Bowser from 'bowser';
import { Secret, TOTP } from 'otpauth';
import type { Brand } from '@outpost/contracts/brand';
import type {
  AuthenticatorSecret,
  MethodPreference,
  MethodPreferenceInput,
  MethodPreferenceOption,
  SessionItem,
  TwoFactorInput,
  TwoFactorMethod,
  TwoFactorStatus,
} from '@outpost/contracts/security';
import { checkIdentification } from '@outpost/domain/identification-rules';
import type { Db } from '../../db/client';
import { withTransaction } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { notFound, unauthenticated } from '../../lib/errors';
import type { AuthContext } from '../../lib/auth-context';
import type { RateLimitStore } from '../../plugins/rate-limit-store';
import { users } from '../../db/accounts.schema';
import { sessions, tokens } from '../auth/auth.schema';
import { hashPassword } from '../auth/passwords';
import { claimTotp } from '../auth/two-factor';
import { securityError } from './security.errors';

export type SecurityDeps = {
  db: Db;
  clock: Clock;
  rateLimits: RateLimitStore;
  brand: Brand;
};

type Caller = Pick<AuthContext, 'userId' | 'familyId' | 'username'>;

// ---------------------------------------------------------------------------------------------
// Identification method (spec 3 sections 3, 5 and 7)

/** The methods offered: the date of birth (read-only, from the contact) or a 4-digit PIN. */
export const identificationOptions: readonly MethodPreferenceOption[] = [
  { value: 'DOB', label: 'Date of Birth', type: 'date', readOnly: true },
  { value: 'PIN', label: 'PIN', type: 'password', readOnly: false },
];

async function identity(db: Db, userId: number) {
  const [row] = await db
    .select({ identifyBy: users.identifyBy, dateOfBirth: users.dateOfBirth })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw unauthenticated();
  return row;
}

/** The caller's method; a PIN's value is never sent back (it is stored only as a hash). */
export async function getMethodPreference(db: Db, userId: number): Promise<MethodPreference> {
  const row = await identity(db, userId);
  return {
    identify_by: row.identifyBy,
    data: { value: row.identifyBy === 'DOB' ? (row.dateOfBirth ?? '') : '' },
    date_of_birth: row.dateOfBirth,
  };
}

/**
 * Sets the method (spec 3 section 5): one must be chosen; DOB takes the contact's date of birth
 * (a different value is refused: it is read-only); a PIN is exactly 4 digits, stored hashed.
 */
export async function updateMethodPreference(
  db: Db,
  userId: number,
  input: MethodPreferenceInput,
): Promise<MethodPreference> {
  const method = input.identify_by;
  const value = input.data.value;
  const problem = checkIdentification(method, value);
  if (problem === 'methodRequired') throw securityError('identifyByRequired');
  if (problem === 'methodUnknown') throw securityError('identifyByUnknown');
  if (problem === 'pinRequired') throw securityError('pinRequired');
  if (problem === 'pinInvalid') throw securityError('pinInvalid');
  if (method === 'DOB') {
    const row = await identity(db, userId);
    if (!row.dateOfBirth) throw securityError('dobMissing');
    if (value !== '' && value !== row.dateOfBirth) throw securityError('dobReadOnly');
    await db.update(users).set({ identifyBy: 'DOB', pinHash: null }).where(eq(users.id, userId));
  } else {
    const pinHash = await hashPassword(value);
    await db.update(users).set({ identifyBy: 'PIN', pinHash }).where(eq(users.id, userId));
  }
  return getMethodPreference(db, userId);
}

// ---------------------------------------------------------------------------------------------
// Two-factor (docs/decisions/016, "Two-factor and identification")

/** 'ending in 110'. */
function mobileHint(mobile: string | null): string | null {
  return mobile ? `ending in ${mobile.slice(-3)}` : null;
}

/** 'j•••@example.com'. */
function emailHint(email: string | null): string | null {
  if (!email) return null;
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

async function twoFactorRow(db: Db, userId: number) {
  const [row] = await db
    .select({
      method: users.twoFactorMethod,
      totpSecret: users.totpSecret,
      pending: users.totpPendingSecret,
      email: users.email,
      mobile: users.mobile,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw unauthenticated();
  return row;
}

function statusOf(row: Awaited<ReturnType<typeof twoFactorRow>>): TwoFactorStatus {
  const method = (['sms', 'email', 'totp'] as const).find((m) => m === row.method) ?? null;
  // An authenticator without a secret cannot be asked for a code: login treats it as off too.
  const effective = method === 'totp' && !row.totpSecret ? null : method;
  return {
    enabled: effective !== null,
    method: effective,
    mobile_hint: mobileHint(row.mobile),
    email_hint: emailHint(row.email),
  };
}

export async function getTwoFactor(db: Db, userId: number): Promise<TwoFactorStatus> {
  return statusOf(await twoFactorRow(db, userId));
}

/** A new authenticator secret for the caller, pending until updateTwoFactor confirms a code. */
export async function startAuthenticator(
  deps: SecurityDeps,
  caller: Caller,
): Promise<AuthenticatorSecret> {
  const secret = new Secret({ size: 20 }).base32;
  await deps.db.update(users).set({ totpPendingSecret: secret }).where(eq(users.id, caller.userId));
  const totp = new TOTP({
    issuer: deps.brand.providerName,
    label: caller.username,
    secret: Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  });
  return { secret, uri: totp.toString() };
}

/**
 * Turns two-factor on, off or to another method. The route needs a fresh step-up of this session
 * (the auth hook: a code of the current method, or by email/SMS while two-factor is off), and the
 * step-up is spent by the change. SMS and email need the address on file; the authenticator app
 * needs a valid code of the pending secret, which then becomes the secret.
 */
export async function updateTwoFactor(
  deps: SecurityDeps,
  caller: Caller,
  input: TwoFactorInput,
): Promise<TwoFactorStatus> {
  const row = await twoFactorRow(deps.db, caller.userId);
  const current = statusOf(row).method;
  const next: TwoFactorMethod | null = input.method;
  // Setting up the authenticator again (a new phone) is a change even when it is the method.
  const reenrol = next === 'totp' && row.pending !== null;
  if (next === current && !reenrol) throw securityError('twoFactorUnchanged');
  if (next === 'sms' && !row.mobile) throw securityError('twoFactorNoMobile');
  if (next === 'email' && !row.email) throw securityError('twoFactorNoEmail');
  let totpSecret: string | null = null;
  if (next === 'totp') {
    if (!row.pending) throw securityError('authenticatorNotStarted');
    if (!input.code) throw securityError('authenticatorCodeRequired');
    const result = await claimTotp(deps, caller.userId, row.pending, input.code);
    if (result === 'locked') throw securityError('authenticatorCodeLocked');
    if (result !== 'ok') throw securityError('authenticatorCodeWrong');
    totpSecret = row.pending;
  }
  await withTransaction(deps.db, async (tx) => {
    await tx
      .update(users)
      .set({ twoFactorMethod: next, totpSecret, totpPendingSecret: null })
      .where(eq(users.id, caller.userId));
    // The proof was made with the old method: the next change needs a new code.
    await tx
      .update(sessions)
      .set({ stepUpAt: null })
      .where(and(eq(sessions.familyId, caller.familyId), eq(sessions.userId, caller.userId)));
  });
  return getTwoFactor(deps.db, caller.userId);
}

// ---------------------------------------------------------------------------------------------
// Signed-in devices (beyond the spec)

/** 'iOS 18.1 phone', 'Windows 10 computer' and 'Chrome 131' from a user agent. */
export function describeUserAgent(userAgent: string | null): { device: string; browser: string } {
  if (!userAgent) return { device: 'Unknown device', browser: 'Unknown browser' };
  const parsed = Bowser.parse(userAgent);
  const os = [parsed.os.name, parsed.os.versionName ?? parsed.os.version]
    .filter((part): part is string => typeof part === 'string' && part !== '')
    .join(' ');
  const kind =
    parsed.platform.type === 'mobile'
      ? 'phone'
      : parsed.platform.type === 'tablet'
        ? 'tablet'
        : parsed.platform.type === 'desktop'
          ? 'computer'
          : 'device';
  const major = parsed.browser.version?.split('.')[0];
  const browser = parsed.browser.name
    ? [parsed.browser.name, major].filter(Boolean).join(' ')
    : 'Unknown browser';
  return { device: os ? `${os} ${kind}` : `Unknown ${kind}`, browser };
}

/** A family is live while its newest REFRESH token is neither revoked, rotated nor expired. */
function liveFamily(now: Date) {
  return exists(
    sql`(select 1 from ${tokens} where ${tokens.familyId} = ${sessions.familyId}
          and ${tokens.type} = 'REFRESH' and ${tokens.revokedAt} is null
          and ${tokens.rotatedAt} is null and ${tokens.expiresAt} > ${now})`,
  );
}

export async function listSessions(deps: SecurityDeps, caller: Caller): Promise<SessionItem[]> {
  const now = deps.clock();
  const rows = await deps.db
    .select({
      id: sessions.id,
      familyId: sessions.familyId,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, caller.userId), isNull(sessions.endedAt), liveFamily(now)))
    .orderBy(desc(sessions.lastUsedAt), desc(sessions.id));
  return rows.map((row) => ({
    id: row.id,
    ...describeUserAgent(row.userAgent),
    place: row.ip ?? 'Unknown',
    started: row.createdAt.toISOString(),
    last_used: row.lastUsedAt.toISOString(),
    current: row.familyId === caller.familyId,
  }));
}

/** Revokes the families' tokens and marks their rows ended, in one transaction. */
async function endFamilies(db: Db, userId: number, familyIds: string[], now: Date) {
  if (familyIds.length === 0) return;
  await withTransaction(db, async (tx) => {
    await tx
      .update(tokens)
      .set({ revokedAt: now })
      .where(
        and(
          eq(tokens.userId, userId),
          inArray(tokens.familyId, familyIds),
          isNull(tokens.revokedAt),
        ),
      );
    await tx
      .update(sessions)
      .set({ endedAt: now })
      .where(and(eq(sessions.userId, userId), inArray(sessions.familyId, familyIds)));
  });
}

/** Signs out one of the caller's live sessions; anything else (another user's) answers 404. */
export async function endSession(
  deps: SecurityDeps,
  caller: Caller,
  sessionId: number,
): Promise<void> {
  const now = deps.clock();
  const [row] = await deps.db
    .select({ familyId: sessions.familyId })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, caller.userId),
        isNull(sessions.endedAt),
        liveFamily(now),
      ),
    );
  if (!row) throw notFound();
  await endFamilies(deps.db, caller.userId, [row.familyId], now);
}

/** Signs out every other session of the caller: every live token family but this one. */
export async function endOtherSessions(deps: SecurityDeps, caller: Caller): Promise<number> {
  const now = deps.clock();
  const families = await deps.db
    .selectDistinct({ familyId: tokens.familyId })
    .from(tokens)
    .where(
      and(
        eq(tokens.userId, caller.userId),
        ne(tokens.familyId, caller.familyId),
        isNull(tokens.revokedAt),
        gt(tokens.expiresAt, now),
      ),
    );
  const ids = families.map((f) => f.familyId);
  await endFamilies(deps.db, caller.userId, ids, now);
  return ids.length;
}
