import type { ColumnDef } from '@tanstack/react-table';
import { useQuery } from '@tanstack/react-query';
import { adminRoutes } from '@outpost/contracts/admin';
import { call } from '../api';
import { DataTable } from '../components/data-table';
import { Badge, Money, QueryView, Section, When } from '../components/ui';

type Activity = Awaited<ReturnType<typeof call<typeof adminRoutes.adminAccountActivity>>>;

const transactionColumns: ColumnDef<Activity['transactions'][number], unknown>[] = [
  {
    accessorKey: 'at',
    header: 'When',
    cell: ({ getValue }) => <When at={getValue<string>()} date />,
  },
  { accessorKey: 'type', header: 'Type' },
  {
    accessorKey: 'reason',
    header: 'Detail',
    cell: ({ getValue }) => getValue<string | null>() ?? '—',
  },
  {
    accessorKey: 'status',
    header: 'Status',
    cell: ({ getValue }) => <Badge status={getValue<string>()} />,
  },
  {
    accessorKey: 'amount_cents',
    header: 'Amount',
    meta: { numeric: true },
    cell: ({ getValue }) => <Money cents={getValue<number>()} />,
  },
  {
    accessorKey: 'balance_cents',
    header: 'Balance',
    meta: { numeric: true },
    cell: ({ getValue }) => <Money cents={getValue<number>()} />,
  },
];
const invoiceColumns: ColumnDef<Activity['invoices'][number], unknown>[] = [
  {
    accessorKey: 'number',
    header: 'Invoice',
    cell: ({ getValue }) => <span className="mono">{getValue<string>()}</span>,
  },
  {
    accessorKey: 'issued',
    header: 'Issued',
    cell: ({ getValue }) => <When at={getValue<string>()} date />,
  },
  {
    accessorKey: 'due',
    header: 'Due',
    cell: ({ getValue }) => <When at={getValue<string>()} date />,
  },
  {
    accessorKey: 'status',
    header: 'Status',
    cell: ({ getValue }) => <Badge status={getValue<string>()} />,
  },
  {
    accessorKey: 'total_cents',
    header: 'Total',
    meta: { numeric: true },
    cell: ({ getValue }) => <Money cents={getValue<number>()} />,
  },
];
const ticketColumns: ColumnDef<Activity['tickets'][number], unknown>[] = [
  { accessorKey: 'ticket_id', header: 'Ticket', meta: { numeric: true } },
  { accessorKey: 'subject', header: 'Subject' },
  { accessorKey: 'category', header: 'Category' },
  {
    accessorKey: 'status',
    header: 'Status',
    cell: ({ getValue }) => <Badge status={getValue<string>()} />,
  },
  {
    accessorKey: 'updated',
    header: 'Updated',
    cell: ({ getValue }) => <When at={getValue<string>()} />,
  },
];
const sessionColumns: ColumnDef<Activity['sessions'][number], unknown>[] = [
  { accessorKey: 'contact', header: 'Contact' },
  {
    accessorKey: 'user_agent',
    header: 'Device',
    cell: ({ getValue }) => <span className="muted">{getValue<string | null>() ?? '—'}</span>,
  },
  {
    accessorKey: 'started',
    header: 'Signed in',
    cell: ({ getValue }) => <When at={getValue<string>()} />,
  },
  {
    accessorKey: 'last_used',
    header: 'Last used',
    cell: ({ getValue }) => <When at={getValue<string>()} />,
  },
];
const messageColumns: ColumnDef<Activity['messages'][number], unknown>[] = [
  {
    accessorKey: 'created',
    header: 'When',
    cell: ({ getValue }) => <When at={getValue<string>()} />,
  },
  { accessorKey: 'channel', header: 'Channel' },
  { accessorKey: 'to', header: 'To' },
  {
    accessorKey: 'subject',
    header: 'Subject',
    cell: ({ getValue }) => getValue<string | null>() ?? '—',
  },
  {
    accessorKey: 'status',
    header: 'Status',
    cell: ({ getValue }) => <Badge status={getValue<string>()} />,
  },
];

/** The customer view's history: billing, tickets, who is signed in, what we sent them. */
export function AccountActivity({ accountid }: { accountid: number }) {
  const activity = useQuery({
    queryKey: ['activity', accountid],
    queryFn: ({ signal }) =>
      call(adminRoutes.adminAccountActivity, { params: { accountid: String(accountid) }, signal }),
  });
  return (
    <QueryView query={activity} loading="Loading their activity">
      {(a) => (
        <>
          <Section title="Billing activity" count={a.transactions.length}>
            <DataTable
              label="Billing activity"
              columns={transactionColumns}
              data={a.transactions}
              empty="No billing activity yet."
            />
          </Section>
          <div className="panel-pair">
            <Section title="Invoices" count={a.invoices.length}>
              <DataTable
                label="Invoices"
                columns={invoiceColumns}
                data={a.invoices}
                empty="No invoices yet."
              />
            </Section>
            <Section title="Tickets" count={a.tickets.length}>
              <DataTable
                label="Tickets"
                columns={ticketColumns}
                data={a.tickets}
                empty="No tickets."
              />
            </Section>
          </div>
          <div className="panel-pair">
            <Section title="Signed in now" count={a.sessions.length}>
              <DataTable
                label="Signed-in sessions"
                columns={sessionColumns}
                data={a.sessions}
                empty="Nobody is signed in."
              />
            </Section>
            <Section title="Messages sent" count={a.messages.length}>
              <DataTable
                label="Messages sent"
                columns={messageColumns}
                data={a.messages}
                empty="Nothing sent yet."
              />
            </Section>
          </div>
        </>
      )}
    </QueryView>
  );
}
