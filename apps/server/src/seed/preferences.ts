import { eq } from 'drizzle-orm';
import { permissionDefinitions as permissionCatalogue } from '@outpost/contracts/permissions';
import type { PreferenceSection, PreferenceType } from '@outpost/domain/account-rules';
import { MARKETING_PREFERENCE_ID } from '@outpost/domain/account-rules';
import type { Db } from '../db/client';
import { preferenceKeys } from '../modules/profile/preference-keys';
import {
  accounts,
  preferenceDefinitions,
  relationships,
  roles,
  userPermissions,
  users,
} from '../db/accounts.schema';

type Definition = {
  id: number;
  key: string;
  section: PreferenceSection;
  preference: string;
  type: PreferenceType;
  defaultData: unknown;
  permissions: string[];
};

/** The preferences (spec 3 section 3), in display order. */
export const preferenceSeed: readonly Definition[] = [
  {
    id: 1,
    key: preferenceKeys.invoiceDelivery,
    section: 'Preferences',
    preference: 'Invoice delivery',
    type: 'selection',
    defaultData: [
      { value: 'Email', selected: true },
      { value: 'Paper (post)', selected: false },
    ],
    permissions: ['view-invoices'],
  },
  {
    id: MARKETING_PREFERENCE_ID,
    key: preferenceKeys.marketing,
    section: 'Preferences',
    preference: 'News and offers by email',
    type: 'toggle',
    defaultData: { value: false },
    permissions: [],
  },
  {
    id: 3,
    key: preferenceKeys.usageAlertsInApp,
    section: 'Preferences',
    preference: 'Usage alerts in the portal',
    type: 'toggle',
    defaultData: { value: true },
    permissions: ['view-activity'],
  },
  {
    id: 4,
    key: preferenceKeys.usageAlertsEmail,
    section: 'Preferences',
    preference: 'Usage alerts by email',
    type: 'toggle',
    defaultData: { value: true },
    permissions: ['view-activity'],
  },
  {
    id: 5,
    key: preferenceKeys.usageAlertsSms,
    section: 'Preferences',
    preference: 'Usage alerts by SMS',
    type: 'toggle',
    defaultData: { value: false },
    permissions: ['view-activity'],
  },
  {
    id: 6,
    key: preferenceKeys.usageAlertsPush,
    section: 'Preferences',
    preference: 'Usage alerts by push notification (app)',
    type: 'toggle',
    // On: a push reaches only devices that registered, which needs the device's permission
    // (docs/decisions/023); switching it off stops every push to the person.
    defaultData: { value: true },
    permissions: ['view-activity'],
  },
  {
    id: 7,
    key: preferenceKeys.alternateName,
    section: 'Alternate Contact',
    preference: 'Name',
    type: 'text',
    defaultData: { value: '' },
    permissions: [],
  },
  {
    id: 8,
    key: preferenceKeys.alternatePhone,
    section: 'Alternate Contact',
    preference: 'Phone',
    type: 'phone',
    defaultData: { value: '' },
    permissions: [],
  },
  {
    id: 9,
    key: preferenceKeys.alternateEmail,
    section: 'Alternate Contact',
    preference: 'Email',
    type: 'email',
    defaultData: { value: '' },
    permissions: [],
  },
  {
    id: 10,
    key: preferenceKeys.twoFactor,
    section: 'Two Factor Authentication',
    preference: 'Two-factor method',
    type: 'info',
    // The value is read from the contact's two-factor method when the list is answered.
    defaultData: { value: 'Off', change_at: '/account/security' },
    permissions: [],
  },
];

/** The e2e persona of My Details and Preferences: the holder of an account of its own. */
export const DETAILS_PERSONA = { userId: 5101, accountId: 100011, username: 'mydetails' } as const;

/** Seeds the preference definitions and the My Details persona (ids 5101 / 100011). */
export async function seedPreferences(tx: Db, passwordHash: string): Promise<void> {
  await tx
    .insert(preferenceDefinitions)
    .values(preferenceSeed.map((d, i) => ({ ...d, sort: i + 1 })));

  await tx.insert(accounts).values({ id: DETAILS_PERSONA.accountId, name: 'Harper Farm' });
  const [role] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(eq(roles.role, 'Account Holder'));
  const [self] = await tx
    .select({ id: relationships.id })
    .from(relationships)
    .where(eq(relationships.roleId, role!.id));
  await tx.insert(users).values({
    id: DETAILS_PERSONA.userId,
    accountId: DETAILS_PERSONA.accountId,
    username: DETAILS_PERSONA.username,
    passwordHash,
    title: 'Ms',
    givenNames: 'Robin',
    surname: 'Harper',
    email: 'robin.harper@example.com',
    mobile: '0491570114',
    dateOfBirth: '1984-08-02',
    roleId: role!.id,
    relationshipId: self!.id,
    isAccountHolder: true,
  });
  await tx.insert(userPermissions).values(
    permissionCatalogue.map((d) => ({
      userId: DETAILS_PERSONA.userId,
      permission: d.permission,
      enabled: true,
    })),
  );
}
