import { BILLING_FIELDS } from '@outpost/domain/product-address';
import { AU_STATE_OPTIONS } from '@outpost/domain/au-states';
import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { Field } from '@/components/form/field';
import type { PurchaseValues } from './purchase-form';

/** Step 2: the shipping address and, unless it is the same, the billing address. */
export function AddressStep() {
  const ids = useId();
  const form = useFormContext<PurchaseValues>();
  const billingSame = form.watch('billing_same');
  return (
    <div className="form">
      <fieldset className="product-fieldset">
        <legend className="choice-group__legend">Shipping address</legend>
        <AddressFields kind="shipping" />
      </fieldset>
      <div className="choice">
        <input
          type="checkbox"
          id={`${ids}-same`}
          {...form.register('billing_same', {
            onChange: () => form.clearErrors([...BILLING_FIELDS]),
          })}
        />
        <label htmlFor={`${ids}-same`} className="choice__label">
          Billing address same as shipping address
        </label>
      </div>
      {!billingSame && (
        <fieldset className="product-fieldset">
          <legend className="choice-group__legend">Billing address</legend>
          <AddressFields kind="billing" />
        </fieldset>
      )}
    </div>
  );
}

const addressLabels = {
  shipping: { line1: 'Shipping Address line 1', line2: 'Shipping Address line 2 (optional)' },
  billing: { line1: 'Billing Address line 1', line2: 'Billing Address line 2 (optional)' },
} as const;

/** One address: two lines, suburb, state (the spec's order) and postcode; autofill-aware. */
function AddressFields({ kind }: { kind: 'shipping' | 'billing' }) {
  const labels = addressLabels[kind];
  const auto = (token: string) => `${kind} ${token}`;
  return (
    <div className="form">
      <Field<PurchaseValues>
        name={`${kind}_addr_line1`}
        label={labels.line1}
        type="text"
        autoComplete={auto('address-line1')}
        maxLength={80}
      />
      <Field<PurchaseValues>
        name={`${kind}_addr_line2`}
        label={labels.line2}
        type="text"
        autoComplete={auto('address-line2')}
        maxLength={80}
      />
      <Field<PurchaseValues>
        name={`${kind}_suburb`}
        label="Suburb"
        type="text"
        autoComplete={auto('address-level2')}
        maxLength={80}
      />
      <div className="field-row">
        <Field<PurchaseValues>
          name={`${kind}_state`}
          label="State"
          emptyOption="Select a state"
          options={AU_STATE_OPTIONS}
        />
        <Field<PurchaseValues>
          name={`${kind}_postcode`}
          label="Postcode"
          type="text"
          inputMode="numeric"
          autoComplete={auto('postal-code')}
          maxLength={4}
        />
      </div>
    </div>
  );
}
