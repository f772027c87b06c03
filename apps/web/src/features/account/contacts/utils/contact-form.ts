import {
  checkContactBirthDate,
  checkContactEmail,
  checkContactMobile,
  CONTACT_TITLES,
} from '@outpost/domain/contacts-rules';
import type { ContactListItem } from '@outpost/contracts/contacts';
import { messages } from '@outpost/contracts/messages';

/** Add Contact, step 1 (spec 3 section 5): every field required, a valid email, a numeric number. */
export type ContactDetailsValues = {
  title: string;
  given_names: string;
  surname: string;
  date_of_birth: string;
  email: string;
  mobile: string;
};

/** Add Contact, step 2: a role, then one of that role's relationships. */
export type ContactRoleValues = { role: string; relationship: string };

export const contactDetailsFields = [
  'title',
  'given_names',
  'surname',
  'date_of_birth',
  'email',
  'mobile',
] as const satisfies readonly (keyof ContactDetailsValues)[];

export function checkRequired(value: string): string | null {
  return value.trim() === '' ? messages.account.required : null;
}

export function checkTitle(value: string): string | null {
  return (CONTACT_TITLES as readonly string[]).includes(value) ? null : messages.account.required;
}

/**
 * Step 1's validator: each field's rule. Email, mobile and date of birth are the domain's contact
 * rules, the ones the server checks the new contact with (the same words for the same input).
 */
export function contactDetailsRules(clock: () => Date = () => new Date()) {
  return {
    title: checkTitle,
    given_names: checkRequired,
    surname: checkRequired,
    date_of_birth: (value: string) => checkContactBirthDate(value, clock()),
    email: checkContactEmail,
    mobile: checkContactMobile,
  } satisfies Record<keyof ContactDetailsValues, (value: string) => string | null>;
}

/** A contact's name as the table shows it. */
export function contactName(contact: Pick<ContactListItem, 'given_names' | 'surname'>): string {
  return `${contact.given_names} ${contact.surname}`;
}
