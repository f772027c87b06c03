import { contactChangeMessages } from '@outpost/contracts/contact-change-messages';
import { contactMessages } from '@outpost/domain/contacts-rules';
import { errorMaker } from '../../lib/errors';

/**
 * My Details and Account Preferences (docs/decisions/016). 'Bad request:' texts reach the form as
 * they are (the spec's words); 'Invalid request:' ones as 'Error: ...'.
 */
export const profileErrors = {
  ownContactReadOnly: (field: 'title' | 'first name' | 'last name') =>
    `Invalid request: Your ${field} cannot be changed here. Please call us to change it.`,
  ownEmailRequired: `Bad request: Email: ${contactMessages.required}`,
  ownEmailInvalid: `Bad request: ${contactMessages.invalidEmail}`,
  ownMobileInvalid: `Bad request: Contact Number: ${contactMessages.phoneDigits}`,
  ownEmailTaken: contactChangeMessages.emailTaken,
  ownMobileTaken: contactChangeMessages.mobileTaken,
  ownMobileNeededForTwoFactor: contactChangeMessages.mobileNeededForTwoFactor,
  ownChangeCodeWrong: contactChangeMessages.codeWrong,
  ownChangeCodeLocked: contactChangeMessages.codeLocked,
  ownChangeNotPending: contactChangeMessages.nothingPending,
  preferenceReadOnly:
    'Invalid request: Two-factor authentication is changed on Account Security, where a one-time code confirms the change.',
  preferenceValueInvalid: (preference: string, why: string) =>
    `Invalid request: ${preference}: ${why}`,
  preferenceListedTwice: 'Invalid request: Each preference may be listed only once.',
} as const;
export type ProfileErrorCode = keyof typeof profileErrors;

/** The HTTP status of each code. */
export const profileStatuses = {
  ownContactReadOnly: 400,
  ownEmailRequired: 400,
  ownEmailInvalid: 400,
  ownMobileInvalid: 400,
  ownEmailTaken: 409,
  ownMobileTaken: 409,
  ownMobileNeededForTwoFactor: 400,
  ownChangeCodeWrong: 400,
  ownChangeCodeLocked: 400,
  ownChangeNotPending: 400,
  preferenceReadOnly: 400,
  preferenceValueInvalid: 400,
  preferenceListedTwice: 400,
} as const;

export const profileError = errorMaker(profileErrors, profileStatuses);
