import { useId, type ComponentProps, type ReactNode } from 'react';

/**
 * The console's one form field: a label, the control, a hint and the error under it, tied
 * together for screen readers (aria-describedby, aria-invalid). Takes react-hook-form's
 * `register(...)` props like an input does.
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
  as?: 'input' | 'select';
  children?: ReactNode;
} & ComponentProps<'input'> &
  ComponentProps<'select'>) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  const shared = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {as === 'select' ? (
        <select {...(control as ComponentProps<'select'>)} {...shared}>
          {children}
        </select>
      ) : (
        <input {...(control as ComponentProps<'input'>)} {...shared} />
      )}
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
