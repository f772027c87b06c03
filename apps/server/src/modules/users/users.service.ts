import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { PermissionEntry, Profile } from '@outpost/contracts/auth';
import type { Db } from '../../db/client';
import {
  permissionDefinitions,
  relationships,
  roles,
  userPermissions,
  users,
} from '../../db/accounts.schema';
import { tokens } from '../auth/auth.schema';

/**
 * The grant rule without the status: what the user holds while Active. The contacts module shows
 * it for an invited contact (who holds nothing until they accept, but will hold this).
 */
export const grantedOnceActive = (switchedOn: SQL) => sql<boolean>`(
  ${roles.level} >= ${permissionDefinitions.levelNeeded}
  and (${users.isAccountHolder} or ${switchedOn}))`;

/**
 * The grant rule, written once: a contact holds a permission when it is switched on for them (or
 * they are the account holder), their role's level reaches the permission's level, and they are
 * Active. Needs `users`, `roles` and `permission_definitions` in scope; `switchedOn` says whether
 * the user's own switch for the permission is on.
 */
const grantRuleWhen = (active: SQL) => (switchedOn: SQL) =>
  sql<boolean>`(${active} and ${grantedOnceActive(switchedOn)})`;
const ACTIVE = sql`${users.roleStatus} = 'Active'`;
const grantRule = grantRuleWhen(ACTIVE);

/**
 * The names of the permissions a user holds, as a correlated subquery of a query that joins
 * `users` and `roles`: authentication reads them in the same round trip as the token. The switch
 * is an EXISTS (a primary-key probe per permission): a join here set up a hash join on every
 * request, and this runs on every request.
 */
const heldPermissionsWhen = (active: SQL) => sql<string[]>`(
  select coalesce(array_agg(${permissionDefinitions.permission} order by ${permissionDefinitions.sort}), '{}')
  from ${permissionDefinitions}
  where ${grantRuleWhen(active)(sql`exists (select 1 from ${userPermissions}
    where ${userPermissions.userId} = ${users.id}
      and ${userPermissions.permission} = ${permissionDefinitions.permission}
      and ${userPermissions.enabled})`)})`;
export const heldPermissionsSql = heldPermissionsWhen(ACTIVE);

/**
 * The permissions of a session's user (the auth statement, with `tokens` in scope): as
 * heldPermissionsSql, and in a staff-assisted session also while the holder is still Invited
 * (sessionMayActFor in packages/domain/src/staff-rules.ts, here in SQL for the same round trip).
 */
export const sessionPermissionsSql = heldPermissionsWhen(
  sql`(${users.roleStatus} = 'Active' or (${users.roleStatus} = 'Invited' and ${tokens.staffId} is not null))`,
);

/**
 * Every permission definition with its section and whether `rule` grants it to the user, in
 * display order. The rule sees `user_permissions` left-joined (the user's own switch).
 */
export async function permissionRows(
  db: Db,
  userId: number,
  rule: (switchedOn: SQL) => SQL<boolean> = grantRule,
): Promise<{ permission: string; section: string; enabled: boolean }[]> {
  return db
    .select({
      permission: permissionDefinitions.permission,
      section: permissionDefinitions.section,
      enabled: rule(sql`coalesce(${userPermissions.enabled}, false)`),
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .crossJoin(permissionDefinitions)
    .leftJoin(
      userPermissions,
      and(
        eq(userPermissions.userId, users.id),
        eq(userPermissions.permission, permissionDefinitions.permission),
      ),
    )
    .where(eq(users.id, userId))
    .orderBy(asc(permissionDefinitions.sort));
}

/** Every permission definition with whether the user holds it, in display order. */
export async function effectivePermissions(db: Db, userId: number): Promise<PermissionEntry[]> {
  const rows = await permissionRows(db, userId);
  return rows.map((r) => ({ permission: r.permission, enabled: r.enabled ? 1 : 0 }));
}

/** A contact's name and addresses, as the profile and the contact list read them. */
export const contactFields = {
  given_names: users.givenNames,
  surname: users.surname,
  email: users.email,
  mobile: users.mobile,
};

/** A contact's role, relationship (roles inner, relationships left joined) and status. */
export const contactRoleFields = {
  role: roles.role,
  relationship: relationships.relationship,
  role_status: users.roleStatus,
};

function buildProfileQuery(db: Db, inAccount: boolean) {
  const byId = eq(users.id, sql.placeholder('userId'));
  return db
    .select({
      user_id: users.id,
      account_id: users.accountId,
      username: users.username,
      title: users.title,
      ...contactFields,
      date_of_birth: users.dateOfBirth,
      ...contactRoleFields,
      account_holder: users.isAccountHolder,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(relationships, eq(relationships.id, users.relationshipId))
    .where(
      inAccount
        ? // A removed contact is no longer part of the account (decision 016).
          and(
            byId,
            eq(users.accountId, sql.placeholder('accountId')),
            ne(users.roleStatus, 'Removed'),
          )
        : byId,
    )
    .prepare(inAccount ? 'profile_in_account' : 'profile');
}
type ProfileQuery = ReturnType<typeof buildProfileQuery>;
const profileQueries = new WeakMap<Db, { own: ProfileQuery; inAccount: ProfileQuery }>();

/**
 * A user's profile; with `accountId`, only when the user belongs to that account. Prepared once
 * per database (PostgreSQL plans it once per connection): contacts and profiles are hot reads.
 */
export async function getProfile(
  db: Db,
  userId: number,
  accountId?: number,
): Promise<Profile | undefined> {
  let queries = profileQueries.get(db);
  if (!queries) {
    queries = { own: buildProfileQuery(db, false), inAccount: buildProfileQuery(db, true) };
    profileQueries.set(db, queries);
  }
  const [row] =
    accountId === undefined
      ? await queries.own.execute({ userId })
      : await queries.inAccount.execute({ userId, accountId });
  return row;
}
