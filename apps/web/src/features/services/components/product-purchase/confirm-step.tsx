import type { Product } from '@outpost/contracts/orders';
import type { Service } from '@outpost/contracts/services';
import { formatMoney } from '@outpost/domain/format';
import { ReviewList } from '@/components/review-list';
import { serviceLabel } from '../../utils/service-display';
import { chargeText, DELIVERY_TEXT, type PurchaseValues } from './purchase-form';

/** An address as its lines. */
function addressLines(line1: string, line2: string, suburb: string, state: string, pc: string) {
  return (
    <span className="product-address">
      <span>{line1.trim()}</span>
      {line2.trim() !== '' && <span>{line2.trim()}</span>}
      <span>{`${suburb.trim()} ${state} ${pc.trim()}`}</span>
    </span>
  );
}

type ConfirmStepProps = {
  service: Service;
  chosen: Product;
  values: PurchaseValues;
  onChangeProduct: () => void;
  onChangeAddress: () => void;
};

/** Step 3: the order to confirm, with the price on the next invoice and the delivery time. */
export function ConfirmStep({
  service,
  chosen,
  values: v,
  onChangeProduct,
  onChangeAddress,
}: ConfirmStepProps) {
  return (
    <>
      <ReviewList
        items={[
          ['Service', serviceLabel(service)],
          ['Product', `${chosen.name} (${chosen.model})`],
          ['Price', formatMoney(chosen.price)],
          ['RRP', formatMoney(chosen.rrp)],
          [
            'Shipping address',
            addressLines(
              v.shipping_addr_line1,
              v.shipping_addr_line2,
              v.shipping_suburb,
              v.shipping_state,
              v.shipping_postcode,
            ),
          ],
          [
            'Billing address',
            v.billing_same
              ? 'Same as shipping address'
              : addressLines(
                  v.billing_addr_line1,
                  v.billing_addr_line2,
                  v.billing_suburb,
                  v.billing_state,
                  v.billing_postcode,
                ),
          ],
        ]}
      />
      <p className="product-edits">
        <button type="button" className="button button--link" onClick={onChangeProduct}>
          Change the product
        </button>
        <button type="button" className="button button--link" onClick={onChangeAddress}>
          Change the address
        </button>
      </p>
      <ul className="review-notes">
        <li>{DELIVERY_TEXT}</li>
        <li>{chargeText(chosen.price)}</li>
      </ul>
    </>
  );
}
