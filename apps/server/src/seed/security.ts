import { and, eq } from 'drizzle-orm';
import { permissionDefinitions as permissionCatalogue } from '@outpost/contracts/permissions';
import type { Db } from '../db/client';
import { accounts, relationships, roles, userPermissions, users } from '../db/accounts.schema';

/**
 * The Account Security personas (issue 16): an account of their own, so the end-to-end test can
 * turn on two-factor, set a PIN, sign out devices and change a password without touching the
 * personas other tests use. `security` is the holder (every permission, two-factor off, listed in
 * the README); the contacts each serve one test.
 */
export const securityPersonas = [
  { id: 5201, username: 'security', givenNames: 'Robin', surname: 'Ashby', holder: true },
  { id: 5202, username: 'security-pin', givenNames: 'Sam', surname: 'Ashby', holder: false },
  { id: 5203, username: 'security-devices', givenNames: 'Kim', surname: 'Ashby', holder: false },
  { id: 5204, username: 'security-password', givenNames: 'Lee', surname: 'Ashby', holder: false },
  // SMS two-factor: recovery must still ask for the second factor (decision 035).
  {
    id: 5205,
    username: 'security-recovery',
    givenNames: 'Ari',
    surname: 'Ashby',
    holder: false,
    twoFactorMethod: 'sms',
  },
] as const;

export const SECURITY_ACCOUNT_ID = 100021;

async function roleIds(tx: Db, role: string, relationship: string) {
  const [row] = await tx
    .select({ roleId: roles.id, relationshipId: relationships.id })
    .from(roles)
    .innerJoin(relationships, eq(relationships.roleId, roles.id))
    .where(and(eq(roles.role, role), eq(relationships.relationship, relationship)));
  if (!row) throw new Error(`seed: no role ${role} with relationship ${relationship}`);
  return row;
}

/** Runs inside the demo seed's transaction, after the roles exist; `passwordHash` is DEMO_PASSWORD's. */
export async function seedSecurity(tx: Db, passwordHash: string): Promise<void> {
  await tx.insert(accounts).values({ id: SECURITY_ACCOUNT_ID, name: 'Ashby Farm' });
  const holderRole = await roleIds(tx, 'Account Holder', 'Self');
  const contactRole = await roleIds(tx, 'General Contact', 'Family Member');
  for (const [i, p] of securityPersonas.entries()) {
    await tx.insert(users).values({
      id: p.id,
      accountId: SECURITY_ACCOUNT_ID,
      username: p.username,
      passwordHash,
      title: 'Mx',
      givenNames: p.givenNames,
      surname: p.surname,
      email: `${p.username}@example.com`,
      mobile: `04915702${String(i).padStart(2, '0')}`,
      dateOfBirth: `1980-0${i + 1}-15`,
      ...(p.holder ? holderRole : contactRole),
      isAccountHolder: p.holder,
      twoFactorMethod: 'twoFactorMethod' in p ? p.twoFactorMethod : null,
    });
    await tx.insert(userPermissions).values(
      permissionCatalogue.map((d) => ({
        userId: p.id,
        permission: d.permission,
        enabled: p.holder,
      })),
    );
  }
}
