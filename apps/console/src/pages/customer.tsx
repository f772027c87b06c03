import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { ChevronLeft, ExternalLink, PhoneCall, Plus } from 'lucide-react';
import { adminRoutes, type AdminAccountView } from '@outpost/contracts/admin';
import { staffRoutes } from '@outpost/contracts/staff';
import { formatMegabytes } from '@outpost/domain/format';
import { formatDollars } from '@outpost/domain/money';
import { call } from '../api';
import { DataTable } from '../components/data-table';
import { RowMenu, type MenuItem } from '../components/menu';
import {
  Allowance,
  Badge,
  ErrorNotice,
  Loading,
  Money,
  PageHeader,
  QueryView,
  Section,
  When,
} from '../components/ui';
import { AdjustmentDialog } from '../features/adjustment';
import { BlockDialog, PlanChangeDialog } from '../features/act-for-customer';
import { AccountActivity } from '../features/activity';
import { NewServiceDialog } from '../features/new-service';
import { AddContactDialog } from '../features/add-contact';
import { BookCallbackDialog } from '../features/callbacks';
import { ServiceStatusDialog, type StatusChange } from '../features/service-status';
import { can, useSession } from '../session';

type Contact = AdminAccountView['contacts'][number];
type Service = AdminAccountView['services'][number];
type AuditEntry = Awaited<ReturnType<typeof call<typeof staffRoutes.staffAudit>>>[number];
type ContactLock = Awaited<ReturnType<typeof call<typeof adminRoutes.adminContactLocks>>>[number];

const contactColumns: ColumnDef<Contact, unknown>[] = [
  {
    accessorKey: 'name',
    header: 'Name',
    cell: ({ row }) => (
      <div className="cell-stack">
        <span className="strong">{row.original.name}</span>
        <span className="muted">{row.original.username}</span>
      </div>
    ),
  },
  {
    accessorKey: 'role',
    header: 'Role',
    cell: ({ row }) => (row.original.is_holder ? 'Account holder' : row.original.role),
  },
  {
    accessorKey: 'email',
    header: 'Email',
    cell: ({ getValue }) => getValue<string | null>() ?? '—',
  },
  {
    accessorKey: 'mobile',
    header: 'Mobile',
    cell: ({ getValue }) => getValue<string | null>() ?? '—',
  },
  {
    accessorKey: 'status',
    header: 'Status',
    cell: ({ getValue }) => <Badge status={getValue<string>()} />,
  },
  {
    accessorKey: 'last_login',
    header: 'Last sign-in',
    cell: ({ getValue }) => <When at={getValue<string | null>()} />,
  },
];

const serviceFields: ColumnDef<Service, unknown>[] = [
  {
    accessorKey: 'identifier',
    header: 'Service',
    cell: ({ row }) => (
      <div className="cell-stack">
        <span className="strong">{row.original.nickname ?? row.original.technology}</span>
        <span className="muted mono">{row.original.identifier}</span>
        <span className="muted">{row.original.address}</span>
      </div>
    ),
  },
  {
    accessorKey: 'plan',
    header: 'Plan',
    cell: ({ row }) => {
      const next = row.original.next_plan;
      return (
        <div className="cell-stack">
          <span>{row.original.plan}</span>
          {next ? (
            <span className="upcoming">
              {next.when === 'Revert' ? 'Back to' : 'Moves to'} {next.plan} from{' '}
              <When at={next.from} date />
            </span>
          ) : null}
        </div>
      );
    },
  },
  {
    accessorKey: 'status',
    header: 'Status',
    cell: ({ row }) => (
      <div className="cell-stack">
        <span>
          <Badge status={row.original.status} />
        </span>
        {row.original.cancels_on ? (
          <span className="upcoming">
            Cancels <When at={row.original.cancels_on} date />
          </span>
        ) : null}
      </div>
    ),
  },
  {
    id: 'usage',
    header: 'This period',
    enableSorting: false,
    cell: ({ row }) => {
      const u = row.original.usage;
      if (!u)
        return (
          <span className="muted">
            {row.original.type === 'Broadband' ? 'Not measured while ' + row.original.status : '—'}
          </span>
        );
      return (
        <div className="cell-stack">
          <Allowance
            label={u.peak_label}
            usedMb={u.peak.used_mb}
            totalMb={u.peak.total_mb}
            blocksMb={u.peak.blocks_mb}
          />
          {u.offpeak.total_mb || u.offpeak.used_mb ? (
            <Allowance
              label="Off-peak"
              usedMb={u.offpeak.used_mb}
              totalMb={u.offpeak.total_mb}
              blocksMb={u.offpeak.blocks_mb}
            />
          ) : null}
          <span className="muted">
            <When at={u.period_start} date /> to <When at={lastDay(u.period_end)} date />
            {u.unmetered_mb > 0 ? ` · ${formatMegabytes(u.unmetered_mb)} unmetered` : ''}
          </span>
        </div>
      );
    },
  },
  {
    id: 'blocks',
    header: 'Data blocks this period',
    enableSorting: false,
    cell: ({ row }) => {
      const blocks = row.original.blocks;
      if (!row.original.usage && blocks.length === 0) return <span className="muted">—</span>;
      if (blocks.length === 0) return <span className="muted">None bought</span>;
      return (
        <ul className="plain-list">
          {blocks.map((b) => (
            <li key={b.purchase_id}>
              {b.name} · {formatDollars(b.price_cents)} · <When at={b.purchased} date />
            </li>
          ))}
        </ul>
      );
    },
  },
];

/** The last day of a period that ends at `end` (its end is the next period's first moment). */
function lastDay(end: string): string {
  return new Date(new Date(end).getTime() - 1).toISOString();
}

type PaymentMethod = AdminAccountView['payment_methods'][number];

const paymentColumns: ColumnDef<PaymentMethod, unknown>[] = [
  {
    accessorKey: 'brand',
    header: 'Method',
    cell: ({ row }) => (
      <div className="cell-stack">
        <span>{row.original.brand}</span>
        <span className="muted">{row.original.kind === 'card' ? 'Card' : 'Bank account'}</span>
      </div>
    ),
  },
  {
    accessorKey: 'last4',
    header: 'Ending in',
    cell: ({ getValue }) => <span className="mono">{getValue<string>()}</span>,
  },
  {
    accessorKey: 'expires',
    header: 'Expires',
    cell: ({ getValue }) => getValue<string | null>() ?? <span className="muted">—</span>,
  },
  {
    accessorKey: 'default',
    header: 'Automatic payments',
    cell: ({ getValue }) =>
      getValue<boolean>() ? <Badge status="active" /> : <span className="muted">No</span>,
  },
];

/** The way the billing run pays, as the summary says it ('Visa ending in 4242'). */
function paysBy(methods: PaymentMethod[]): string {
  const chosen = methods.find((m) => m.default);
  return chosen ? `${chosen.brand} ending in ${chosen.last4}` : 'Not set (pays each bill)';
}

type Adjustment = Awaited<ReturnType<typeof call<typeof adminRoutes.adminListAdjustments>>>[number];

const adjustmentColumns: ColumnDef<Adjustment, unknown>[] = [
  {
    accessorKey: 'created',
    header: 'Added',
    cell: ({ getValue }) => <When at={getValue<string>()} />,
  },
  { accessorKey: 'description', header: 'Invoice line' },
  {
    accessorKey: 'amount_cents',
    header: 'Amount',
    meta: { numeric: true },
    cell: ({ getValue }) => <Money cents={getValue<number>()} />,
  },
  {
    accessorKey: 'invoice_id',
    header: 'Invoice',
    cell: ({ getValue }) => {
      const invoice = getValue<number | null>();
      return invoice === null ? <Badge status="pending" /> : `#${invoice}`;
    },
  },
];

const auditColumns: ColumnDef<AuditEntry, unknown>[] = [
  { accessorKey: 'at', header: 'When', cell: ({ getValue }) => <When at={getValue<string>()} /> },
  {
    id: 'who',
    header: 'Who',
    accessorFn: (e) => e.staff ?? (e.key ? `API key: ${e.key}` : '—'),
  },
  { accessorKey: 'action', header: 'What' },
  {
    id: 'call',
    header: 'Call',
    accessorFn: (e) => (e.method && e.route ? `${e.method} ${e.route}` : (e.detail ?? '—')),
    cell: ({ getValue }) => <code className="muted">{getValue<string>()}</code>,
  },
  {
    accessorKey: 'status',
    header: 'Answer',
    meta: { numeric: true },
    cell: ({ getValue }) => getValue<number | null>() ?? '—',
  },
];

/** One customer: who they are, who may act for them, their services, and what staff did. */
export function CustomerPage() {
  const accountid = Number(useParams().accountid);
  const session = useSession();
  const queryClient = useQueryClient();
  const [addingService, setAddingService] = useState(false);
  const [addingContact, setAddingContact] = useState(false);
  const [statusChange, setStatusChange] = useState<{
    service: Service;
    change: StatusChange;
  } | null>(null);
  const role = session?.staff.role;
  const admin = can(role, 'provisioning');
  // The staff audit is the staff admins' (decision 025).
  const auditor = can(role, 'staff');
  const [adjusting, setAdjusting] = useState(false);
  const [bookingCallback, setBookingCallback] = useState(false);
  const [acting, setActing] = useState<{ service: Service; kind: 'plan' | 'block' } | null>(null);
  const account = useQuery({
    queryKey: ['account', accountid],
    queryFn: ({ signal }) =>
      call(adminRoutes.adminAccount, { params: { accountid: String(accountid) }, signal }),
    enabled: Number.isInteger(accountid) && accountid > 0,
  });
  const audit = useQuery({
    queryKey: ['audit', accountid],
    queryFn: ({ signal }) =>
      call(staffRoutes.staffAudit, {
        query: { accountid: String(accountid), limit: '50' },
        signal,
      }),
    enabled: auditor,
  });
  const adjustments = useQuery({
    queryKey: ['adjustments', accountid],
    queryFn: ({ signal }) =>
      call(adminRoutes.adminListAdjustments, { params: { accountid: String(accountid) }, signal }),
  });
  // Who is locked out for a while, and until when (decision 054): beside each contact.
  const locks = useQuery({
    queryKey: ['locks', accountid],
    queryFn: ({ signal }) =>
      call(adminRoutes.adminContactLocks, { params: { accountid: String(accountid) }, signal }),
  });
  const locksOf = (userid: number): ContactLock[] =>
    (locks.data ?? []).filter((l) => l.userid === userid);
  const contactParams = (userid: number) => ({
    accountid: String(accountid),
    userid: String(userid),
  });
  const resend = useMutation({
    mutationFn: (userid: number) =>
      call(adminRoutes.adminResendInvitation, { params: contactParams(userid) }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['audit', accountid] });
      void queryClient.invalidateQueries({ queryKey: ['activity', accountid] });
    },
  });
  const endSessions = useMutation({
    mutationFn: (userid: number) =>
      call(adminRoutes.adminEndContactSessions, { params: contactParams(userid) }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['audit', accountid] });
      void queryClient.invalidateQueries({ queryKey: ['activity', accountid] });
    },
  });
  const clearLock = useMutation({
    mutationFn: (userid: number) =>
      call(adminRoutes.adminClearContactLock, { params: contactParams(userid) }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['locks', accountid] });
      void queryClient.invalidateQueries({ queryKey: ['audit', accountid] });
    },
  });
  const openPortal = useMutation({
    mutationFn: () => call(staffRoutes.staffLinks, { body: { purpose: 'login', accountid } }),
    onSuccess: (link) => {
      // The signed link (single use, 5 minutes) in a tab of its own: the portal shows a banner
      // saying who is viewing, and every request there is audited with this staff member.
      window.open(link.url, '_blank', 'noopener');
      void queryClient.invalidateQueries({ queryKey: ['audit', accountid] });
    },
  });
  const activate = useMutation({
    mutationFn: (serviceid: number) =>
      call(adminRoutes.adminActivateService, {
        params: { accountid: String(accountid), serviceid: String(serviceid) },
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['account', accountid] });
      void queryClient.invalidateQueries({ queryKey: ['audit', accountid] });
    },
  });

  const serviceColumns: ColumnDef<Service, unknown>[] = [
    ...serviceFields,
    {
      id: 'actions',
      header: () => <span className="visually-hidden">Actions</span>,
      enableSorting: false,
      cell: ({ row }) => {
        const s = row.original;
        if (!admin || s.status === 'cancelled') return null;
        const open = (change: StatusChange) => setStatusChange({ service: s, change });
        // The state's next step is a button; the rest wait behind the row's menu.
        const more: MenuItem[] = [
          ...(s.status === 'active' && s.type === 'Broadband'
            ? [{ label: 'Buy data', onSelect: () => setActing({ service: s, kind: 'block' }) }]
            : []),
          ...(s.status === 'active' ? [{ label: 'Suspend', onSelect: () => open('suspend') }] : []),
          { label: 'Cancel service', onSelect: () => open('cancel'), danger: true },
        ];
        return (
          <div className="row-actions">
            {s.status === 'pending' ? (
              <button
                type="button"
                className="button secondary small"
                disabled={activate.isPending}
                onClick={() => activate.mutate(s.serviceid)}
              >
                Activate
              </button>
            ) : s.status === 'active' ? (
              <button
                type="button"
                className="button secondary small"
                onClick={() => setActing({ service: s, kind: 'plan' })}
              >
                Change plan
              </button>
            ) : (
              <button
                type="button"
                className="button secondary small"
                onClick={() => open('resume')}
              >
                Resume
              </button>
            )}
            <RowMenu label={`More actions for ${s.identifier}`} items={more} />
          </div>
        );
      },
    },
  ];

  const contactsWithActions: ColumnDef<Contact, unknown>[] = [
    ...contactColumns,
    {
      id: 'lock',
      header: 'Locked',
      enableSorting: false,
      cell: ({ row }) => {
        const held = locksOf(row.original.userid);
        if (held.length === 0) return <span className="muted">—</span>;
        return (
          <ul className="cell-stack">
            {held.map((l) => (
              <li key={l.lock}>
                <Badge status="locked" /> {l.label}, until <When at={l.until} />
              </li>
            ))}
          </ul>
        );
      },
    },
    {
      id: 'actions',
      header: () => <span className="visually-hidden">Actions</span>,
      enableSorting: false,
      cell: ({ row }) => {
        const c = row.original;
        if (!can(role, 'desk')) return null;
        return (
          <div className="row-actions">
            {c.status === 'Invited' ? (
              <button
                type="button"
                className="button quiet small"
                disabled={resend.isPending}
                onClick={() => resend.mutate(c.userid)}
              >
                Resend invitation
              </button>
            ) : null}
            {locksOf(c.userid).length > 0 ? (
              <button
                type="button"
                className="button secondary small"
                disabled={clearLock.isPending}
                onClick={() => clearLock.mutate(c.userid)}
              >
                Clear lock
              </button>
            ) : null}
            {c.status === 'Active' ? (
              <button
                type="button"
                className="button quiet small"
                disabled={endSessions.isPending}
                onClick={() => {
                  if (
                    window.confirm(`Sign ${c.name} out everywhere? They sign in again next time.`)
                  )
                    endSessions.mutate(c.userid);
                }}
              >
                End sessions
              </button>
            ) : null}
          </div>
        );
      },
    },
  ];

  if (account.isPending)
    return (
      <div className="page">
        <Loading label="Loading the customer" />
      </div>
    );
  if (account.isError) {
    return (
      <div className="page">
        <BackLink />
        <ErrorNotice error={account.error} onRetry={() => void account.refetch()} />
      </div>
    );
  }
  const a = account.data;
  const holder = a.contacts.find((c) => c.is_holder);

  return (
    <div className="page">
      <BackLink />
      <PageHeader
        title={
          <>
            {a.name} <Badge status={a.status} />
          </>
        }
        subtitle={
          <>
            Account {a.accountid}
            {a.external_id ? ` · your ref ${a.external_id}` : ''} · customer since{' '}
            <When at={a.created} date />
          </>
        }
        actions={
          <>
            {can(role, 'tickets') ? (
              <button
                type="button"
                className="button secondary"
                onClick={() => setBookingCallback(true)}
              >
                <PhoneCall size={14} aria-hidden="true" /> Book a callback
              </button>
            ) : null}
            <button
              type="button"
              className="button primary"
              disabled={openPortal.isPending}
              onClick={() => openPortal.mutate()}
            >
              <ExternalLink size={14} aria-hidden="true" />
              {openPortal.isPending ? 'Opening…' : 'Open their portal'}
            </button>
          </>
        }
      />
      {openPortal.isError ? <ErrorNotice error={openPortal.error} /> : null}
      {activate.isError ? <ErrorNotice error={activate.error} /> : null}
      <dl className="summary-strip">
        <div>
          <dt>Balance</dt>
          <dd className={a.balance_cents > 0 ? 'owing' : undefined}>
            {a.balance_cents > 0
              ? `${formatDollars(a.balance_cents)} owing`
              : a.balance_cents < 0
                ? `${formatDollars(-a.balance_cents)} in credit`
                : '$0.00'}
          </dd>
        </div>
        <div>
          <dt>Account holder</dt>
          <dd title={holder?.name}>{holder ? holder.name : '—'}</dd>
        </div>
        <div>
          <dt>Holder email</dt>
          <dd title={holder?.email ?? undefined}>{holder?.email ?? '—'}</dd>
        </div>
        <div>
          <dt>Holder mobile</dt>
          <dd>{holder?.mobile ?? '—'}</dd>
        </div>
        <div>
          <dt>Services</dt>
          <dd>{a.services.length}</dd>
        </div>
        <div>
          <dt>Automatic payments</dt>
          <dd title={paysBy(a.payment_methods)}>{paysBy(a.payment_methods)}</dd>
        </div>
      </dl>
      <Section
        title="Services"
        count={a.services.length}
        actions={
          admin ? (
            <button
              type="button"
              className="button secondary small"
              onClick={() => setAddingService(true)}
            >
              <Plus size={14} aria-hidden="true" /> Add service
            </button>
          ) : null
        }
      >
        <DataTable
          label="Services"
          columns={serviceColumns}
          data={a.services}
          empty="No services yet."
        />
      </Section>
      <Section
        title="Contacts"
        count={a.contacts.length}
        actions={
          admin ? (
            <button
              type="button"
              className="button secondary small"
              onClick={() => setAddingContact(true)}
            >
              <Plus size={14} aria-hidden="true" /> Add contact
            </button>
          ) : null
        }
      >
        {resend.isSuccess ? (
          <p className="notice info" role="status">
            A new invitation is on its way to {resend.data.sent_to}.
          </p>
        ) : null}
        {endSessions.isSuccess ? (
          <p className="notice info" role="status">
            {endSessions.data.ended === 1 ? '1 session' : `${endSessions.data.ended} sessions`}{' '}
            ended.
          </p>
        ) : null}
        {clearLock.isSuccess ? (
          <p className="notice info" role="status">
            {clearLock.data.cleared.length === 0
              ? 'Nothing was locked: they may sign in and recover access as usual.'
              : 'Lock cleared: they may try again now.'}
          </p>
        ) : null}
        {locks.isError ? <ErrorNotice error={locks.error} /> : null}
        {clearLock.isError ? <ErrorNotice error={clearLock.error} /> : null}
        {resend.isError ? <ErrorNotice error={resend.error} /> : null}
        {endSessions.isError ? <ErrorNotice error={endSessions.error} /> : null}
        <DataTable
          label="Contacts"
          columns={contactsWithActions}
          data={a.contacts}
          empty="No contacts."
        />
      </Section>
      <div className="panel-pair">
        <Section title="Payment methods" count={a.payment_methods.length}>
          <DataTable
            label="Payment methods"
            columns={paymentColumns}
            data={a.payment_methods}
            empty="No card or bank account saved: they pay each bill themselves."
          />
        </Section>
        <Section
          title="Charges and credits"
          {...(adjustments.data ? { count: adjustments.data.length } : {})}
          actions={
            can(role, 'billing') ? (
              <button
                type="button"
                className="button secondary small"
                onClick={() => setAdjusting(true)}
              >
                <Plus size={14} aria-hidden="true" /> Add credit or charge
              </button>
            ) : null
          }
        >
          <QueryView query={adjustments}>
            {(data) => (
              <DataTable
                label="Charges and credits"
                columns={adjustmentColumns}
                data={data}
                empty="No charges or credits waiting or billed."
              />
            )}
          </QueryView>
        </Section>
      </div>
      <AccountActivity accountid={accountid} />
      {bookingCallback ? (
        <BookCallbackDialog
          accountid={accountid}
          contacts={a.contacts}
          onClose={() => setBookingCallback(false)}
        />
      ) : null}
      {adjusting ? (
        <AdjustmentDialog accountid={accountid} onClose={() => setAdjusting(false)} />
      ) : null}
      {auditor ? (
        <Section title="Staff activity">
          <QueryView query={audit}>
            {(data) => (
              <DataTable
                label="Staff activity on this account"
                columns={auditColumns}
                data={data}
                empty="No staff or API activity on this account yet."
              />
            )}
          </QueryView>
        </Section>
      ) : null}
      {acting?.kind === 'plan' ? (
        <PlanChangeDialog
          accountid={accountid}
          service={acting.service}
          onClose={() => setActing(null)}
        />
      ) : null}
      {acting?.kind === 'block' ? (
        <BlockDialog
          accountid={accountid}
          service={acting.service}
          onClose={() => setActing(null)}
        />
      ) : null}
      {statusChange ? (
        <ServiceStatusDialog
          accountid={accountid}
          service={statusChange.service}
          change={statusChange.change}
          onClose={() => setStatusChange(null)}
        />
      ) : null}
      {admin ? (
        <NewServiceDialog
          accountid={accountid}
          open={addingService}
          onOpenChange={setAddingService}
        />
      ) : null}
      {admin ? (
        <AddContactDialog
          accountid={accountid}
          open={addingContact}
          onOpenChange={setAddingContact}
        />
      ) : null}
    </div>
  );
}

function BackLink() {
  return (
    <Link
      to=".."
      relative="path"
      className="back-link"
      onClick={(event) => {
        if (window.history.length > 1) {
          event.preventDefault();
          window.history.back();
        }
      }}
    >
      <ChevronLeft size={14} aria-hidden="true" /> Customers
    </Link>
  );
}
