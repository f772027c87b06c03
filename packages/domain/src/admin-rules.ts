import type { StaffRole } from './staff-rules';

/**
 * What the admin API lets a caller do (docs/decisions/051), as scopes:
 * - read: find customers and read what the console shows of them;
 * - provisioning: create and change accounts, services and the catalogue;
 * - keys: create, list and revoke API keys (staff admins only, never a key).
 */
export const ADMIN_SCOPES = ['read', 'provisioning', 'keys'] as const;
export type AdminScope = (typeof ADMIN_SCOPES)[number];

/** The scopes an API key may be given: a key never manages keys. */
export const API_KEY_SCOPES = ['read', 'provisioning'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Each staff role's scopes: the desk and billing read; admins also provision and manage keys. */
export const STAFF_ROLE_SCOPES: Record<StaffRole, readonly AdminScope[]> = {
  support: ['read'],
  billing: ['read'],
  admin: ['read', 'provisioning', 'keys'],
};

/** An API key lives at most this many days; the default when none is asked for. */
export const API_KEY_MAX_DAYS = 730;
export const API_KEY_DEFAULT_DAYS = 365;

/** Every key starts so (a secret scanner, or a person, tells it at a glance). */
export const API_KEY_PREFIX = 'opk_';

/**
 * The digits of a number typed into the staff search, as numbers are stored (national form): a
 * mobile or landline typed in international form (+61 4..., 61 4...) reads as 04... .
 */
export function searchDigitsOf(query: string): string {
  const digits = query.replace(/\D/g, '');
  return /^\s*\+?61/.test(query) && digits.length === 11 ? `0${digits.slice(2)}` : digits;
}
