import { MyTicketsPage } from '@/features/support/components/my-tickets-page';

/** /support/my-tickets (view-tickets; docs/decisions/017). */
export { MyTicketsPage as Component };
