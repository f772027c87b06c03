import { RecurringPaymentPage } from '@/features/billing/components/recurring-payment-page';

export { RecurringPaymentPage as Component };
