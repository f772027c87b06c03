import { AUTHENTICATOR_APP, serverErrors } from '@outpost/contracts/messages';
import { recoveryServerMessages } from '@outpost/contracts/recovery';
import { errorMaker } from '../../lib/errors';

const required = (text: string) => `Extended validation required: ${text}`;
const failed = (text: string) => `Extended validation failed: ${text}`;

/**
 * Login, refresh, two-factor and password errors. The login page matches on
 * 'unknown username or incorrect password' and on 'Extended validation' (then shows the text).
 */
export const authErrors = {
  badCredentials: serverErrors.badCredentials,
  loginRateLimited: serverErrors.loginRateLimited,
  refreshInvalid: serverErrors.refreshInvalid,
  missingRefresh: serverErrors.refreshInvalid,
  passwordWeak: recoveryServerMessages.passwordWeak,
  passwordUnchanged: recoveryServerMessages.passwordUnchanged,
  currentPasswordRequired: recoveryServerMessages.currentPasswordRequired,
  currentPasswordWrong: recoveryServerMessages.currentPasswordWrong,
  codeSentBySms: (lastDigits: string) =>
    required(
      `we have sent a 6-digit code by SMS to your mobile ending in ${lastDigits}. Enter it to log in. It expires in 10 minutes.`,
    ),
  codeSentByEmail: required(
    'we have emailed a 6-digit code to the address on your account. Enter it to log in. It expires in 10 minutes.',
  ),
  appCodeRequired: required(`enter the 6-digit code from your ${AUTHENTICATOR_APP}.`),
  appCodeWrong: failed(
    `that code is not right. Enter the current code from your ${AUTHENTICATOR_APP}.`,
  ),
  appCodeLocked: failed('too many wrong codes. Wait 15 minutes, then log in again.'),
  loginCodeWrong: failed(
    'that code is not right or has expired. Check it, or log in again to get a new code.',
  ),
  loginCodeLocked: failed('too many wrong codes. Log in again to get a new code.'),
  noCodeAddress: failed('there is no address to send your code to. Please call us to log in.'),
  codeSendsLimited:
    'Too many codes requested. Please wait 15 minutes, then log in again to get a new code.',
} as const;
export type AuthErrorCode = keyof typeof authErrors;

/** The HTTP status of each code. */
export const authStatuses = {
  badCredentials: 401,
  loginRateLimited: 429,
  refreshInvalid: 401,
  missingRefresh: 401,
  passwordWeak: 400,
  passwordUnchanged: 400,
  currentPasswordRequired: 400,
  currentPasswordWrong: 400,
  // The login page shows the code field on a 401 whose text starts 'Extended validation'.
  codeSentBySms: 401,
  codeSentByEmail: 401,
  appCodeRequired: 401,
  appCodeWrong: 401,
  appCodeLocked: 401,
  loginCodeWrong: 401,
  loginCodeLocked: 401,
  noCodeAddress: 401,
  codeSendsLimited: 429,
} as const;

export const authError = errorMaker(authErrors, authStatuses);
