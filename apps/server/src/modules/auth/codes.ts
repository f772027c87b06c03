import { createHash, randomInt } from 'node:crypto';
import { sameSecret } from '../../lib/tokens';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { verificationCodes } from './auth.schema';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_TRIES = 5;

export type CodePurpose =
  | 'login'
  | 'recovery'
  | 'step-up'
  | 'invite'
  | 'two-factor'
  /** A new email or mobile of one's own, sent to it (decision 035). */
  | 'email-change'
  | 'mobile-change';
export type CodeCheck = 'ok' | 'invalid' | 'locked';

function hashCode(userId: number, purpose: CodePurpose, code: string): Buffer {
  return createHash('sha256').update(`${userId}:${purpose}:${code}`).digest();
}

/** Unused codes of the purpose stop working (a new one replaces them, or the request ended). */
export async function retireCodes(
  db: Db,
  userId: number,
  purpose: CodePurpose,
  now: Date,
): Promise<void> {
  await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(
      and(
        eq(verificationCodes.userId, userId),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumedAt),
      ),
    );
}

/**
 * A new 6-digit code; earlier unused codes of the same purpose stop working. `ttlMs` is 10 minutes
 * unless the purpose needs longer (an invitation).
 */
export async function issueCode(
  db: Db,
  userId: number,
  purpose: CodePurpose,
  now: Date,
  ttlMs: number = CODE_TTL_MS,
): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await retireCodes(db, userId, purpose, now);
  await db.insert(verificationCodes).values({
    userId,
    purpose,
    codeHash: hashCode(userId, purpose, code).toString('hex'),
    expiresAt: new Date(now.getTime() + ttlMs),
    createdAt: now,
  });
  return code;
}

/**
 * Checks a code: single use, 10 minutes, and after 5 tries the code is dead (a new one is
 * needed). Each try is claimed atomically before the comparison (one UPDATE ... attempts < 5
 * RETURNING), so parallel guesses queue on the row and at most 5 are ever evaluated.
 */
export async function checkCode(
  db: Db,
  userId: number,
  purpose: CodePurpose,
  code: string,
  now: Date,
): Promise<CodeCheck> {
  const checked = await checkCodeKept(db, userId, purpose, code, now);
  if (checked.check !== 'ok') return checked.check;
  return (await consumeCode(db, checked.id, now)) ? 'ok' : 'invalid';
}

/** Spends a code that checked out (its use is claimed atomically: of two, one wins). */
export async function consumeCode(db: Db, id: number, now: Date): Promise<boolean> {
  const used = await db
    .update(verificationCodes)
    .set({ consumedAt: now })
    .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
    .returning({ id: verificationCodes.id });
  return used.length === 1;
}

/**
 * The check without spending the code: 'ok' with the code's id, which consumeCode then spends
 * once whatever else the step needs has passed (access recovery's second factor).
 */
export async function checkCodeKept(
  db: Db,
  userId: number,
  purpose: CodePurpose,
  code: string,
  now: Date,
): Promise<{ check: 'ok'; id: number } | { check: 'invalid' | 'locked' }> {
  const latest = db
    .select({ id: verificationCodes.id })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, userId),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, now),
      ),
    )
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  const [claimed] = await db
    .update(verificationCodes)
    .set({ attempts: sql`${verificationCodes.attempts} + 1` })
    .where(
      and(
        eq(verificationCodes.id, sql`(${latest})`),
        lt(verificationCodes.attempts, CODE_MAX_TRIES),
        isNull(verificationCodes.consumedAt),
      ),
    )
    .returning({
      id: verificationCodes.id,
      codeHash: verificationCodes.codeHash,
      attempts: verificationCodes.attempts,
    });
  if (!claimed) {
    // No try left to claim: either there is no live code, or its tries are used up.
    const [live] = await latest;
    return { check: live ? 'locked' : 'invalid' };
  }
  const given = hashCode(userId, purpose, code);
  const stored = Buffer.from(claimed.codeHash, 'hex');
  if (!sameSecret(given, stored)) {
    // A wrong try that used the last one says so now, not on the next try.
    return { check: claimed.attempts >= CODE_MAX_TRIES ? 'locked' : 'invalid' };
  }
  return { check: 'ok', id: claimed.id };
}
