import { NetworkStatusPage } from '@/features/support/components/network-status-page';

/** /support/network-status (spec 3 section 2.7; docs/decisions/019). */
export { NetworkStatusPage as Component };
