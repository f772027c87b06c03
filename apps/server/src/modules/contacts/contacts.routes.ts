import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactsRoutes } from '@outpost/contracts/contacts';
import { requestMeta, routeFor } from '../../lib/route';
import { requireAuth } from '../../lib/auth-context';
import type { ContactsDeps } from './contacts.service';
import {
  listContacts,
  listPermissionDefinitions,
  listRelationships,
  listRoles,
  removeContact,
} from './contacts.service';
import { addContact } from './add-contact.service';
import { contactPermissions, updateContactPermissions } from './contact-permissions.service';

/**
 * Contacts and permissions (spec 3 sections 3, 4 and 7; docs/decisions/016 "Contact rules"). The
 * auth hook checks each route's permissions and, for add, permission changes and removal, the
 * step-up; the service checks the account boundary and every contact rule.
 */
export const contactsModule: FastifyPluginAsyncZod<{ deps: ContactsDeps }> = async (
  app,
  { deps },
) => {
  const { db } = deps;

  app.route({
    ...routeFor(contactsRoutes.contacts),
    handler: async (request) => ({ data: await listContacts(db, requireAuth(request).accountId) }),
  });

  app.route({
    ...routeFor(contactsRoutes.addContact),
    handler: async (request) => ({
      data: await addContact(deps, requireAuth(request), request.body, requestMeta(request)),
    }),
  });

  app.route({
    ...routeFor(contactsRoutes.permissionDefinitions),
    handler: async () => ({ data: await listPermissionDefinitions(db) }),
  });

  app.route({
    ...routeFor(contactsRoutes.roles),
    handler: async () => ({ data: await listRoles(db) }),
  });

  app.route({
    ...routeFor(contactsRoutes.relationships),
    handler: async () => ({ data: await listRelationships(db) }),
  });

  app.route({
    ...routeFor(contactsRoutes.contactPermissions),
    handler: async (request) => ({
      data: await contactPermissions(db, requireAuth(request), request.params.userid),
    }),
  });

  app.route({
    ...routeFor(contactsRoutes.updateContactPermissions),
    handler: async (request) => ({
      data: await updateContactPermissions(
        deps,
        requireAuth(request),
        request.params.userid,
        request.body,
        requestMeta(request),
      ),
    }),
  });

  app.route({
    ...routeFor(contactsRoutes.removeContact),
    handler: async (request) => {
      await removeContact(deps, requireAuth(request), request.params.userid, requestMeta(request));
      return { data: { removed: true as const } };
    },
  });
};
