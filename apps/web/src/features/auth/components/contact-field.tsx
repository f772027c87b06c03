import type { Ref } from 'react';

type ContactFieldProps = {
  id: string;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
  describedBy: string | undefined;
  inputRef: Ref<HTMLInputElement>;
};

/** The 'Email, mobile or username' field of access recovery (request and verify). */
export function ContactField({
  id,
  value,
  onChange,
  invalid,
  describedBy,
  inputRef,
}: ContactFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>Email, mobile or username</label>
      <input
        ref={inputRef}
        id={id}
        name="contact"
        type="text"
        autoComplete="username"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
