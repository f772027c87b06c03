import { type ButtonHTMLAttributes, useId } from 'react';
import { useServerAction } from '@/lib/online';

/**
 * A button whose action needs the server (a payment, a purchase, a plan change, any other change):
 * offline it is disabled, with the plain reason beside it (lib/online.ts), instead of failing.
 */
export function ServerActionButton({
  disabled,
  className = 'button button--primary',
  type = 'button',
  children,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement>) {
  const action = useServerAction();
  const reasonId = useId();
  return (
    <>
      <button
        {...props}
        type={type}
        className={className}
        disabled={disabled || action.disabled}
        aria-describedby={action.reason ? reasonId : props['aria-describedby']}
      >
        {children}
      </button>
      {action.reason && <ServerActionReason id={reasonId} reason={action.reason} />}
    </>
  );
}

/** The reason an action is disabled (offline), where the action is. */
export function ServerActionReason({ id, reason }: { id?: string; reason: string }) {
  return (
    <p id={id} className="server-action-reason">
      {reason}
    </p>
  );
}
