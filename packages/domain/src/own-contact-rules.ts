/**
 * My Details, own contact update (spec 3 section 5): email required and valid, the contact
 * number numeric. The same functions check the form and the server's input, so both say the same.
 */
export const ownContactMessages = {
  required: 'This field is required',
  invalidEmail: 'Invalid Email address',
  phoneDigits: 'Enter the number as 8 to 15 digits, like the examples.',
} as const;

/** The hint's two examples (ACMA's fictitious-use ranges: a mobile and a Queensland landline). */
export const PHONE_EXAMPLES = ['0491570006', '0755501234'] as const;

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE_PATTERN = /^[0-9]{8,15}$/;

export function checkContactEmail(value: string): string | null {
  const email = value.trim();
  if (email === '') return ownContactMessages.required;
  return EMAIL_PATTERN.test(email) && email.length <= 254 ? null : ownContactMessages.invalidEmail;
}

/** '' is no number; anything else is 8 to 15 digits. */
export function checkContactPhone(value: string): string | null {
  const phone = value.trim();
  return phone === '' || PHONE_PATTERN.test(phone) ? null : ownContactMessages.phoneDigits;
}

/** What the number field keeps of a keystroke or a paste: digits only (the letter 'e' goes too). */
export function stripPhoneInput(value: string): string {
  return value.replace(/[^0-9]/g, '');
}
