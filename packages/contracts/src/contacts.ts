import { z } from 'zod';
import { isPersonName, PERSON_NAME_RULE } from '@outpost/domain/name-rules';
import { apiPaths } from './api-paths';
import { contactParams } from './auth';
import { envelope } from './http';
import { defineRoute } from './route-contract';

/**
 * Contacts and permissions (spec 3 sections 3, 4, 5 and 7; docs/decisions/016): the contacts
 * table, the Add Contact and Update Permissions wizards, Remove Contact. The server decides every
 * rule (levels, nobody grants what they do not hold, nobody edits their own row, the holder is
 * protected), whatever the client sends.
 */

import { CONTACT_TITLES } from '@outpost/domain/contacts-rules';

export { CONTACT_TITLES };

export const contactListItem = z.object({
  user_id: z.number().int(),
  given_names: z.string(),
  surname: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  role: z.string(),
  relationship: z.string().nullable(),
  /** Shown as a badge next to the relationship unless 'Active' (e.g. 'Invited'). */
  role_status: z.string(),
});
export type ContactListItem = z.infer<typeof contactListItem>;
export const contactsOutput = envelope(z.array(contactListItem));

/**
 * A new contact's name: it goes into the invitation mailed to them, so nothing in it may look like
 * an address (docs/decisions/036, the domain's name rule).
 */
const personName = z.string().trim().min(1).max(100).refine(isPersonName, PERSON_NAME_RULE);

/** POST user contacts (spec 3 section 3, new contact payload). */
export const newContactInput = z.strictObject({
  role: z.string().trim().min(1).max(100),
  relationship: z.string().trim().min(1).max(100),
  title: z.enum(CONTACT_TITLES),
  given_names: personName,
  surname: personName,
  // Email (an address), mobile (8 to 15 digits) and date of birth ('YYYY-MM-DD', a person 16 to
  // 120 years old) are checked by the domain's contact rules, the form's (and its messages).
  email: z.string().max(254).meta({ format: 'email' }),
  mobile: z.string().max(30),
  date_of_birth: z.string().max(10).meta({ format: 'date' }),
});
export type NewContactInput = z.infer<typeof newContactInput>;
/** The new contact's id (spec: "userid is read from the response"). */
export const newContactOutput = envelope(z.object({ userid: z.number().int() }));

export const permissionDefinition = z.object({
  section: z.string(),
  permission: z.string(),
  label: z.string(),
  level_needed: z.number().int(),
});
export type PermissionDefinition = z.infer<typeof permissionDefinition>;
export const permissionDefinitionsOutput = envelope(z.array(permissionDefinition));

/** A contact's permission: `group` is its section; `enabled` is what the contact holds now. */
export const contactPermission = z.object({
  permission: z.string(),
  group: z.string(),
  enabled: z.union([z.literal(0), z.literal(1)]),
});
export type ContactPermission = z.infer<typeof contactPermission>;
export const contactPermissionsOutput = envelope(z.array(contactPermission));

/** PATCH a contact's permissions: only the changes (spec 3 section 7). */
export const updateContactPermissionsInput = z
  .array(
    z.strictObject({
      permission: z.string().min(1).max(60),
      enabled: z.union([z.literal(0), z.literal(1)]),
    }),
  )
  .min(1)
  .max(60);
export type UpdateContactPermissionsInput = z.infer<typeof updateContactPermissionsInput>;

export const roleOutput = z.object({ role: z.string(), level: z.number().int() });
export type Role = z.infer<typeof roleOutput>;
export const rolesOutput = envelope(z.array(roleOutput));

export const relationshipOutput = z.object({ for_role: z.string(), relationship: z.string() });
export type Relationship = z.infer<typeof relationshipOutput>;
export const relationshipsOutput = envelope(z.array(relationshipOutput));

export const removeContactOutput = envelope(z.object({ removed: z.literal(true) }));

const contactRef = [{ in: 'params', name: 'userid', kind: 'user' }] as const;

export const contactsRoutes = {
  contacts: defineRoute({
    id: 'contacts',
    method: 'GET',
    path: apiPaths.contacts,
    summary: "The account's contacts",
    access: 'user',
    permissions: ['view-users'],
    objects: [],
    response: contactsOutput,
  }),
  addContact: defineRoute({
    id: 'addContact',
    method: 'POST',
    path: apiPaths.contacts,
    summary: 'Add a contact to the account; they are emailed an invitation to set a password',
    access: 'user',
    permissions: ['view-users', 'edit-users'],
    objects: [],
    stepUp: true,
    body: newContactInput,
    response: newContactOutput,
    example: {
      body: {
        role: 'General Contact',
        relationship: 'Tenant',
        title: 'Ms',
        given_names: 'Robin',
        surname: 'Example',
        email: 'robin.example@example.com',
        mobile: '0491570199',
        date_of_birth: '1990-05-17',
      },
    },
  }),
  permissionDefinitions: defineRoute({
    id: 'permissionDefinitions',
    method: 'GET',
    path: apiPaths.permissionDefinitions,
    summary: 'Every permission with its section, label and the role level it needs',
    access: 'user',
    permissions: [],
    objects: [],
    response: permissionDefinitionsOutput,
  }),
  roles: defineRoute({
    id: 'roles',
    method: 'GET',
    path: apiPaths.roles,
    summary: 'The roles a contact may be given, with their levels',
    access: 'user',
    permissions: ['edit-users'],
    objects: [],
    response: rolesOutput,
  }),
  relationships: defineRoute({
    id: 'relationships',
    method: 'GET',
    path: apiPaths.relationships,
    summary: 'The relationships each role offers',
    access: 'user',
    permissions: ['edit-users'],
    objects: [],
    response: relationshipsOutput,
  }),
  contactPermissions: defineRoute({
    id: 'contactPermissions',
    method: 'GET',
    path: apiPaths.contactPermissions,
    summary: "A contact's permissions",
    access: 'user',
    permissions: ['view-users'],
    objects: contactRef,
    params: contactParams,
    response: contactPermissionsOutput,
  }),
  updateContactPermissions: defineRoute({
    id: 'updateContactPermissions',
    method: 'PATCH',
    path: apiPaths.contactPermissions,
    summary: "Change a contact's permissions (only the changes); effective on their next request",
    access: 'user',
    permissions: ['view-users', 'edit-users'],
    objects: contactRef,
    stepUp: true,
    params: contactParams,
    body: updateContactPermissionsInput,
    response: contactPermissionsOutput,
    example: { body: [{ permission: 'view-services', enabled: 1 }] },
  }),
  removeContact: defineRoute({
    id: 'removeContact',
    method: 'DELETE',
    path: apiPaths.contact,
    summary: 'Remove a contact from the account; their sessions end',
    access: 'user',
    permissions: ['view-users', 'edit-users'],
    objects: contactRef,
    stepUp: true,
    params: contactParams,
    response: removeContactOutput,
  }),
} as const;
