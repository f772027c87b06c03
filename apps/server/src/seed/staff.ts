import type { Db } from '../db/client';
import { staffMembers } from '../modules/staff/staff.schema';

/** The demo staff members' authenticator secret (base32), listed in the README. */
export const DEMO_STAFF_TOTP_SECRET = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU';

/** Demo staff (docs/decisions/025): one per role, all with the demo password and secret. */
export const DEMO_STAFF = [
  { email: 'sam.support@outpost.example', name: 'Sam Support', role: 'support' },
  { email: 'bea.billing@outpost.example', name: 'Bea Billing', role: 'billing' },
  { email: 'ada.admin@outpost.example', name: 'Ada Admin', role: 'admin' },
] as const;

export async function seedStaff(db: Db, passwordHash: string): Promise<void> {
  await db
    .insert(staffMembers)
    .values(DEMO_STAFF.map((s) => ({ ...s, passwordHash, totpSecret: DEMO_STAFF_TOTP_SECRET })));
}
