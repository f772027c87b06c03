import { NewTicketPage } from '@/features/support/components/new-ticket-page';

/** /support/new-ticket, Make a Request (spec 2 section 2; docs/decisions/017). */
export { NewTicketPage as Component };
