import type { FieldValues, Path } from 'react-hook-form';
import { Field } from '@/components/form/field';

/** The 'Email, mobile or username' field of access recovery (request and verify). */
export function ContactField<V extends FieldValues>({ name }: { name: Path<V> }) {
  return (
    <Field<V>
      name={name}
      label="Email, mobile or username"
      type="text"
      autoComplete="username"
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
    />
  );
}
