import { CONTACT_TITLES } from '@outpost/contracts/contacts-rules';
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

/** Examples of a number in the hint (fictitious-use numbers). */
export const PHONE_EXAMPLES = ['0491570156', '0755501234'] as const;

/** The email shape the server's schema accepts (zod's own pattern). */
const EMAIL =
  /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** Messages beyond the spec: the number the server takes (8 to 15 digits), a real birth date. */
export const contactMessages = {
  shape: 'Enter 8 to 15 digits, for example 0491570156.',
  dateOfBirth: 'Enter a date of birth in the past.',
} as const;

export function checkRequired(value: string): string | null {
  return value.trim() === '' ? messages.account.required : null;
}

export function checkTitle(value: string): string | null {
  return (CONTACT_TITLES as readonly string[]).includes(value) ? null : messages.account.required;
}

export function checkEmail(value: string): string | null {
  if (value.trim() === '') return messages.account.required;
  return EMAIL.test(value.trim()) ? null : messages.account.invalidEmail;
}

/** The number field keeps digits only: 'e' (which a number input lets through) and the rest go. */
export function numberDigits(value: string): string {
  return value.replace(/[^0-9]/g, '');
}

export function checkContactNumber(value: string): string | null {
  if (value.trim() === '') return messages.account.required;
  return /^[0-9]{8,15}$/.test(value.trim()) ? null : contactMessages.shape;
}

/** A real calendar date (yyyy-mm-dd), not in the future. */
export function checkDateOfBirth(value: string, today: Date = new Date()): string | null {
  if (value.trim() === '') return messages.account.required;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return contactMessages.dateOfBirth;
  const date = new Date(`${value}T00:00:00Z`);
  const real =
    !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && date <= today;
  return real ? null : contactMessages.dateOfBirth;
}

/** A contact's name as the table shows it. */
export function contactName(contact: Pick<ContactListItem, 'given_names' | 'surname'>): string {
  return `${contact.given_names} ${contact.surname}`;
}
