import { OneOffPaymentPage } from '@/features/billing/components/one-off-payment-page';

export { OneOffPaymentPage as Component };
