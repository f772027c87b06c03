/**
 * Identification method rules (spec 3 section 5): a method must be chosen; unless it is DOB a
 * value is required; a PIN is exactly 4 digits (section 9); the DOB value is read-only (the
 * contact's). The client and the server check with the same function.
 */
export const IDENTIFY_BY = ['DOB', 'PIN'] as const;
export type IdentifyBy = (typeof IDENTIFY_BY)[number];

export const PIN_LENGTH = 4;
export const PIN_PATTERN = /^[0-9]{4}$/;

export const identificationMessages = {
  /** Spec 3 section 5, verbatim. */
  required: 'This field is required.',
  /** Spec 3 section 5, verbatim. */
  pinHint: 'Please select a 4 digit pin number',
} as const;

export type IdentificationProblem =
  'methodRequired' | 'methodUnknown' | 'pinRequired' | 'pinInvalid';

/** The first broken rule of a chosen method and value, or null. DOB's value is not checked here. */
export function checkIdentification(
  identifyBy: string,
  value: string,
): IdentificationProblem | null {
  if (identifyBy === '') return 'methodRequired';
  if (!(IDENTIFY_BY as readonly string[]).includes(identifyBy)) return 'methodUnknown';
  if (identifyBy === 'DOB') return null;
  if (value === '') return 'pinRequired';
  return PIN_PATTERN.test(value) ? null : 'pinInvalid';
}
