import { and, eq, ne } from 'drizzle-orm';
import type { PersonLock } from '@outpost/domain/admin-rules';
import { PERSON_LOCK_LABELS } from '@outpost/domain/admin-rules';
import type { Db } from '../../db/client';
import { users } from '../../db/accounts.schema';
import { CODE_SEND_LIMIT } from '../../lib/message-limits';
import type { RateLimitStore } from '../../plugins/rate-limit-store';
import { loginUserKey } from '../auth/auth.service';
import { CODE_MAX_TRIES } from '../auth/codes';
import { codeSendsKey, totpTriesKey } from '../auth/two-factor';
import { RECOVERY_LIMIT_PER_CONTACT, recoveryPersonKey } from '../recovery/recovery.service';
import { recordAudit } from '../staff/staff.service';
import { adminError } from './admin.errors';
import type { DeskCaller } from './admin-desk.service';
import { requireAccount } from './admin-provisioning.service';

/**
 * A person locked out for a while (decision 054): the counters that count one person's tries
 * (their username's sign-ins, their recovery requests and code checks, their authenticator codes,
 * the login codes sent to them), each locked once over its limit until its window ends. Counters
 * of an address (an office's shared IP) are never shown or cleared here: they are others' too.
 */

export type LocksDeps = { db: Db; rateLimits: RateLimitStore; loginLimitPerUsername: number };

type Person = { id: number; username: string };

/** Each lock of a person: its counter's key and the most tries it allows. */
function locksOf(
  person: Person,
  loginLimit: number,
): { lock: PersonLock; key: string; max: number }[] {
  return [
    { lock: 'sign-in', key: loginUserKey(person.username), max: loginLimit },
    {
      lock: 'recovery-requests',
      key: recoveryPersonKey('recover', person.id),
      max: RECOVERY_LIMIT_PER_CONTACT,
    },
    {
      lock: 'recovery-checks',
      key: recoveryPersonKey('verify', person.id),
      max: RECOVERY_LIMIT_PER_CONTACT,
    },
    { lock: 'authenticator', key: totpTriesKey(person.id), max: CODE_MAX_TRIES },
    { lock: 'login-codes', key: codeSendsKey(person.id), max: CODE_SEND_LIMIT.perWindow },
  ];
}

export type ContactLock = { userid: number; lock: PersonLock; label: string; until: string };

/** The account's contacts' live locks, with when each ends by itself. */
export async function contactLocks(deps: LocksDeps, accountId: number): Promise<ContactLock[]> {
  await requireAccount(deps.db, accountId);
  const people = await deps.db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.accountId, accountId), ne(users.roleStatus, 'Removed')))
    .orderBy(users.id);
  const all = people.flatMap((p) =>
    locksOf(p, deps.loginLimitPerUsername).map((l) => ({ ...l, userid: p.id })),
  );
  const live = await deps.rateLimits.peek(all.map((l) => l.key));
  return all.flatMap((l) => {
    const hit = live.get(l.key);
    return hit && hit.count > l.max
      ? [
          {
            userid: l.userid,
            lock: l.lock,
            label: PERSON_LOCK_LABELS[l.lock],
            until: hit.resetAt.toISOString(),
          },
        ]
      : [];
  });
}

/**
 * Clears one contact's locks (and their counts below the limit too, so they start afresh): that
 * person's counters only, never another's or an address's. Audited with who cleared which.
 */
export async function clearContactLocks(
  deps: LocksDeps,
  accountId: number,
  userId: number,
  caller: DeskCaller,
  now: Date,
): Promise<{ cleared: PersonLock[] }> {
  // No transaction: the counters may live in Redis, and on the embedded database in the same one
  // connection; the audit is written once they are reset (a failed reset writes none).
  const { db } = deps;
  await requireAccount(db, accountId);
  const [person] = await db
    .select({ id: users.id, username: users.username, roleStatus: users.roleStatus })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.accountId, accountId)));
  if (!person || person.roleStatus === 'Removed') throw adminError('contactMissing');
  const locks = locksOf(person, deps.loginLimitPerUsername);
  const live = await deps.rateLimits.peek(locks.map((l) => l.key));
  const cleared = locks.filter((l) => (live.get(l.key)?.count ?? 0) > l.max).map((l) => l.lock);
  for (const l of locks) await deps.rateLimits.reset(l.key);
  await recordAudit(db, now, {
    staffId: caller.staffId,
    apiKeyId: caller.apiKeyId,
    accountId,
    userId,
    action: 'lock-cleared',
    detail: `${person.username}: ${cleared.length === 0 ? 'nothing was locked' : cleared.join(', ')}`,
  });
  return { cleared };
}
