import type { FieldValues, Path } from 'react-hook-form';
import { Field } from '@/components/form/field';
import { sanitizeAmount } from '../utils/amount';

/**
 * The dollar amount input (spec 3 section 5): what is typed is cleaned as it is typed (digits and
 * one point, a leading '.' becomes '0.', 6 characters, 2 decimals).
 */
export function AmountField<V extends FieldValues>({
  name,
  hint,
}: {
  name: Path<V>;
  hint?: string;
}) {
  return (
    <Field<V>
      name={name}
      label="Amount"
      {...(hint ? { hint } : {})}
      inputMode="decimal"
      autoComplete="off"
      className="amount-field"
      control={(props) => (
        <div className="amount-field__box">
          <span className="amount-field__prefix" aria-hidden="true">
            $
          </span>
          <input
            {...props}
            onChange={(event) => {
              event.target.value = sanitizeAmount(event.target.value);
              void props.onChange?.(event);
            }}
          />
        </div>
      )}
    />
  );
}
