import { CODE_SEND_LIMIT } from '../../lib/message-limits';
import { enqueueMessage } from '../../adapters/messaging';
import { and, eq, gt } from 'drizzle-orm';
import type { StepUpSend, StepUpVerify } from '@outpost/contracts/step-up';
import { STEP_UP_FRESH_MS } from '@outpost/contracts/step-up';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../lib/auth-context';
import { users } from '../../db/accounts.schema';
import { sessions } from '../auth/auth.schema';
import { checkCode, issueCode } from '../auth/codes';
import type { TwoFactorDeps } from '../auth/two-factor';
import { claimTotp } from '../auth/two-factor';
import { stepUpError } from './step-up.errors';

/** Step-up sends and checks codes as two-factor login does, with the same dependencies. */
export type StepUpDeps = TwoFactorDeps;

const { windowMs: SEND_WINDOW_MS, perWindow: SENDS_PER_WINDOW } = CODE_SEND_LIMIT;

/** Whether the caller's session verified a code within the last STEP_UP_FRESH_MS. */
export async function hasFreshStepUp(db: Db, auth: AuthContext, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.familyId, auth.familyId),
        eq(sessions.userId, auth.userId),
        gt(sessions.stepUpAt, new Date(now.getTime() - STEP_UP_FRESH_MS)),
      ),
    );
  return row !== undefined;
}

/** Throws the 403 that asks for a code unless the session stepped up in the last 10 minutes. */
export async function requireStepUp(db: Db, auth: AuthContext, now: Date): Promise<void> {
  if (!(await hasFreshStepUp(db, auth, now))) throw stepUpError('stepUpRequired');
}

async function codeTarget(db: Db, userId: number) {
  const [user] = await db
    .select({
      method: users.twoFactorMethod,
      secret: users.totpSecret,
      email: users.email,
      mobile: users.mobile,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw stepUpError('stepUpNoAddress');
  return user;
}

/**
 * The code goes where the user's two-factor method says: none for the authenticator app, an SMS
 * for 'sms' (when a mobile is on file), else an email, else an SMS.
 */
export async function sendStepUpCode(deps: StepUpDeps, auth: AuthContext): Promise<StepUpSend> {
  const user = await codeTarget(deps.db, auth.userId);
  if (user.method === 'totp' && user.secret) {
    return {
      method: 'totp',
      delivery: 'Open your authenticator app and enter the 6-digit code it shows for your account.',
    };
  }
  const bySms = (user.method === 'sms' && user.mobile) || (!user.email && user.mobile);
  const to = bySms ? user.mobile : user.email;
  if (!to) throw stepUpError('stepUpNoAddress');
  const sent = await deps.rateLimits.hit(`step-up:send:${auth.userId}`, SEND_WINDOW_MS);
  if (sent.count > SENDS_PER_WINDOW) throw stepUpError('stepUpSendsLimited');
  const code = await issueCode(deps.db, auth.userId, 'step-up', deps.clock());
  const name = deps.brand.providerName;
  const text = `${name}: your code to confirm a change to your account is ${code}. It expires in 10 minutes. If you did not ask for it, call us: someone may be using your login.`;
  if (bySms) {
    await enqueueMessage(deps.db, 'sms', { to, subject: 'Confirmation code', body: text });
    return {
      method: 'sms',
      delivery: `We have sent a 6-digit code by SMS to your mobile ending in ${to.slice(-3)}. It expires in 10 minutes.`,
    };
  }
  await enqueueMessage(deps.db, 'email', {
    to,
    subject: `Your ${name} confirmation code`,
    body: text,
  });
  return {
    method: 'email',
    delivery:
      'We have emailed a 6-digit code to the address on your contact details. It expires in 10 minutes.',
  };
}

/** Checks the code; a right one marks this session as stepped up for STEP_UP_FRESH_MS. */
export async function verifyStepUpCode(
  deps: StepUpDeps,
  auth: AuthContext,
  code: string,
): Promise<StepUpVerify> {
  const now = deps.clock();
  const user = await codeTarget(deps.db, auth.userId);
  const result =
    user.method === 'totp' && user.secret
      ? await claimTotp(deps, auth.userId, user.secret, code)
      : await checkCode(deps.db, auth.userId, 'step-up', code, now);
  if (result === 'locked') throw stepUpError('stepUpCodeLocked');
  if (result !== 'ok') throw stepUpError('stepUpCodeWrong');
  await deps.db
    .insert(sessions)
    .values({ familyId: auth.familyId, userId: auth.userId, createdAt: now, stepUpAt: now })
    .onConflictDoUpdate({ target: sessions.familyId, set: { stepUpAt: now } });
  return { verified_until: new Date(now.getTime() + STEP_UP_FRESH_MS).toISOString() };
}
