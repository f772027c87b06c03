import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { type FieldValues, type Path, useFormContext } from 'react-hook-form';

/** A choice of a select Field. */
export type FieldOption = { value: string; label: string };

/** What a Field hands its control: wire these onto the input (or use the default input). */
export type ControlProps = InputHTMLAttributes<HTMLInputElement> & {
  id: string;
  name: string;
  ref: (element: HTMLInputElement | null) => void;
};

export type FieldProps<V extends FieldValues> = {
  name: Path<V>;
  label: ReactNode;
  /** Shown under the label and read with the field. */
  hint?: ReactNode;
  /** Shown after the input (a live counter, the password hints), also read with the field. */
  after?: ReactNode;
  /** A control other than a plain input (a password input with its eye button). */
  control?: (props: ControlProps) => ReactNode;
  /** A select instead of an input, with these choices. */
  options?: readonly FieldOption[];
  /** With `options`: a first, empty choice ('Select a role'), chosen while nothing else is. */
  emptyOption?: string;
  className?: string;
} & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'name' | 'id' | 'children' | 'className' | 'aria-invalid' | 'aria-describedby'
>;

/**
 * The one form field (ARCHITECTURE section 6): label, hint, the error from the form's rules,
 * `aria-invalid` and `aria-describedby` wired, and editing the field clears its error. Used
 * inside a react-hook-form `FormProvider`; the form focuses the first field in error on submit.
 */
export function Field<V extends FieldValues>({
  name,
  label,
  hint,
  after,
  control,
  options,
  emptyOption,
  className,
  ...input
}: FieldProps<V>) {
  const ids = useId();
  const { register, formState, clearErrors } = useFormContext<V>();
  const error = formState.errors[name]?.message;
  const message = typeof error === 'string' ? error : undefined;
  const id = `${ids}-input`;
  const hintId = `${ids}-hint`;
  const errorId = `${ids}-error`;
  const afterId = `${ids}-after`;
  const describedBy = [message && errorId, hint && hintId, after && afterId]
    .filter(Boolean)
    .join(' ');
  const registered = register(name, {
    onChange: () => {
      if (formState.errors[name]) clearErrors(name);
    },
  });
  const props: ControlProps = {
    ...input,
    ...registered,
    id,
    ...(message ? { 'aria-invalid': true as const } : {}),
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
  };
  return (
    <div className={['field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {options ? (
        <select
          {...registered}
          id={id}
          disabled={input.disabled}
          aria-invalid={message ? true : undefined}
          aria-describedby={describedBy || undefined}
        >
          {emptyOption !== undefined && <option value="">{emptyOption}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : control ? (
        control(props)
      ) : (
        <input {...props} />
      )}
      {message && (
        <p id={errorId} className="field__error">
          {message}
        </p>
      )}
      {after && <div id={afterId}>{after}</div>}
    </div>
  );
}
