import { enqueueMessage } from '../../adapters/messaging';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { SessionOutput } from '@outpost/contracts/auth';
import type { RecoverRequestInput, RecoverVerifyInput } from '@outpost/contracts/recovery';
import { recoveryServerMessages } from '@outpost/contracts/recovery';
import { verifyRoutes } from '@outpost/contracts/api-paths';
import type { Db } from '../../db/client';
import { recoveryError } from './recovery.errors';
import { users } from '../../db/accounts.schema';
import type { RequestMeta } from '../../lib/route';
import type { AuthDeps } from '../auth/auth.service';
import { audit, issueSession } from '../auth/auth.service';
import type { CodePurpose } from '../auth/codes';
import { checkCode, checkCodeKept, consumeCode, issueCode } from '../auth/codes';
import { requireSecondFactor } from '../auth/two-factor';

export type RecoveryDeps = AuthDeps & { publicUrl: string };

/** What the recovery functions use of a prepare/commit input. */
type RecoveryInput<B> = { body: B; meta: RequestMeta; now: Date };

const WINDOW_MS = 15 * 60 * 1000;
/** Requests per person and per address in 15 minutes (each counts, found or not). */
export const RECOVERY_LIMIT_PER_CONTACT = 5;
export const RECOVERY_LIMIT_PER_IP = 30;
/** Every request commit takes at least this long, so its timing says nothing about the account. */
export const REQUEST_COMMIT_MIN_MS = 400;

type Contact = {
  method: RecoverRequestInput['method'];
  email?: string | undefined;
  mobile?: string | undefined;
  username?: string | undefined;
};

function contactValue(c: Contact): { field: 'email' | 'mobile' | 'username'; value: string } {
  if (c.method === 'email') return { field: 'email', value: c.email!.trim() };
  if (c.method === 'sms') return { field: 'mobile', value: c.mobile!.trim() };
  return { field: 'username', value: c.username!.trim() };
}

/**
 * The contact the details name: an Active one, or an Invited one (a new contact who has not set a
 * password yet: their codes are 'invite' codes, decision 016). Removed contacts are never found;
 * the status is part of the match, so a removed contact with the same email hides no one.
 */
async function findUser(db: Db, c: Contact) {
  const { field, value } = contactValue(c);
  const column =
    field === 'email' ? users.email : field === 'mobile' ? users.mobile : users.username;
  const match =
    field === 'mobile' ? eq(column, value) : eq(sql`lower(${column})`, value.toLowerCase());
  const [user] = await db
    .select({
      id: users.id,
      email: users.email,
      mobile: users.mobile,
      roleStatus: users.roleStatus,
      twoFactorMethod: users.twoFactorMethod,
      totpSecret: users.totpSecret,
      totpLastStep: users.totpLastStep,
    })
    .from(users)
    .where(and(match, inArray(users.roleStatus, ['Active', 'Invited'])))
    .orderBy(asc(users.id))
    .limit(1);
  return user;
}

/** An invited contact's codes are invitations: a check accepts the link they were emailed. */
const codePurpose = (user: { roleStatus: string }): CodePurpose =>
  user.roleStatus === 'Invited' ? 'invite' : 'recovery';

/**
 * Requests per person (and per address) in 15 minutes. A matching contact is counted by who they
 * are, whichever method names them (username, email or SMS share one count); details that match
 * no one are counted by their value. Both get the same answers, so the limit reveals nothing.
 */
export async function limit(
  deps: RecoveryDeps,
  stage: string,
  c: Contact,
  meta: RequestMeta,
): Promise<void> {
  const user = await findUser(deps.db, c);
  const { field, value } = contactValue(c);
  const perPersonKey = user
    ? recoveryPersonKey(stage, user.id)
    : `${stage}:contact:${field}:${value.toLowerCase()}`;
  const [perPerson, perIp] = await Promise.all([
    deps.rateLimits.hit(perPersonKey, WINDOW_MS),
    deps.rateLimits.hit(`${stage}:ip:${meta.ip}`, WINDOW_MS),
  ]);
  if (perPerson.count > RECOVERY_LIMIT_PER_CONTACT || perIp.count > RECOVERY_LIMIT_PER_IP) {
    throw recoveryError('recoveryRateLimited');
  }
}

/** The counter of a known person's recovery requests ('recover') or code checks ('verify'). */
export const recoveryPersonKey = (stage: string, userId: number) => `${stage}:person:${userId}`;

/** What a recovery csrf is bound to: the method and the contact (any case), and the code. */
export function contactPayload(c: Contact & { code?: string }): Record<string, unknown> {
  const { field, value } = contactValue(c);
  return { method: c.method, [field]: value.toLowerCase(), code: c.code };
}

/**
 * Issues a code and a link when the details match an active contact, inside the commit's
 * transaction; the message goes out once it has committed (a rolled-back request sends nothing,
 * and the embedded outbox, one connection on PGlite, is not written from inside the transaction).
 * Known and unknown details get the same answer in about the same time (docs/decisions/005); the
 * one exception the spec allows is a matching contact with no address for that method.
 */
export async function issueRecoveryCode(
  deps: RecoveryDeps,
  tx: Db,
  { body, meta, now }: RecoveryInput<RecoverRequestInput>,
  _afterCommit: (send: () => Promise<void>) => void,
): Promise<string> {
  const user = await findUser(tx, body);
  if (user) {
    const to =
      body.method === 'sms'
        ? user.mobile
        : body.method === 'email'
          ? user.email
          : (user.email ?? user.mobile);
    if (!to) throw recoveryError('lookupFailed');
    const bySms = to === user.mobile && body.method !== 'email';
    // For an invited contact, a new invitation code (10 minutes, like any recovery code); the
    // earlier link stops working: the newest message is the one to use.
    const code = await issueCode(tx, user.id, codePurpose(user), now);
    const { field, value } = contactValue(body);
    const link = `${deps.publicUrl}${verifyRoutes.recovery}?code=${code}&${field}=${encodeURIComponent(value)}`;
    const name = deps.brand.providerName;
    const text = bySms
      ? `${name}: your access code is ${code}, or open ${link} . It expires in 10 minutes.`
      : `Hello,\n\nSomeone (we hope you) asked to recover access to your ${name} account.\n\nYour code is ${code}. It works once and expires in 10 minutes.\n\nOr open this link to continue:\n${link}\n\nIf it was not you, ignore this message: nothing changes until the code is used.\n`;
    const message = { to, subject: `Recover access to your ${name} account`, body: text };
    await enqueueMessage(tx, bySms ? 'sms' : 'email', message);
  }
  await audit(tx, meta, {
    event: 'recovery',
    outcome: user ? 'success' : 'failure',
    userId: user?.id ?? null,
    detail: `request by ${body.method}`,
  });
  return recoveryServerMessages.delivery[body.method];
}

type FoundUser = NonNullable<Awaited<ReturnType<typeof findUser>>>;

export type CodeCheck = {
  userId: number | undefined;
  check: Awaited<ReturnType<typeof checkCode>>;
  /**
   * Two-factor is on: the recovery code checked out but is not spent yet; the session starts only
   * once the second factor passes too (then the code is spent).
   */
  secondFactor?: { user: FoundUser; codeId: number };
};

/**
 * Checks the code (single use, 10 minutes, 5 tries); a wrong try stays counted. For an account
 * with two-factor on, a right code is kept for the second factor (decision 035): recovery proves
 * the email or mobile, never the second factor.
 */
export async function checkRecoveryCode(
  tx: Db,
  { body, meta, now }: RecoveryInput<RecoverVerifyInput>,
): Promise<CodeCheck> {
  const user = await findUser(tx, body);
  if (user?.twoFactorMethod && user.roleStatus === 'Active') {
    const kept = await checkCodeKept(tx, user.id, codePurpose(user), body.code, now);
    await audit(tx, meta, {
      event: 'recovery',
      outcome: kept.check === 'ok' ? 'challenge' : 'failure',
      userId: user.id,
      detail: `verify: ${kept.check}${kept.check === 'ok' ? ' (second factor next)' : ''}`,
    });
    return kept.check === 'ok'
      ? { userId: user.id, check: 'ok', secondFactor: { user, codeId: kept.id } }
      : { userId: user.id, check: kept.check };
  }
  const check = user ? await checkCode(tx, user.id, codePurpose(user), body.code, now) : 'invalid';
  const accepted = check === 'ok' && user?.roleStatus === 'Invited';
  if (accepted) {
    // The invitation is accepted: the contact is Active from now on (and may sign in once they
    // set the password the recovery session asks for). The code was single use.
    await tx
      .update(users)
      .set({ roleStatus: 'Active' })
      .where(and(eq(users.id, user.id), eq(users.roleStatus, 'Invited')));
  }
  await audit(tx, meta, {
    event: 'recovery',
    outcome: check === 'ok' ? 'success' : 'failure',
    userId: user?.id ?? null,
    detail: `verify: ${check}${accepted ? ' (invitation accepted)' : ''}`,
  });
  return { userId: user?.id, check };
}

/**
 * After the committed check: the error it earned, or a session. With two-factor on, the second
 * factor first, exactly as a login asks for it (the login code by SMS or email, or the
 * authenticator's); only when it passes is the recovery code spent and the session started.
 */
export async function startRecoverySession(
  deps: RecoveryDeps,
  outcome: CodeCheck,
  input?: { body: { verification?: string | undefined }; meta: RequestMeta },
): Promise<SessionOutput> {
  if (outcome.check === 'locked') throw recoveryError('codeLocked');
  if (outcome.check !== 'ok' || outcome.userId === undefined) throw recoveryError('codeInvalid');
  const meta = input?.meta;
  if (outcome.secondFactor) {
    const { user, codeId } = outcome.secondFactor;
    try {
      await requireSecondFactor(deps, user, input?.body.verification);
    } catch (error) {
      if (meta) {
        await audit(deps.db, meta, {
          event: 'recovery',
          outcome: input?.body.verification ? 'failure' : 'challenge',
          userId: user.id,
          detail: `verify: two-factor ${user.twoFactorMethod}`,
        });
      }
      throw error;
    }
    if (!(await consumeCode(deps.db, codeId, deps.clock()))) throw recoveryError('codeInvalid');
  }
  // This session may set a new password without the current one: the forced update that follows.
  const familyId = randomUUID();
  await deps.db
    .update(users)
    .set({ recoveryFamilyId: familyId })
    .where(eq(users.id, outcome.userId));
  return issueSession(deps, outcome.userId, familyId, meta);
}
