import { messages } from '@outpost/contracts/messages';
import { BillingLayout } from './billing-layout';

/**
 * /billing/unbilled-calls: listed but disabled (spec 3 section 2.3). Opened by its address, it
 * says why there is nothing here and where the calls will show, rather than a bare heading.
 */
export function UnbilledCallsPage() {
  return (
    <BillingLayout>
      <h2>Unbilled Calls</h2>
      <p>{messages.billing.unbilledCallsUnavailable}</p>
    </BillingLayout>
  );
}
