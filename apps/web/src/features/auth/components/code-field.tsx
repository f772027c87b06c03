import type { FieldValues, Path } from 'react-hook-form';
import { Field } from '@/components/form/field';

/** Pasted '123 456' becomes '123456': digits only, six at most. */
export const codeDigits = (value: string) => value.replace(/[^0-9]/g, '').slice(0, 6);

/** A 6-digit code field (two-factor login, verify access): the phone's code keyboard and autofill. */
export function CodeField<V extends FieldValues>({
  name,
  hint,
  label = 'Verification code',
}: {
  name: Path<V>;
  hint: string;
  label?: string;
}) {
  return (
    <Field<V>
      name={name}
      label={label}
      hint={hint}
      control={(props) => (
        <input
          {...props}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          onChange={(event) => {
            event.target.value = codeDigits(event.target.value);
            void props.onChange?.(event);
          }}
        />
      )}
    />
  );
}
