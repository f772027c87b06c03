import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Brand } from '@outpost/contracts/brand';
import type { Messaging } from '../../adapters/messaging';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, tooManyRequests } from '../../lib/errors';
import type { RateLimitStore } from '../../plugins/rate-limit-store';
import { users } from '../accounts/accounts.schema';
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

const SEND_WINDOW_MS = 15 * 60 * 1000;
const SENDS_PER_WINDOW = 3;
const TOTP_PERIOD = 30;

const challenge = (text: string) =>
  new AppError(401, `Extended validation required: ${text}`, 'EXTENDED_VALIDATION');
const failed = (text: string) =>
  new AppError(401, `Extended validation failed: ${text}`, 'EXTENDED_VALIDATION_FAILED');

export function totpFor(secret: string): TOTP {
  return new TOTP({
    secret: Secret.fromBase32(secret),
    digits: 6,
    period: TOTP_PERIOD,
    algorithm: 'SHA1',
  });
}

async function checkTotp(deps: TwoFactorDeps, user: TwoFactorUser, code: string): Promise<void> {
  // Each try is counted before the code is looked at, so parallel guesses cannot pass the limit;
  // a right code clears the count.
  const tries = `2fa:totp:${user.id}`;
  const tried = await deps.rateLimits.hit(tries, SEND_WINDOW_MS);
  if (tried.count > CODE_MAX_TRIES)
    throw failed('too many wrong codes. Wait 15 minutes, then log in again.');
  const now = deps.clock().getTime();
  const delta = totpFor(user.totpSecret!).validate({ token: code, timestamp: now, window: 1 });
  const step = delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD) + delta;
  // A code is good for one login: claim its time step atomically, so a replay (or a parallel twin) fails.
  const claimed =
    step === null
      ? []
      : await deps.db
          .update(users)
          .set({ totpLastStep: step })
          .where(
            and(
              eq(users.id, user.id),
              or(isNull(users.totpLastStep), lt(users.totpLastStep, step)),
            ),
          )
          .returning({ id: users.id });
  if (claimed.length === 0)
    throw failed('that code is not right. Enter the current code from your authenticator app.');
  await deps.rateLimits.reset(tries);
}

/** Sends a login code by SMS or email and answers with where it went. */
async function sendLoginCode(deps: TwoFactorDeps, user: TwoFactorUser): Promise<never> {
  const bySms = user.twoFactorMethod === 'sms' && user.mobile;
  const to = bySms ? user.mobile : user.email;
  if (!to) throw failed('there is no address to send your code to. Please call us to log in.');
  const sent = await deps.rateLimits.hit(`2fa:send:${user.id}`, SEND_WINDOW_MS);
  if (sent.count > SENDS_PER_WINDOW) {
    throw tooManyRequests(
      'Too many codes requested. Please wait 15 minutes, then log in again to get a new code.',
    );
  }
  const code = await issueCode(deps.db, user.id, 'login', deps.clock());
  const name = deps.brand.providerName;
  const text = `${name}: your login code is ${code}. It expires in 10 minutes. Never share it: we will never ask you for it.`;
  if (bySms) {
    await deps.messaging.sms.send({ to, subject: 'Login code', body: text });
    throw challenge(
      `we have sent a 6-digit code by SMS to your mobile ending in ${to.slice(-3)}. Enter it to log in. It expires in 10 minutes.`,
    );
  }
  await deps.messaging.email.send({ to, subject: `Your ${name} login code`, body: text });
  throw challenge(
    'we have emailed a 6-digit code to the address on your account. Enter it to log in. It expires in 10 minutes.',
  );
}

/** Passes when the second factor checks out; otherwise throws the 401 the login page reveals the code field for. */
export async function requireSecondFactor(
  deps: TwoFactorDeps,
  user: TwoFactorUser,
  verification: string | undefined,
): Promise<void> {
  if (user.twoFactorMethod === 'totp' && user.totpSecret) {
    if (!verification) throw challenge('enter the 6-digit code from your authenticator app.');
    return checkTotp(deps, user, verification);
  }
  if (!verification) return sendLoginCode(deps, user);
  const result = await checkCode(deps.db, user.id, 'login', verification, deps.clock());
  if (result === 'locked') throw failed('too many wrong codes. Log in again to get a new code.');
  if (result === 'invalid')
    throw failed(
      'that code is not right or has expired. Check it, or log in again to get a new code.',
    );
}
