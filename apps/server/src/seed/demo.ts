import { startOfBusinessDay } from '@outpost/domain/time/zoned';
import { count, sql } from 'drizzle-orm';
import { permissionDefinitions as permissionCatalogue } from '@outpost/contracts/permissions';
import type { PermissionName } from '@outpost/contracts/permissions';
import { paths } from '../paths';
import type { Db } from '../db/client';
import { withTransaction } from '../db/client';
import { accounts, userPermissions, users } from '../db/accounts.schema';
import { hashPassword } from '../modules/auth/passwords';
import { loadContent } from '../modules/content/load-content';
import { seedLedger } from './ledger';
import { demoUsageProfiles, seedServices } from './services';
import { seedGateway } from './gateway';
import { seedPreferences } from './preferences';
import { seedUsage } from './usage';
import { seedSecurity } from './security';
import { seedAdvisories } from './advisories';
import { seedTickets } from './tickets';
import { seedStaff } from './staff';
import { ensureReferenceData } from './reference';
import { seedTelephony } from './telephony';
import { holderReferralCredit, seedReferrals } from './referrals';

export const DEMO_PASSWORD = 'Outpost-demo-1';
/** The authenticator-app secret of `authapp` (base32; SHA1, 6 digits, 30 s), listed in the README. */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

const BILLING_PERMISSIONS: PermissionName[] = [
  'view-transactions',
  'view-invoices',
  'view-current-bill',
  'view-billing-activity',
  'view-paymethods',
  'edit-paymethods',
];
const SERVICES_PERMISSIONS: PermissionName[] = [
  'view-services',
  'view-activity',
  'view-detailed-usage',
  'change-plan',
  'set-nickname',
  'purchase-block',
];

/** The demo logins, listed in the README. All use DEMO_PASSWORD. */
export const demoLogins = [
  { username: 'holder', description: 'account holder, every permission' },
  { username: 'billing', description: 'contact on the same account with only billing permissions' },
  { username: 'services', description: 'contact with only services and usage permissions' },
  { username: 'limited', description: 'contact with no optional permissions' },
  { username: 'twofactor', description: 'account holder of a second account, two-factor on' },
  { username: 'other', description: 'account holder of a third account' },
  {
    username: 'authapp',
    description: 'contact on the second account, two-factor by authenticator app',
  },
  {
    username: 'viewer',
    description: 'contact who may see services and usage but not change them',
  },
  {
    username: 'security',
    description:
      'account holder of a fourth account, for trying Account Security (two-factor, PIN, devices) on your own',
  },
  {
    username: 'mydetails',
    description:
      "account holder of account 100011 (Robin Harper), the end-to-end suite's own persona for My Details and contacts",
  },
] as const;

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(accounts);
  return (row?.n ?? 0) === 0;
}

/**
 * Seeds the fictitious demo provider. Deterministic: the same data every run (fixed ids,
 * fixed names); only password hashes differ by their salts.
 */
export async function seedDemo(db: Db, now: Date = new Date()): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const reference = await ensureReferenceData(db);
  const roleIds = reference.roles;
  const relationshipIds = reference.relationships;
  await withTransaction(db, async (tx) => {
    await tx.insert(accounts).values([
      { id: 100001, name: 'Citizen Family' },
      { id: 100002, name: 'Nguyen Pastoral Co' },
      { id: 100003, name: 'Walker Homestead' },
    ]);

    type DemoUser = {
      id: number;
      accountId: number;
      username: string;
      title: string;
      givenNames: string;
      surname: string;
      email: string;
      mobile: string;
      dateOfBirth: string;
      role: string;
      relationship: string;
      holder: boolean;
      permissions: PermissionName[];
      twoFactorMethod?: string;
      totpSecret?: string;
    };
    const demoUsers: DemoUser[] = [
      {
        id: 5001,
        accountId: 100001,
        username: 'holder',
        title: 'Mr',
        givenNames: 'Jordan',
        surname: 'Citizen',
        email: 'jordan.citizen@example.com',
        mobile: '0491570156',
        dateOfBirth: '1961-04-12',
        role: 'Account Holder',
        relationship: 'Self',
        holder: true,
        permissions: permissionCatalogue.map((d) => d.permission),
      },
      {
        id: 5002,
        accountId: 100001,
        username: 'billing',
        title: 'Ms',
        givenNames: 'Alex',
        surname: 'Citizen',
        email: 'alex.citizen@example.com',
        mobile: '0491570157',
        dateOfBirth: '1965-09-30',
        role: 'Billing Contact',
        relationship: 'Bookkeeper',
        holder: false,
        permissions: BILLING_PERMISSIONS,
      },
      {
        id: 5003,
        accountId: 100001,
        username: 'services',
        title: 'Mr',
        givenNames: 'Sam',
        surname: 'Citizen',
        email: 'sam.citizen@example.com',
        mobile: '0491570158',
        dateOfBirth: '1990-02-17',
        role: 'Technical Contact',
        relationship: 'Family Member',
        holder: false,
        permissions: SERVICES_PERMISSIONS,
      },
      {
        id: 5004,
        accountId: 100001,
        username: 'limited',
        title: 'Ms',
        givenNames: 'Riley',
        surname: 'Citizen',
        email: 'riley.citizen@example.com',
        mobile: '0491570159',
        dateOfBirth: '2001-11-05',
        role: 'General Contact',
        relationship: 'Family Member',
        holder: false,
        permissions: [],
      },
      {
        id: 5005,
        accountId: 100002,
        username: 'twofactor',
        title: 'Mrs',
        givenNames: 'Mai',
        surname: 'Nguyen',
        email: 'mai.nguyen@example.com',
        mobile: '0491570110',
        dateOfBirth: '1972-06-21',
        role: 'Account Holder',
        relationship: 'Self',
        holder: true,
        permissions: permissionCatalogue.map((d) => d.permission),
        twoFactorMethod: 'sms',
      },
      {
        id: 5006,
        accountId: 100003,
        username: 'other',
        title: 'Mr',
        givenNames: 'Casey',
        surname: 'Walker',
        email: 'casey.walker@example.com',
        mobile: '0491570111',
        dateOfBirth: '1958-01-09',
        role: 'Account Holder',
        relationship: 'Self',
        holder: true,
        permissions: permissionCatalogue.map((d) => d.permission),
      },
      {
        id: 5007,
        accountId: 100002,
        username: 'authapp',
        title: 'Mr',
        givenNames: 'Tuan',
        surname: 'Nguyen',
        email: 'tuan.nguyen@example.com',
        mobile: '0491570112',
        dateOfBirth: '1970-03-14',
        role: 'Authorised Representative',
        relationship: 'Spouse or Partner',
        holder: false,
        permissions: [...SERVICES_PERMISSIONS, ...BILLING_PERMISSIONS],
        twoFactorMethod: 'totp',
        totpSecret: DEMO_TOTP_SECRET,
      },
      {
        id: 5008,
        accountId: 100001,
        username: 'viewer',
        title: 'Mx',
        givenNames: 'Jamie',
        surname: 'Citizen',
        email: 'jamie.citizen@example.com',
        mobile: '0491570113',
        dateOfBirth: '1998-07-23',
        role: 'General Contact',
        relationship: 'Tenant',
        holder: false,
        permissions: ['view-account', 'view-alerts', 'view-services', 'view-activity'],
      },
    ];

    for (const u of demoUsers) {
      await tx.insert(users).values({
        id: u.id,
        accountId: u.accountId,
        username: u.username,
        passwordHash,
        title: u.title,
        givenNames: u.givenNames,
        surname: u.surname,
        email: u.email,
        mobile: u.mobile,
        dateOfBirth: u.dateOfBirth,
        roleId: roleIds.get(u.role)!,
        relationshipId: relationshipIds.get(`${u.role}/${u.relationship}`)!,
        isAccountHolder: u.holder,
        twoFactorMethod: u.twoFactorMethod ?? null,
        totpSecret: u.totpSecret ?? null,
      });
      await tx.insert(userPermissions).values(
        permissionCatalogue.map((d) => ({
          userId: u.id,
          permission: d.permission,
          enabled: u.permissions.includes(d.permission),
        })),
      );
    }

    await loadContent(tx, paths.content);
    await seedServices(tx, now);
    await seedUsage(tx, now, demoUsageProfiles(now));
    await seedLedger(tx, now, [
      {
        accountId: 100001,
        periodStart: startOfBusinessDay(now, 12),
        paymethod: {
          method: 'Automatic debit from Credit Card',
          display: 'Visa ending in 4242',
          cardType: 'Visa',
          cardLast4: '4242',
          cardExpires: '08/28',
        },
        credit: { periodsBack: 5, cents: 1000 },
        extraCredits: [holderReferralCredit],
      },
      {
        accountId: 100002,
        periodStart: startOfBusinessDay(now, 20),
        paymethod: {
          method: 'Automatic debit from Bank Account',
          display: 'Bank account ending in 3456',
          bankName: 'Nguyen Pastoral Co',
          bankAccount: '000-000 ****3456',
        },
        failedPayment: 3,
      },
      {
        accountId: 100003,
        periodStart: startOfBusinessDay(now, 5),
        paymethod: { method: 'Not Yet Set', display: 'Not Yet Set' },
        currentUnpaid: true,
      },
    ]);
    await seedGateway(tx, now);
    await seedPreferences(tx, passwordHash);
    await seedSecurity(tx, passwordHash);
    await seedAdvisories(tx, now);
    await seedTickets(tx, now);
    await seedTelephony(tx);
    await seedReferrals(tx, now);
    await seedStaff(tx, passwordHash);
    // Other seed files (one line each) go above this line.

    // Seeded rows carry fixed ids: move the identity sequences past them, so a contact or an
    // account made at run time gets the next free id.
    for (const table of ['users', 'accounts']) {
      await tx.execute(
        sql.raw(
          `select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`,
        ),
      );
    }
  });
}
