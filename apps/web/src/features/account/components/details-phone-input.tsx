import { stripPhoneInput } from '@outpost/domain/contacts-rules';
import type { ControlProps } from '@/components/form/field';

/**
 * The contact number control for a Field (My Details, Preferences, Add Contact): numeric keyboard,
 * and only digits stay (the letter 'e' a number input would take, spaces and dashes are removed
 * as they are typed or pasted); the caret stays where the user was typing. Autofill offers the
 * user's own number unless the field says otherwise (another person's number: 'off').
 */
export function PhoneInput(props: ControlProps) {
  const { onChange } = props;
  return (
    <input
      autoComplete="tel"
      {...props}
      type="text"
      inputMode="numeric"
      onChange={(event) => {
        const input = event.target;
        const digits = stripPhoneInput(input.value);
        if (digits !== input.value) {
          const caret = stripPhoneInput(input.value.slice(0, input.selectionStart ?? 0)).length;
          input.value = digits;
          input.setSelectionRange(caret, caret);
        }
        onChange?.(event);
      }}
    />
  );
}
