import { useId, type ComponentProps, type ReactNode } from 'react';

/**
 * The console's one form field: a label, the control (an input, a select or a textarea), a hint
 * and the error under it, tied together for screen readers (aria-describedby, aria-invalid).
 * Takes react-hook-form's `register(...)` props like an input does.
 */
export function Field({
  label,
  hint,
  error,
  as = 'input',
  children,
  ...control
}: {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  as?: 'input' | 'select' | 'textarea';
  children?: ReactNode;
} & ComponentProps<'input'> &
  ComponentProps<'select'> &
  ComponentProps<'textarea'>) {
  const id = useId();
  const shared = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': fieldDescribedBy(id, hint, error),
  };
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {as === 'select' ? (
        <select {...(control as ComponentProps<'select'>)} {...shared}>
          {children}
        </select>
      ) : as === 'textarea' ? (
        <textarea {...(control as ComponentProps<'textarea'>)} {...shared} />
      ) : (
        <input {...(control as ComponentProps<'input'>)} {...shared} />
      )}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/**
 * A field's hint and error under its control, with the ids the control names in
 * aria-describedby (`fieldDescribedBy`): shared by `Field` and `Combobox`.
 */
export function FieldNotes({
  id,
  hint,
  error,
}: {
  id: string;
  hint?: ReactNode;
  error?: string | undefined;
}) {
  return (
    <>
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </>
  );
}

/** The ids of a field's hint and error, as its control's aria-describedby (or undefined). */
export function fieldDescribedBy(id: string, hint: unknown, error: unknown): string | undefined {
  return (
    [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') ||
    undefined
  );
}
