import { ContactsPage } from '@/features/account/contacts/components/contacts-page';

/** /account/permissions (spec 3 section 2.8): the contacts and their permissions. */
export function Component() {
  return <ContactsPage />;
}
