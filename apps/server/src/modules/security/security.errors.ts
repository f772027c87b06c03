import { messages } from '@outpost/contracts/messages';
import { errorMaker } from '../../lib/errors';

/** Account Security (spec 3 section 5; docs/decisions/016): identification method and two-factor. */
export const securityErrors = {
  identifyByRequired: 'Invalid request: choose an identification method.',
  identifyByUnknown: 'Invalid request: choose how we identify you: DOB or PIN.',
  /** Spec 3 section 5, verbatim: a PIN needs a value. */
  pinRequired: messages.account.requiredDot,
  /** Spec 3 section 5, verbatim: the PIN hint. */
  pinInvalid: messages.account.pinHint,
  dobReadOnly:
    'Invalid request: your date of birth comes from your contact details and cannot be changed here.',
  dobMissing:
    'Invalid request: there is no date of birth on your contact details. Choose a PIN, or call us to add it.',
  twoFactorUnchanged: 'Invalid request: two-factor authentication is already set that way.',
  twoFactorNoMobile:
    'Invalid request: there is no mobile number on your contact details to send codes to. Add one on My Details first.',
  twoFactorNoEmail:
    'Invalid request: there is no email address on your contact details to send codes to. Add one on My Details first.',
  authenticatorNotStarted:
    'Invalid request: set up the authenticator app first (show the QR code), then enter its code.',
  authenticatorCodeRequired:
    'Invalid request: enter the 6-digit code your authenticator app shows to finish setting it up.',
  authenticatorCodeWrong:
    'Invalid request: that code is not right. Check the time on your phone is set automatically, then enter the current code from your authenticator app.',
  authenticatorCodeLocked: 'Too many wrong codes. Wait 15 minutes, then try again.',
} as const;
export type SecurityErrorCode = keyof typeof securityErrors;

/** The HTTP status of each code. */
export const securityStatuses = {
  identifyByRequired: 400,
  identifyByUnknown: 400,
  pinRequired: 400,
  pinInvalid: 400,
  dobReadOnly: 400,
  dobMissing: 400,
  twoFactorUnchanged: 400,
  twoFactorNoMobile: 400,
  twoFactorNoEmail: 400,
  authenticatorNotStarted: 400,
  authenticatorCodeRequired: 400,
  authenticatorCodeWrong: 400,
  authenticatorCodeLocked: 429,
} as const;

export const securityError = errorMaker(securityErrors, securityStatuses);
