/**
 * Contact constants without zod, so the web bundle can import them (importing a value from
 * contracts' contacts.ts pulls zod into the vendor chunk every page loads).
 */

/** Titles offered for a contact (spec 3 section 9). */
export const CONTACT_TITLES = ['Mr', 'Ms', 'Mrs'] as const;
