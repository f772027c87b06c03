import type { ColumnDef } from '@tanstack/react-table';
import { useMutation, useQuery } from '@tanstack/react-query';
import { FileDown } from 'lucide-react';
import { adminRoutes } from '@outpost/contracts/admin';
import { call, download } from '../api';
import { DataTable } from '../components/data-table';
import { Badge, ErrorNotice, Money, QueryView, Section, When } from '../components/ui';

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
type Invoice = Activity['invoices'][number];

/** The invoices, each with its PDF (the one the customer downloads) a click away. */
function invoiceColumns(
  onPdf: (invoice: Invoice) => void,
  fetching: number | null,
): ColumnDef<Invoice, unknown>[] {
  return [
    ...invoiceFields,
    {
      id: 'pdf',
      header: () => <span className="visually-hidden">PDF</span>,
      enableSorting: false,
      cell: ({ row }) => (
        <div className="row-actions">
          <button
            type="button"
            className="button quiet small"
            aria-label={`Download invoice ${row.original.number} as PDF`}
            disabled={fetching === row.original.invoice_id}
            onClick={() => onPdf(row.original)}
          >
            <FileDown size={14} aria-hidden="true" />
            {fetching === row.original.invoice_id ? 'Fetching…' : 'PDF'}
          </button>
        </div>
      ),
    },
  ];
}
const invoiceFields: ColumnDef<Invoice, unknown>[] = [
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

const orderColumns: ColumnDef<Activity['orders'][number], unknown>[] = [
  {
    accessorKey: 'created',
    header: 'Ordered',
    cell: ({ getValue }) => <When at={getValue<string>()} date />,
  },
  {
    accessorKey: 'subject',
    header: 'Order',
    cell: ({ row }) => (
      <div className="cell-stack">
        <span>{row.original.subject}</span>
        <span className="muted">
          Ticket {row.original.ticket_id}
          {row.original.service ? ` · ${row.original.service}` : ''}
        </span>
      </div>
    ),
  },
  {
    accessorKey: 'status',
    header: 'Status',
    cell: ({ getValue }) => <Badge status={getValue<string>()} />,
  },
  {
    id: 'price',
    header: 'Price',
    meta: { numeric: true },
    accessorFn: (o) => o.price_cents ?? o.monthly_cents ?? 0,
    cell: ({ row }) => {
      const o = row.original;
      if (o.price_cents !== null) return <Money cents={o.price_cents} />;
      if (o.monthly_cents !== null)
        return (
          <>
            <Money cents={o.monthly_cents} /> a month
          </>
        );
      return <span className="muted">—</span>;
    },
  },
];
const callbackColumns: ColumnDef<Activity['callbacks'][number], unknown>[] = [
  {
    accessorKey: 'slot',
    header: 'Call at',
    cell: ({ getValue }) => <When at={getValue<string>()} />,
  },
  {
    accessorKey: 'reason',
    header: 'Topic',
    cell: ({ row }) => (
      <div className="cell-stack">
        <span>{row.original.reason}</span>
        <span className="muted">
          {row.original.team === 'sales' ? 'Sales' : 'Technical'} · {row.original.contact},{' '}
          {row.original.phone}
        </span>
      </div>
    ),
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
  const pdf = useMutation({
    mutationFn: (invoice: Invoice) =>
      download(adminRoutes.adminInvoicePdf, {
        params: { accountid: String(accountid), invoiceid: String(invoice.invoice_id) },
      }),
  });
  const fetching = pdf.isPending ? (pdf.variables?.invoice_id ?? null) : null;
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
              {pdf.isError ? <ErrorNotice error={pdf.error} /> : null}
              <DataTable
                label="Invoices"
                columns={invoiceColumns((invoice) => pdf.mutate(invoice), fetching)}
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
            <Section title="Orders" count={a.orders.length}>
              <DataTable
                label="Orders"
                columns={orderColumns}
                data={a.orders}
                empty="No orders: no products, call barring, landline options or transfers asked for."
              />
            </Section>
            <Section title="Callbacks" count={a.callbacks.length}>
              <DataTable
                label="Callbacks"
                columns={callbackColumns}
                data={a.callbacks}
                empty="No callbacks booked."
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
