import { contactChangeMessages } from '@outpost/contracts/contact-change-messages';
import { errorMaker } from '../../lib/errors';

/**
 * The contacts module's refusals (docs/decisions/016, "Contact rules"): code -> the text the
 * client shows. 'Invalid request:' is the prefix the client turns into 'Error: '. Statuses are in
 * contactsStatuses.
 */
export const contactsErrors = {
  contactEmailTaken:
    'Invalid request: That email address already has a login. Use a different email address.',
  contactMobileTaken: contactChangeMessages.mobileTaken,
  contactRoleUnknown: 'Invalid request: That role does not exist. Choose one of the roles offered.',
  contactRoleHolder:
    'Invalid request: A contact cannot be added as the Account Holder. Choose another role.',
  contactRelationshipInvalid:
    'Invalid request: That relationship is not offered for the role you chose. Choose one of its relationships.',
  /** The new contact's email, mobile or date of birth, in the domain's words (the form's). */
  contactDetailInvalid: (problem: string) => `Invalid request: ${problem}`,
  permissionUnknown: (permission: string) =>
    `Invalid request: There is no permission called '${permission}'.`,
  permissionRepeated: (permission: string) =>
    `Invalid request: The permission '${permission}' appears more than once. Send each permission once.`,
  permissionAboveLevel: (label: string, role: string) =>
    `Invalid request: '${label}' cannot be given to a ${role}: the role's level is too low.`,
  permissionNotHeld: (label: string) =>
    `Invalid request: You cannot give or take away '${label}' because you do not hold it yourself.`,
  ownPermissions: 'Invalid request: You cannot change your own permissions.',
  holderPermissions: "Invalid request: The account holder's permissions cannot be changed.",
  removeSelf: 'Invalid request: You cannot remove yourself from the account.',
  removeHolder: 'Invalid request: The account holder cannot be removed from the account.',
} as const;
export type ContactsErrorCode = keyof typeof contactsErrors;

/** The HTTP status of each code. */
export const contactsStatuses = {
  contactEmailTaken: 409,
  contactMobileTaken: 409,
  contactRoleUnknown: 400,
  contactRoleHolder: 400,
  contactRelationshipInvalid: 400,
  contactDetailInvalid: 400,
  permissionUnknown: 400,
  permissionRepeated: 400,
  permissionAboveLevel: 400,
  permissionNotHeld: 403,
  ownPermissions: 403,
  holderPermissions: 403,
  removeSelf: 403,
  removeHolder: 403,
} as const;

export const contactsError = errorMaker(contactsErrors, contactsStatuses);
