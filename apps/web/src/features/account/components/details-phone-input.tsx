import { stripPhoneInput } from '@outpost/domain/own-contact-rules';
import type { ControlProps } from '@/components/form/field';

/**
 * The contact number control for a Field: numeric keyboard, and only digits stay (the letter 'e'
 * a number input would take, spaces and dashes are removed as they are typed or pasted).
 */
export function PhoneInput(props: ControlProps) {
  const { onChange } = props;
  return (
    <input
      {...props}
      type="text"
      inputMode="numeric"
      autoComplete="tel"
      onChange={(event) => {
        event.target.value = stripPhoneInput(event.target.value);
        onChange?.(event);
      }}
    />
  );
}
