import { TicketPage } from '@/features/support/components/ticket-page';

/** /support/my-tickets/:ticketid (view-tickets; docs/decisions/017). */
export { TicketPage as Component };
