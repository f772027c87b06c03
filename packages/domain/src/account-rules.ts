/**
 * My Details and Account Preferences constants, free of schemas so the web bundle can import
 * them without zod (the schemas are in packages/contracts/src/account.ts).
 */

/** The preference sections, in display order (spec 3 section 3). */
export const PREFERENCE_SECTIONS = [
  'Preferences',
  'Alternate Contact',
  'Two Factor Authentication',
] as const;
export type PreferenceSection = (typeof PREFERENCE_SECTIONS)[number];

/**
 * Preference types and the shape of their `data`:
 * - selection: one of the options, [{value, selected}] with exactly one selected;
 * - toggle: {value: true|false};
 * - text / email / phone: {value} ('' when not given; email and phone are checked);
 * - info: read-only {value, change_at}: shown, never changed here (the two-factor method).
 */
export const PREFERENCE_TYPES = ['selection', 'toggle', 'text', 'email', 'phone', 'info'] as const;
export type PreferenceType = (typeof PREFERENCE_TYPES)[number];

/** The longest text a 'text' preference takes. */
export const PREFERENCE_TEXT_MAX = 100;

/** Where the two-factor method is changed (a code confirms it there). */
export const TWO_FACTOR_CHANGE_AT = '/account/security';

/** The seeded marketing preference's id: a preference every contact sees (route examples). */
export const MARKETING_PREFERENCE_ID = 2;
