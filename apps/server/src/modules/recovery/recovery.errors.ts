import { recoveryServerMessages } from '@outpost/contracts/recovery';
import { errorMaker } from '../../lib/errors';

/** Access recovery's errors (the texts live in contracts: the verify page shows them as sent). */
export const recoveryErrors = {
  /** The one answer that differs for a known contact: it has no address for the method. */
  lookupFailed: recoveryServerMessages.lookupFailed,
  codeInvalid: recoveryServerMessages.codeInvalid,
  codeLocked: recoveryServerMessages.codeLocked,
  recoveryRateLimited: recoveryServerMessages.tooManyRequests,
} as const;
export type RecoveryErrorCode = keyof typeof recoveryErrors;

export const recoveryError = errorMaker(recoveryErrors);
