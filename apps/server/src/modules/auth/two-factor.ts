import { CODE_SEND_LIMIT } from '../../lib/message-limits';
import { enqueueMessage } from '../../adapters/messaging';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Brand } from '@outpost/contracts/brand';
import type { Messaging } from '../../adapters/messaging';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { authError } from './auth.errors';
import type { RateLimitStore } from '../../plugins/rate-limit-store';
import { users } from '../../db/accounts.schema';
import { CODE_MAX_TRIES, checkCode, issueCode } from './codes';

export type TwoFactorUser = {
  id: number;
  twoFactorMethod: string | null;
  totpSecret: string | null;
  totpLastStep: number | null;
  email: string | null;
  mobile: string | null;
};

export type TwoFactorDeps = {
  db: Db;
  clock: Clock;
  rateLimits: RateLimitStore;
  messaging: Messaging;
  brand: Brand;
};

const { windowMs: SEND_WINDOW_MS, perWindow: SENDS_PER_WINDOW } = CODE_SEND_LIMIT;
const TOTP_PERIOD = 30;

/** The counters of a person's authenticator tries and of the login codes sent to them. */
export const totpTriesKey = (userId: number) => `2fa:totp:${userId}`;
export const codeSendsKey = (userId: number) => `2fa:send:${userId}`;

export function totpFor(secret: string): TOTP {
  return new TOTP({
    secret: Secret.fromBase32(secret),
    digits: 6,
    period: TOTP_PERIOD,
    algorithm: 'SHA1',
  });
}

/**
 * Checks an authenticator code of `secret` (the user's, or one being enrolled): 5 tries per 15
 * minutes, each counted before the code is looked at so parallel guesses cannot pass the limit;
 * a code's time step is claimed atomically, so a replay (or a parallel twin) fails.
 */
export async function claimTotp(
  deps: Pick<TwoFactorDeps, 'db' | 'clock' | 'rateLimits'>,
  userId: number,
  secret: string,
  code: string,
): Promise<'ok' | 'invalid' | 'locked'> {
  const tries = totpTriesKey(userId);
  const tried = await deps.rateLimits.hit(tries, SEND_WINDOW_MS);
  if (tried.count > CODE_MAX_TRIES) return 'locked';
  const now = deps.clock().getTime();
  const delta = totpFor(secret).validate({ token: code, timestamp: now, window: 1 });
  const step = delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD) + delta;
  const claimed =
    step === null
      ? []
      : await deps.db
          .update(users)
          .set({ totpLastStep: step })
          .where(
            and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))),
          )
          .returning({ id: users.id });
  if (claimed.length === 0) return 'invalid';
  await deps.rateLimits.reset(tries);
  return 'ok';
}

async function checkTotp(deps: TwoFactorDeps, user: TwoFactorUser, code: string): Promise<void> {
  const result = await claimTotp(deps, user.id, user.totpSecret!, code);
  if (result === 'locked') throw authError('appCodeLocked');
  if (result === 'invalid') throw authError('appCodeWrong');
}

/** Sends a login code by SMS or email and answers with where it went. */
async function sendLoginCode(deps: TwoFactorDeps, user: TwoFactorUser): Promise<never> {
  const bySms = user.twoFactorMethod === 'sms' && user.mobile;
  const to = bySms ? user.mobile : user.email;
  if (!to) throw authError('noCodeAddress');
  const sent = await deps.rateLimits.hit(codeSendsKey(user.id), SEND_WINDOW_MS);
  if (sent.count > SENDS_PER_WINDOW) {
    throw authError('codeSendsLimited');
  }
  const code = await issueCode(deps.db, user.id, 'login', deps.clock());
  const name = deps.brand.providerName;
  const text = `${name}: your login code is ${code}. It expires in 10 minutes. Never share it: we will never ask you for it.`;
  if (bySms) {
    await enqueueMessage(deps.db, 'sms', { to, subject: 'Login code', body: text });
    throw authError('codeSentBySms', to.slice(-3));
  }
  await enqueueMessage(deps.db, 'email', {
    to,
    subject: `Your ${name} login code`,
    body: text,
  });
  throw authError('codeSentByEmail');
}

/** Passes when the second factor checks out; otherwise throws the 401 the login page reveals the code field for. */
export async function requireSecondFactor(
  deps: TwoFactorDeps,
  user: TwoFactorUser,
  verification: string | undefined,
): Promise<void> {
  if (user.twoFactorMethod === 'totp' && user.totpSecret) {
    if (!verification) throw authError('appCodeRequired');
    return checkTotp(deps, user, verification);
  }
  if (!verification) return sendLoginCode(deps, user);
  const result = await checkCode(deps.db, user.id, 'login', verification, deps.clock());
  if (result === 'locked') throw authError('loginCodeLocked');
  if (result === 'invalid') throw authError('loginCodeWrong');
}
