import { serverErrors } from '@outpost/contracts/messages';
import { errorMaker } from '../../lib/errors';

/** Step-up (docs/decisions/016): the 403 that asks for a code, and the code's own failures. */
export const stepUpErrors = {
  stepUpRequired: serverErrors.stepUpRequired,
  stepUpCodeWrong:
    'That code is not right, or it has expired. Check it, or send a new code and try again.',
  stepUpCodeLocked: 'Too many wrong codes. Wait 15 minutes, then send a new code.',
  stepUpNoAddress:
    'There is no email address or mobile on your contact details to send a code to. Please call us to make this change.',
  stepUpSendsLimited: 'Too many codes requested. Please wait 15 minutes, then try again.',
} as const;
export type StepUpErrorCode = keyof typeof stepUpErrors;

/** The HTTP status of each code. */
export const stepUpStatuses = {
  stepUpRequired: 403,
  stepUpCodeWrong: 400,
  stepUpCodeLocked: 400,
  stepUpNoAddress: 400,
  stepUpSendsLimited: 429,
} as const;

export const stepUpError = errorMaker(stepUpErrors, stepUpStatuses);
