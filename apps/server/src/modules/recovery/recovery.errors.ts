import { recoveryServerMessages } from '@outpost/contracts/recovery';
import { errorMaker } from '../../lib/errors';

/** Access recovery's errors (the texts live in contracts: the verify page shows them as sent). */
const { lookupFailed, codeInvalid, codeLocked, tooManyRequests } = recoveryServerMessages;

/** `lookupFailed` is the one answer that differs for a known contact: no address for the method. */
export const recoveryErrors = {
  lookupFailed,
  codeInvalid,
  codeLocked,
  recoveryRateLimited: tooManyRequests,
} as const;
export type RecoveryErrorCode = keyof typeof recoveryErrors;

/** The HTTP status of each code. */
export const recoveryStatuses = {
  lookupFailed: 400,
  codeInvalid: 401,
  codeLocked: 401,
  recoveryRateLimited: 429,
} as const;

export const recoveryError = errorMaker(recoveryErrors, recoveryStatuses);
