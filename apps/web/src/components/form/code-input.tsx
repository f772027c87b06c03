import type { ComponentProps } from 'react';

/** Pasted '123 456' becomes '123456': digits only, six at most. */
export const codeDigits = (value: string) => value.replace(/[^0-9]/g, '').slice(0, 6);

/** A 6-digit code's input (a Field's control): the phone's code keyboard and autofill, digits only. */
export function CodeInput(props: ComponentProps<'input'>) {
  return (
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
  );
}
