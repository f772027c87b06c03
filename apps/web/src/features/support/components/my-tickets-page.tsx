import { messages } from '@outpost/contracts/messages';
import type { TicketListItem } from '@outpost/contracts/tickets';
import { useId } from 'react';
import { Link } from 'react-router';
import { type DataTableColumn, DataTable } from '@/components/data-table';
import { LoadError } from '@/components/load-error';
import { useTickets } from '../api/get-tickets';
import { ticketTime } from '../utils/tickets';
import { SupportLayout } from './support-layout';
import { TicketStatus } from './ticket-status';
import './tickets.css';
import { LoadingState } from '@/components/loading-state';

/** Rows the skeleton keeps room for (the demo holder has three tickets). */
const SKELETON_ROWS = 3;

// On a phone a row is a link to the ticket: its subject, its number and when it was updated,
// and its status on the right; the ticket's page has the rest.
const columns: DataTableColumn<TicketListItem>[] = [
  {
    id: 'number',
    header: 'Ticket',
    rowHeader: true,
    narrow: 'secondary',
    narrowCell: (t) => t.number,
    cell: (t) => (
      <Link to={`/support/my-tickets/${t.ticketid}`}>
        {t.number}
        <span className="visually-hidden">: {t.subject}</span>
      </Link>
    ),
  },
  {
    id: 'subject',
    header: 'Subject',
    narrow: 'primary',
    cell: (t) => t.subject,
    narrowCell: (t) => <Link to={`/support/my-tickets/${t.ticketid}`}>{t.subject}</Link>,
    className: 'tickets__subject',
  },
  { id: 'service', header: 'Service', narrow: 'none', cell: (t) => t.service_name ?? 'General' },
  {
    id: 'status',
    header: 'Status',
    narrow: 'trailing',
    cell: (t) => <TicketStatus status={t.status} label={t.status_label} />,
  },
  {
    id: 'updated',
    header: 'Updated',
    narrow: 'secondary',
    cell: (t) => ticketTime(t.updated),
  },
];

/**
 * /support/my-tickets (view-tickets; docs/decisions/017 "Tickets"): the account's tickets, newest
 * updated first, with the spec's status labels, and 'Make a Request' for a new one.
 */
export function MyTicketsPage() {
  const ids = useId();
  const tickets = useTickets();
  return (
    <SupportLayout title="My Tickets">
      <section className="page-section tickets" aria-labelledby={`${ids}-heading`}>
        <div className="tickets__header">
          <h2 id={`${ids}-heading`}>Your requests</h2>
          <Link to="/support/new-ticket" className="button button--primary">
            Make a Request
          </Link>
        </div>
        {tickets.isError ? (
          <LoadError
            error={messages.tickets.loadFailed}
            onRetry={() => void tickets.refetch()}
            resetKey={tickets.errorUpdatedAt}
          />
        ) : tickets.isPending ? (
          <LoadingState placeholder={<TicketsSkeleton />} />
        ) : (
          <DataTable
            rows={tickets.data}
            columns={columns}
            rowKey={(t) => t.ticketid}
            caption="Your support tickets"
            captionHidden
            className="tickets__table"
            empty={
              <p className="tickets__empty">
                You have no support tickets. If something is not right with a service, or you have a
                question for us, choose Make a Request.
              </p>
            }
          />
        )}
      </section>
    </SupportLayout>
  );
}

/** The table's room while it loads, so nothing moves when it arrives. */
function TicketsSkeleton() {
  return (
    <div className="tickets__skeleton" aria-busy="true">
      <p className="visually-hidden" role="status">
        Loading your tickets…
      </p>
      <div className="skeleton" aria-hidden="true">
        {Array.from({ length: SKELETON_ROWS + 1 }, (_, i) => (
          <span key={i} className="skeleton__line tickets__skeleton-row" />
        ))}
      </div>
    </div>
  );
}
