import type { ContactListItem } from '@outpost/contracts/contacts';
import { messages } from '@outpost/contracts/messages';
import { hasAllPermissions } from '@outpost/contracts/permissions';
import { Fragment, useEffect, useId, useRef, useState } from 'react';
import { type DataTableColumn, DataTable } from '@/components/data-table';
import { ErrorBanner } from '@/components/error-banner';
import { LoadError } from '@/components/load-error';
import { useSession } from '@/lib/session';
import { useContacts } from '../api/get-contacts';
import { contactName } from '../utils/contact-form';
import { AccountLayout } from '../../components/account-layout';
import { AddContactModal } from './add-contact-modal';
import { RemoveContactModal } from './remove-contact-modal';
import { UpdatePermissionsModal } from './update-permissions-modal';
import { LoadingState } from '@/components/loading-state';

type Open =
  | { kind: 'add' }
  | { kind: 'permissions'; contact: ContactListItem }
  | { kind: 'remove'; contact: ContactListItem }
  | null;

type Notice = { tone: 'success' | 'error'; error: unknown; at: number } | null;

/** Rows the skeleton keeps room for (the demo holder's account has five contacts). */
const SKELETON_ROWS = 5;

/** Any status other than 'Active' is shown beside the relationship (spec 3 section 3). */
export function isActive(status: string): boolean {
  return status.toLowerCase() === 'active';
}

/**
 * /account/permissions (spec 3 sections 2.8, 4 and 6): the account's contacts; with edit-users
 * 'Add Contact' and, on every row but the caller's own, Permissions and Remove.
 */
export function ContactsPage() {
  const ids = useId();
  const { user, permissions } = useSession();
  const canEdit = hasAllPermissions(permissions, ['edit-users']);
  const contacts = useContacts();
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const close = () => setOpen(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // After a removal the row (and its button, where focus went back to) goes: focus the list.
  useEffect(() => {
    if (notice?.tone === 'success') headingRef.current?.focus();
  }, [notice]);

  // On a phone a row reads 'Jordan Citizen (you) / jordan.citizen@exa…', with a tag on the right
  // while the contact is not active; the full email, the mobile, the role, the relationship and
  // the actions are a tap away.
  const columns: DataTableColumn<ContactListItem>[] = [
    {
      id: 'name',
      header: 'Name',
      rowHeader: true,
      narrow: 'primary',
      cell: (c) => (
        <>
          {contactName(c)}
          {c.user_id === user?.user_id && <span className="contacts__you"> (you)</span>}
        </>
      ),
    },
    {
      id: 'email',
      header: 'Email',
      narrow: 'secondary',
      narrowDetails: true,
      cell: (c) => (c.email ? <EmailText email={c.email} /> : ''),
      narrowCell: (c) => c.email ?? '',
      className: 'contacts__email',
    },
    { id: 'mobile', header: 'Mobile', cell: (c) => c.mobile ?? '' },
    { id: 'role', header: 'Role', cell: (c) => c.role },
    {
      id: 'relationship',
      header: 'Relationship',
      narrow: 'trailing',
      narrowDetails: true,
      narrowCell: (c) =>
        isActive(c.role_status) ? null : <span className="tag">{c.role_status}</span>,
      cell: (c) => (
        <>
          {c.relationship ?? ''}
          {!isActive(c.role_status) && (
            <span className="tag contacts__status">{c.role_status}</span>
          )}
        </>
      ),
    },
  ];
  if (canEdit)
    columns.push({
      id: 'actions',
      header: 'Actions',
      hideLabelWhenStacked: true,
      className: 'data-table__actions contacts__actions',
      cell: (c) =>
        c.user_id === user?.user_id ? null : (
          <div className="contacts__buttons">
            <button
              type="button"
              className="button button--small"
              onClick={() => setOpen({ kind: 'permissions', contact: c })}
            >
              Permissions<span className="visually-hidden"> of {contactName(c)}</span>
            </button>
            <button
              type="button"
              className="button button--small"
              onClick={() => {
                setNotice(null);
                setOpen({ kind: 'remove', contact: c });
              }}
            >
              Remove<span className="visually-hidden"> {contactName(c)}</span>
            </button>
          </div>
        ),
    });

  return (
    <AccountLayout title="Account Permissions">
      {notice && (
        <ErrorBanner
          key={notice.at}
          tone={notice.tone}
          error={notice.error}
          onDismiss={() => setNotice(null)}
        />
      )}
      <section className="page-section contacts" aria-labelledby={`${ids}-contacts`}>
        <div className="contacts__header">
          <h2 id={`${ids}-contacts`} ref={headingRef} tabIndex={-1}>
            Contacts
          </h2>
          {canEdit && (
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                setNotice(null);
                setOpen({ kind: 'add' });
              }}
            >
              Add Contact
            </button>
          )}
        </div>
        <p className="contacts__intro">
          The people who may act on this account, and what each of them may do.
        </p>
        {contacts.isError ? (
          <LoadError
            error={messages.account.loadPage}
            onRetry={() => void contacts.refetch()}
            resetKey={contacts.errorUpdatedAt}
          />
        ) : contacts.isPending ? (
          <LoadingState placeholder={<ContactsSkeleton />} />
        ) : (
          <DataTable
            rows={contacts.data}
            columns={columns}
            rowKey={(c) => c.user_id}
            caption="Contacts"
            captionHidden
            className="contacts__table"
            empty={<p>There are no contacts on this account yet.</p>}
          />
        )}
      </section>
      {open?.kind === 'add' && <AddContactModal onClose={close} />}
      {open?.kind === 'permissions' && (
        <UpdatePermissionsModal contact={open.contact} onClose={close} />
      )}
      {open?.kind === 'remove' && (
        <RemoveContactModal
          contact={open.contact}
          onClose={close}
          onRemoved={() => {
            close();
            setNotice({ tone: 'success', error: messages.account.removed, at: Date.now() });
          }}
          onFailed={(error) => {
            close();
            setNotice({ tone: 'error', error, at: Date.now() });
          }}
        />
      )}
    </AccountLayout>
  );
}

/**
 * An email that breaks, when it must, after its '@' and its dots, never inside a word
 * ('jordan.citizen@' / 'example.net', not 'example.n' / 'et').
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?<=[@.])/);
  return (
    <>
      {parts.map((part, i) => (
        // The parts of one email never change order: the index is their identity.
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}

/** The table's room while it loads (a header and a few rows), so nothing moves when it arrives. */
function ContactsSkeleton() {
  return (
    <div className="contacts__skeleton" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading contacts…
      </p>
      <div className="skeleton" aria-hidden="true">
        {Array.from({ length: SKELETON_ROWS + 1 }, (_, i) => (
          <span key={i} className="skeleton__line contacts__skeleton-row" />
        ))}
      </div>
    </div>
  );
}
