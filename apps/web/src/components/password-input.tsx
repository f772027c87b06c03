import { type InputHTMLAttributes, type Ref, useState } from 'react';
import { EyeIcon, EyeOffIcon } from './icons';

export type PasswordInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  id: string;
  /** What the eye button shows and hides, for its name: 'Show password', 'Hide new password'. */
  toggleSubject?: string;
  ref?: Ref<HTMLInputElement>;
};

/** A password input with an eye toggle that shows the password as typed. */
export function PasswordInput({ toggleSubject = 'password', ref, ...input }: PasswordInputProps) {
  const [shown, setShown] = useState(false);
  return (
    <div className="field__with-button">
      <input ref={ref} {...input} type={shown ? 'text' : 'password'} />
      <button
        type="button"
        className="icon-button field__button"
        aria-label={`${shown ? 'Hide' : 'Show'} ${toggleSubject}`}
        aria-pressed={shown}
        aria-controls={input.id}
        onClick={() => setShown((current) => !current)}
      >
        {shown ? <EyeOffIcon /> : <EyeIcon />}
      </button>
    </div>
  );
}
