import { apiPaths, buildPath } from '@outpost/contracts/api-paths';
import type {
  ContactListItem,
  ContactPermission,
  PermissionDefinition,
  Relationship,
  Role,
} from '@outpost/contracts/contacts';
import { serverErrors } from '@outpost/contracts/messages';
import { permissionDefinitions } from '@outpost/contracts/permissions';
import { roleDefinitions } from '@outpost/contracts/roles';
import { errorResponse, jsonResponse } from './fixtures';

export const definitions: PermissionDefinition[] = permissionDefinitions.map((d) => ({ ...d }));

export const roles: Role[] = roleDefinitions.map(({ role, level }) => ({ role, level }));

export const relationships: Relationship[] = roleDefinitions.flatMap(({ role, relationships: r }) =>
  r.map((relationship) => ({ for_role: role, relationship })),
);

export function contact(overrides: Partial<ContactListItem> = {}): ContactListItem {
  return {
    user_id: 8,
    given_names: 'Sam',
    surname: 'Ledger',
    email: 'sam.ledger@example.com',
    mobile: '0491570110',
    role: 'Billing Contact',
    relationship: 'Bookkeeper',
    role_status: 'Active',
    ...overrides,
  };
}

/** The signed-in holder (user 7, as fixtures.ts signs in), a billing contact and an invited one. */
export const contacts: ContactListItem[] = [
  contact({
    user_id: 7,
    given_names: 'Jordan',
    surname: 'Citizen',
    email: 'jordan.citizen@example.com',
    role: 'Account Holder',
    relationship: 'Self',
  }),
  contact(),
  contact({
    user_id: 9,
    given_names: 'Robin',
    surname: 'Example',
    email: 'robin.example@example.com',
    mobile: null,
    role: 'General Contact',
    relationship: 'Tenant',
    role_status: 'Invited',
  }),
];

/** A contact's permissions as the server lists them: every definition, enabled as given. */
export function permissionsOf(enabled: readonly string[]): ContactPermission[] {
  return definitions.map((d) => ({
    permission: d.permission,
    group: d.section,
    enabled: enabled.includes(d.permission) ? 1 : 0,
  }));
}

/** Every permission a role of `level` may hold (the server's defaults for a new contact). */
export function defaultsFor(level: number): string[] {
  return definitions.filter((d) => d.level_needed <= level).map((d) => d.permission);
}

export const stepUpRequired = () => errorResponse(403, serverErrors.stepUpRequired);

export const contactPaths = {
  contacts: apiPaths.contacts,
  permissions: (userid: number) => buildPath(apiPaths.contactPermissions, { userid }),
  contact: (userid: number) => buildPath(apiPaths.contact, { userid }),
};

/** The calls the page and its wizards read. */
export function contactsRoutes(list: ContactListItem[] = contacts) {
  return {
    [`GET ${apiPaths.contacts}`]: () => jsonResponse({ data: list }),
    [`GET ${apiPaths.permissionDefinitions}`]: () => jsonResponse({ data: definitions }),
    [`GET ${apiPaths.roles}`]: () => jsonResponse({ data: roles }),
    [`GET ${apiPaths.relationships}`]: () => jsonResponse({ data: relationships }),
  };
}
