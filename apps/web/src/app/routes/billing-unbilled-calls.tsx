import { UnbilledCallsPage } from '@/features/billing/components/unbilled-calls-page';

export { UnbilledCallsPage as Component };
