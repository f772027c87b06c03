import type { FieldValues, Path } from 'react-hook-form';
import { CodeInput } from '@/components/form/code-input';
import { Field } from '@/components/form/field';

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
    <Field<V> name={name} label={label} hint={hint} control={(props) => <CodeInput {...props} />} />
  );
}
